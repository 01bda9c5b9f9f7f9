-- Issue 43: passkeys and security keys are listed on Keamanan under a name their owner gives.
-- A key's name is a plain name (private.is_plain_name, migration 20261207020100) like the names of
-- people: it is shown on the sign-in step and in the account's lists, so no URL or markup. Checked
-- when a name is changed, whoever changes it (the passkey PATCH of the auth server, the rename
-- below, a direct write); names given at enrolment by other clients are left as GoTrue takes them.
create function private.require_plain_key_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.friendly_name is distinct from old.friendly_name and not private.is_plain_name(new.friendly_name) then
    raise exception 'Nama kunci hanya boleh berisi huruf, angka, spasi, dan tanda baca sederhana (titik, koma, apostrof, tanda hubung, kurung).'
      using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger mfa_factors_plain_name before update of friendly_name on auth.mfa_factors
  for each row execute function private.require_plain_key_name();

-- auth.webauthn_credentials (passkeys) is this server's, as GoTrue's newer schema has it; a project
-- without the table gets only the factor rule.
do $$
begin
  if to_regclass('auth.webauthn_credentials') is not null then
    create trigger webauthn_credentials_plain_name before update of friendly_name on auth.webauthn_credentials
      for each row execute function private.require_plain_key_name();
  end if;
end
$$;

-- GoTrue has no rename of a factor; the owner renames a verified one of their own here. Another
-- account's factor, an unverified one or an unknown id is "not found" alike, so the answer tells
-- nothing about other accounts. The definer lives in private behind an invoker wrapper, as
-- end_own_session() does.
create function private.rename_own_factor(target_factor uuid, new_name text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  wanted text := btrim(coalesce(new_name, ''));
  renamed integer;
begin
  if (select auth.uid()) is null or not private.session_is_live() then
    raise exception 'Sesi Anda telah berakhir. Silakan masuk kembali.' using errcode = '42501';
  end if;
  if wanted = '' or char_length(wanted) > 120 then
    raise exception 'Nama kunci wajib diisi, paling banyak 120 karakter.' using errcode = 'PT400';
  end if;
  begin
    update auth.mfa_factors f set friendly_name = wanted, updated_at = now()
      where f.id = target_factor and f.user_id = (select auth.uid()) and f.status = 'verified';
    get diagnostics renamed = row_count;
  exception when unique_violation then
    raise exception 'Nama ini sudah dipakai oleh langkah kedua lain di akun Anda.' using errcode = 'PT409';
  end;
  if renamed = 0 then
    raise exception 'Kunci keamanan tidak ditemukan.' using errcode = 'PT404';
  end if;
  return wanted;
end
$$;
revoke execute on function private.rename_own_factor(uuid, text) from public, anon;
grant execute on function private.rename_own_factor(uuid, text) to authenticated, service_role;

create function public.rename_own_factor(target_factor uuid, new_name text) returns text
language sql security invoker set search_path = '' as $$
  select private.rename_own_factor(target_factor, new_name)
$$;
revoke execute on function public.rename_own_factor(uuid, text) from public, anon;
grant execute on function public.rename_own_factor(uuid, text) to authenticated, service_role;
