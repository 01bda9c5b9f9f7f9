-- Issue 42 item 4: every field a visitor reads goes through the guard. Articles (title, category,
-- captions), unit texts, information pages, unit posts and past commanders are held by
-- private.integrity_check already; these plain-text fields had no guard: a gallery's name and
-- description, a gallery photo's caption and alt text, a public document's title and description,
-- and a profile's full name (the byline under every article).
--
-- They are refused, not held: a hold keeps the public version and waits in integrity_holds.proposed,
-- which integrity_release writes back per table; a gallery photo or a document has no public/draft
-- state and a profile is written at sign-up, before anyone could release it. The refusal carries
-- the guard's own reasons (guard_reasons_for_hosts, the reading of 20261207010200), so the staff
-- member reads the same Indonesian words a hold shows at Integritas Situs.
--
-- Who is judged is the guard's rule: people writing through the API, not a superadmin, not owner
-- SQL (seeding, restores; the watch reports those). A profile is judged also without a signed-in
-- person: a sign-up writes it from the trigger on auth.users, where no one is signed in yet.
create function private.integrity_refuse_text() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  new_row jsonb := to_jsonb(new);
  everyone boolean := tg_argv[0] = 'everyone';
  label text := tg_argv[1];
  col text;
  words text;
  reasons text[];
begin
  if current_setting('skadron.integrity_release', true) = 'on' then
    return new;
  end if;
  if not everyone and auth.uid() is null then
    return new;
  end if;
  -- only the fields this write changes, so an older row can still be edited in its other fields
  foreach col in array tg_argv[2:] loop
    if old_row is null or old_row -> col is distinct from new_row -> col then
      words := concat_ws(E'\n', words, new_row ->> col);
    end if;
  end loop;
  if words is null or not private.guard_may_hold(words) or private.is_superadmin() then
    return new;
  end if;
  reasons := private.guard_reasons_for_hosts(words, '{}');
  if cardinality(reasons) > 0 then
    raise exception '% ditolak penjaga integritas situs: %.', label, array_to_string(reasons, '; ')
      using errcode = 'PT400', hint = 'Hapus kata yang lazim di spam judi lalu simpan lagi.';
  end if;
  return new;
end
$$;
revoke execute on function private.integrity_refuse_text() from public, anon, authenticated;

create trigger galleries_integrity_refuse before insert or update of name, description on public.galleries
  for each row execute function private.integrity_refuse_text('people', 'Galeri', 'name', 'description');
create trigger gallery_photos_integrity_refuse before insert or update of caption, alt on public.gallery_photos
  for each row execute function private.integrity_refuse_text('people', 'Foto galeri', 'caption', 'alt');
create trigger public_documents_integrity_refuse before insert or update of title, description on public.public_documents
  for each row execute function private.integrity_refuse_text('people', 'Dokumen', 'title', 'description');
create trigger profiles_integrity_refuse before insert or update of full_name on public.profiles
  for each row execute function private.integrity_refuse_text('everyone', 'Nama lengkap', 'full_name');
