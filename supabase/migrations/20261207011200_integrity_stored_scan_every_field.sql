-- Issue 42 item 4, the watch's side: the stored-content scan (npm run integrity and the scheduled
-- watch) judges the plain-text fields the save guard now refuses (20261207011000), and past
-- commanders' names, ranks and periods, with the same reading. Rows written by owner SQL or with
-- the triggers off are found here. guard_may_hold is the cheap first look, as in a save.
create function private.stored_field_findings()
returns table (kind text, subject text, detail text)
language sql stable security definer set search_path = '' set jit = off as $$
  select 'words', x.subject, array_to_string(private.guard_reasons_for_hosts(x.words, '{}'), '; ')
  from (
    select format('Galeri "%s" (%s)', g.name, g.id) as subject, concat_ws(E'\n', g.name, g.description) as words
      from public.galleries g
    union all
    select format('Foto galeri (%s)', p.id), concat_ws(E'\n', p.caption, p.alt) from public.gallery_photos p
    union all
    select format('Dokumen "%s" (%s)', d.title, d.id), concat_ws(E'\n', d.title, d.description) from public.public_documents d
    union all
    select format('Nama profil (%s)', p.id), p.full_name from public.profiles p where p.full_name is not null
    union all
    select format('Komandan "%s" (%s)', c.name, c.id), private.guard_words('past_commanders', to_jsonb(c)) from public.past_commanders c
  ) as x
  where private.guard_may_hold(x.words) and cardinality(private.guard_reasons_for_hosts(x.words, '{}')) > 0
$$;
revoke execute on function private.stored_field_findings() from public;
grant execute on function private.stored_field_findings() to service_role;
