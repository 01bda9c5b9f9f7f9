-- Issue 43, point 3: a passkey is a credential of its own, and a planted one (registered with a
-- stolen password) must not survive the paths an owner takes to win the account back. Every such
-- path ends the account's passkeys here, in SQL, so no server path and no operator command can
-- forget it:
--   * any change of the password (recovery, Keamanan, `npm run user -- set-password`, the admin
--     API), unless the request said to keep them (the recovery screen asks; the server sets
--     `skadron.keep_passkeys` for that one transaction);
--   * the reset of the second step, by a superadmin ('Atur Ulang Verifikasi 2 Langkah'), by
--     `npm run user -- reset-mfa` or through the admin API (its audit record, below);
--   * an account that stops being approved (suspension, refusal).
-- auth.webauthn_credentials is this server's (GoTrue's passkey table): on a project without it
-- the helper does nothing.
create function private.end_passkeys(member uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  removed integer := 0;
begin
  if to_regclass('auth.webauthn_credentials') is not null then
    execute 'delete from auth.webauthn_credentials where user_id = $1' using member;
    get diagnostics removed = row_count;
  end if;
  return removed;
end
$$;
revoke execute on function private.end_passkeys(uuid) from public, anon, authenticated;

create function private.end_passkeys_with_password() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.encrypted_password is distinct from old.encrypted_password
     and coalesce(current_setting('skadron.keep_passkeys', true), '') <> 'on' then
    perform private.end_passkeys(new.id);
  end if;
  return new;
end
$$;
revoke execute on function private.end_passkeys_with_password() from public, anon, authenticated;

create trigger users_end_passkeys_with_password after update of encrypted_password on auth.users
  for each row execute function private.end_passkeys_with_password();

create or replace function public.revoke_sessions_when_unapproved() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'approved' and old.status is distinct from new.status then
    delete from auth.sessions where user_id = new.id;
    perform private.end_passkeys(new.id);
  end if;
  return new;
end
$$;

-- A reset of the second step, wherever it is made (reset_second_step, `npm run user --
-- reset-mfa`, the admin API removing a factor), is recorded as `user.mfa_reset`: the record ends
-- the member's passkeys too, so no reset path can leave them.
create function private.end_passkeys_with_second_step_reset() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.end_passkeys(new.target_id);
  return null;
end
$$;
revoke execute on function private.end_passkeys_with_second_step_reset() from public, anon, authenticated;

create trigger audit_log_second_step_reset_ends_passkeys after insert on public.audit_log
  for each row when (new.action = 'user.mfa_reset' and new.target_id is not null)
  execute function private.end_passkeys_with_second_step_reset();
