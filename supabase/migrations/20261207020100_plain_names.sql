-- Issue 43, point 6: the names staff and members choose for themselves are plain names (letters,
-- digits, spaces, the punctuation of ranks and titles; no URLs or markup), as
-- src/lib/validation/plain-name.ts states for the forms. Checked in SQL so a hosted project holds
-- the same rule. Only a name that is written or changed is checked: rows that already exist stay
-- as they are (the mails greet such a name with "Halo," alone), so this migration cannot fail on
-- old data. The integrity guard of the profile names (issue 42) is separate from this format rule.
create function private.is_plain_name(name text) returns boolean
language sql immutable set search_path = '' as $$
  select name is null or (
    -- letters (and digits) once the punctuation of ranks and titles is taken out
    regexp_replace(name, '[ .,''’()-]', '', 'g') ~ '^[[:alpha:]0-9]+$'
    and name ~ '[[:alpha:]]'
    -- and nothing shaped like a domain ("evil.example"); "S.Kom." is a title
    and name !~* '[a-z]{2,}\.[a-z]{2,}'
  )
$$;
grant execute on function private.is_plain_name(text) to anon, authenticated, service_role;

create function private.require_plain_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (tg_op = 'INSERT' or new.full_name is distinct from old.full_name) and not private.is_plain_name(new.full_name) then
    raise exception 'Nama hanya boleh berisi huruf, spasi, dan tanda baca gelar atau pangkat (titik, koma, apostrof, tanda hubung, kurung).'
      using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger profiles_plain_name before insert or update of full_name on public.profiles
  for each row execute function private.require_plain_name();
