-- 'Perangkat Aktif' (issue 44): each of one's own other sessions can be ended on its own, not only
-- all of them at once. Deleting the row ends it everywhere: its refresh tokens go with it (foreign
-- key), REST refuses its access tokens (private.session_is_live) and the platform trigger tells
-- storage and realtime (NOTIFY auth_session_end).
-- The definer lives in private, behind an invoker wrapper in public, as own_sessions() does: no
-- SECURITY DEFINER function in an exposed schema (tests/security/catalog.test.ts).
create function private.end_own_session(target_session uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not private.session_is_live() then
    raise exception 'Sesi Anda telah berakhir. Silakan masuk kembali.' using errcode = '42501';
  end if;
  if target_session::text = (select auth.jwt()) ->> 'session_id' then
    raise exception 'Perangkat ini tidak dapat dikeluarkan dari sini; gunakan Keluar.' using errcode = '22023';
  end if;
  delete from auth.sessions s where s.id = target_session and s.user_id = (select auth.uid());
  if not found then
    raise exception 'Sesi tidak ditemukan atau sudah berakhir.' using errcode = 'PT404';
  end if;
end
$$;
revoke execute on function private.end_own_session(uuid) from public, anon;
grant execute on function private.end_own_session(uuid) to authenticated, service_role;

create function public.end_own_session(target_session uuid) returns void
language sql security invoker set search_path = '' as $$
  select private.end_own_session(target_session)
$$;
revoke execute on function public.end_own_session(uuid) from public, anon;
grant execute on function public.end_own_session(uuid) to authenticated, service_role;
