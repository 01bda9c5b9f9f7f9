-- 'Perangkat Aktif' (issue 23): a signed-in member lists their own sessions (device, address,
-- last use) to spot one they do not recognise, and ends the others with signOut({ scope: 'others' }).
-- auth.sessions is not readable through the API; this reads only the caller's rows.
create function private.own_sessions()
returns table (id uuid, user_agent text, ip text, created_at timestamptz, last_used_at timestamptz, aal text, current boolean)
language sql stable security definer set search_path = '' as $$
  select s.id, s.user_agent, host(s.ip), s.created_at,
    greatest(s.created_at, s.updated_at, s.refreshed_at::timestamptz), s.aal::text,
    s.id::text = coalesce((select auth.jwt()) ->> 'session_id', '')
  from auth.sessions s
  where s.user_id = (select auth.uid()) and (s.not_after is null or s.not_after > now())
  order by 5 desc
$$;
revoke execute on function private.own_sessions() from public, anon;
grant execute on function private.own_sessions() to authenticated, service_role;

create function public.own_sessions()
returns table (id uuid, user_agent text, ip text, created_at timestamptz, last_used_at timestamptz, aal text, current boolean)
language sql stable security invoker set search_path = '' as $$
  select * from private.own_sessions()
$$;
revoke execute on function public.own_sessions() from public, anon;
grant execute on function public.own_sessions() to authenticated, service_role;
