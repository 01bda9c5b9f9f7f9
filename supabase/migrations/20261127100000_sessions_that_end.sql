-- Sessions that end, end (issue 30). An access token stays valid until `exp`, but the session it
-- names can end earlier: sign-out, a password change, a second step reset, a suspended or deleted
-- account. Every staff policy already reads the caller's role through private.current_profile_role();
-- that helper now also requires the token's `session_id` to name a live row of auth.sessions, so an
-- ended session's token reads nothing private and writes nothing, here and on hosted Supabase (whose
-- GoTrue puts `session_id` in every access token and keeps auth.sessions the same way).
-- Public reading never calls these helpers, so it never depends on a session.

-- The helpers are PL/pgSQL, not SQL: PL/pgSQL keeps each statement's plan for the connection,
-- while a SECURITY DEFINER SQL function is planned again on every call (docs/benchmarks.md, issue
-- 30: that made a staff list twice as slow). The session is compared as text, so a missing or
-- forged session_id (not a uuid) names no session instead of failing a cast; only the caller's own
-- sessions are looked at, so a token cannot borrow another account's.
create function private.session_is_live() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from auth.sessions s
    where s.user_id = auth.uid()
      and s.id::text = auth.jwt() ->> 'session_id'
      and (s.not_after is null or s.not_after > now())
  );
end
$$;

create or replace function private.current_profile_role() returns public.app_role
language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select p.role from public.profiles p
    where p.id = auth.uid() and p.status = 'approved'
      and exists (
        select 1 from auth.sessions s
        where s.user_id = p.id
          and s.id::text = auth.jwt() ->> 'session_id'
          and (s.not_after is null or s.not_after > now())
      )
  );
end
$$;

-- The role questions on top of it, in PL/pgSQL for the same reason (their plans are kept too).
create or replace function private.is_approved() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.current_profile_role() is not null;
end
$$;

create or replace function private.is_staff() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce(private.current_profile_role() in ('admin', 'superadmin'), false);
end
$$;

create or replace function private.is_superadmin() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce(private.current_profile_role() = 'superadmin', false);
end
$$;

-- Writes of accounts that are not staff (one's own profile, avatar) pass this one as well.
create or replace function private.second_step_satisfied() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.session_is_live() and (
    coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or (
      not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = auth.uid() and f.status = 'verified'
      )
      and not (
        coalesce((select s.mfa_required_for_staff from public.security_settings s where s.id), false)
        and coalesce(private.current_profile_role() in ('admin', 'superadmin'), false)
      )
    )
  );
end
$$;

-- Private reading (issue 30 point 4): an account with a verified factor reads private rows only
-- from an aal2 session, so a password alone reads no inbox, revision, trash, draft of another
-- member, member list or audit log. An account without a factor is unchanged. The staff-wide
-- requirement stays a rule for writes: a staff member who has not enrolled yet must still be able
-- to read while enrolling.
create function private.second_step_for_reading() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.session_is_live() and (
    coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = auth.uid() and f.status = 'verified'
    )
  );
end
$$;

revoke execute on function private.session_is_live(), private.second_step_for_reading() from public;
grant execute on function private.session_is_live(), private.second_step_for_reading() to anon, authenticated, service_role;

create policy "Second step for reading messages" on public.contacts as restrictive
  for select to authenticated using ((select private.second_step_for_reading()));
create policy "Second step for reading revisions" on public.article_revisions as restrictive
  for select to authenticated using ((select private.second_step_for_reading()));
create policy "Second step for reading revisions" on public.gallery_revisions as restrictive
  for select to authenticated using ((select private.second_step_for_reading()));
create policy "Second step for reading revisions" on public.unit_page_revisions as restrictive
  for select to authenticated using ((select private.second_step_for_reading()));
create policy "Second step for reading the audit log" on public.audit_log as restrictive
  for select to authenticated using ((select private.second_step_for_reading()));
-- published articles stay readable to every signed-in account, and one's own drafts to their author
create policy "Second step for reading others' drafts" on public.articles as restrictive
  for select to authenticated
  using (published_at <= now() or author_id = (select auth.uid()) or (select private.second_step_for_reading()));
-- One's own profile row stays readable to one's own token after its session ended (others' rows
-- need a live session through is_approved): it holds nothing the token's claims do not already
-- carry but the status, and that is how an open tab learns its account was suspended.

create or replace function private.all_users()
returns table (id uuid, full_name text, email text, role public.app_role, status public.account_status)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_superadmin() then
    raise exception 'Hanya superadmin yang dapat melihat daftar pengguna.' using errcode = '42501';
  end if;
  if not private.second_step_for_reading() then
    raise exception 'Masukkan kode verifikasi dua langkah Anda terlebih dahulu.' using errcode = '42501';
  end if;
  return query
    select p.id, p.full_name, coalesce(p.email, u.email)::text, p.role, p.status
    from public.profiles p left join auth.users u on u.id = p.id
    order by p.created_at desc;
end
$$;

-- 'Perangkat Aktif' lists nothing to a token whose session has ended.
create or replace function private.own_sessions()
returns table (id uuid, user_agent text, ip text, created_at timestamptz, last_used_at timestamptz, aal text, current boolean)
language sql stable security definer set search_path = '' as $$
  select s.id, s.user_agent, host(s.ip), s.created_at,
    greatest(s.created_at, s.updated_at, s.refreshed_at::timestamptz), s.aal::text,
    s.id::text = coalesce((select auth.jwt()) ->> 'session_id', '')
  from auth.sessions s
  where s.user_id = (select auth.uid()) and (s.not_after is null or s.not_after > now())
    and private.session_is_live()
  order by 5 desc
$$;
