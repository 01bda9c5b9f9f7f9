-- Issue 43, point 3: a passkey is a credential of its own, and a planted one (registered with a
-- stolen password) must not survive the paths an owner takes to win the account back. Every such
-- path ends the account's passkeys here, in SQL, so no server path and no operator command can
-- forget it:
--   * any change of the password (recovery, Keamanan, `npm run user -- set-password`, the admin
--     API), unless the request said to keep them (the recovery screen asks; the server sets
--     `skadron.keep_passkeys` for that one transaction);
--   * the reset of the second step, by a superadmin ('Atur Ulang Verifikasi 2 Langkah') or by
--     `npm run user -- reset-mfa` (private.end_passkeys is called by both);
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

-- As 20261124190100, and the passkeys go with the factors.
create or replace function private.reset_second_step(member uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  label text;
  removed integer;
begin
  if not private.is_superadmin() then
    raise exception 'Hanya superadmin yang dapat mengatur ulang verifikasi dua langkah.' using errcode = '42501';
  end if;
  if not private.second_step_satisfied() then
    raise exception 'Masukkan kode verifikasi dua langkah Anda terlebih dahulu.' using errcode = '42501';
  end if;
  if member = (select auth.uid()) then
    raise exception 'Atur verifikasi dua langkah Anda sendiri di halaman Akun Saya.' using errcode = '42501';
  end if;
  select coalesce(nullif(btrim(p.full_name), ''), p.email) into label from public.profiles p where p.id = member;
  if not found then
    raise exception 'Pengguna tidak ditemukan.' using errcode = 'P0002';
  end if;
  delete from auth.mfa_factors where user_id = member;
  get diagnostics removed = row_count;
  removed := removed + private.end_passkeys(member);
  delete from auth.sessions where user_id = member;
  perform private.write_audit('user.mfa_reset', 'user', member, label, '{}'::jsonb);
  if removed > 0 then
    insert into private.account_notices (profile_id, kind) values (member, 'second_step_reset');
    perform pg_notify('account_notices', '');
  end if;
end
$$;
revoke execute on function private.reset_second_step(uuid) from public, anon;
grant execute on function private.reset_second_step(uuid) to authenticated, service_role;
