-- Ended sessions for this server's own token check (server/auth/live-sessions.ts): every deleted
-- row of auth.sessions (sign-out, password change, second step reset, a deleted account's cascade)
-- sends NOTIFY auth_session_end with its id, delivered at commit and never for a rollback.
-- Hosted Supabase needs none of this: there the policies' private.session_is_live() decides.
-- Idempotent: runs on every start.
create or replace function auth.notify_session_end() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('auth_session_end', old.id::text);
  return null;
end
$$;
revoke all on function auth.notify_session_end() from public;

create or replace trigger zz_notify_session_end after delete on auth.sessions
  for each row execute function auth.notify_session_end();
