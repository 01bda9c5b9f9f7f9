-- Issue 43: a key's name is a plain name from the start, not only once renamed. Any client enrols
-- a factor under a name of its choosing (supabase.auth.mfa.enroll({ friendlyName })), and a
-- passkey is written by the registration API or a direct write; the name is then shown on the
-- sign-in step and in the account's lists. So the rule of 20261207110000 now runs on insert too.
-- No name at all (GoTrue's default for a factor enrolled without one) stays allowed at enrolment.
create or replace function private.require_plain_key_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' and coalesce(new.friendly_name, '') = '' then
    return new;
  end if;
  if (tg_op = 'INSERT' or new.friendly_name is distinct from old.friendly_name) and not private.is_plain_name(new.friendly_name) then
    raise exception 'Nama kunci hanya boleh berisi huruf, angka, spasi, dan tanda baca sederhana (titik, koma, apostrof, tanda hubung, kurung).'
      using errcode = '23514';
  end if;
  return new;
end
$$;

drop trigger mfa_factors_plain_name on auth.mfa_factors;
create trigger mfa_factors_plain_name before insert or update of friendly_name on auth.mfa_factors
  for each row execute function private.require_plain_key_name();

do $$
begin
  if to_regclass('auth.webauthn_credentials') is not null then
    drop trigger if exists webauthn_credentials_plain_name on auth.webauthn_credentials;
    create trigger webauthn_credentials_plain_name before insert or update of friendly_name on auth.webauthn_credentials
      for each row execute function private.require_plain_key_name();
  end if;
end
$$;
