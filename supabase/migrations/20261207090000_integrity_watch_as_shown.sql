-- Issue 42 item 6 (decision 0046): the watch judges a public page as a browser shows it. The text a
-- layout rule hides from the reader (hidden, display:none, zero size, off-screen, the background's
-- colour...) is its own kind of finding: no reader sees it, so it is there for crawlers, and gambling
-- words there mean someone tried. Each text the watch flags on a page is traced back to the public
-- field that holds it, so a finding names the page, the field and the guard's reason.
alter table public.integrity_findings drop constraint integrity_findings_kind_check;
alter table public.integrity_findings add constraint integrity_findings_kind_check
  check (kind in ('markup', 'words', 'photo', 'cloaking', 'unaccounted', 'hidden', 'build', 'watch'));

-- A text as the watch compares a page's text with a field: the guard's reading, white space as one space.
create function private.watch_reading(value text) returns text
language sql immutable strict set search_path = '' as $$
  select btrim(regexp_replace(private.guard_reading(value), '\s+', ' ', 'g'))
$$;

-- Every public field a visitor can read, named as the dashboard names it, with its text (a body's
-- text joined as shown). Unpublished articles are not on any page.
create function private.public_field_texts()
returns table (field text, value text)
language sql stable security definer set search_path = '' as $$
  select format('Judul artikel (%s)', a.id), a.title from public.articles a where a.published_at <= now()
  union all select format('Kategori artikel "%s" (%s)', a.title, a.id), a.category from public.articles a where a.published_at <= now()
  -- the excerpt a card shows is the body's start
  union all select format('Isi artikel "%s" (%s)', a.title, a.id), a.excerpt from public.articles a where a.published_at <= now()
  union all select format('Isi artikel "%s" (%s)', a.title, a.id), private.guard_joined(a.content) from public.articles a where a.published_at <= now()
  union all select format('Keterangan foto artikel "%s" (%s)', a.title, a.id), c.value
    from public.articles a, jsonb_path_query(a.image_captions, 'strict $.**') as j, lateral (select j #>> '{}' as value) as c
    where a.published_at <= now() and jsonb_typeof(j) = 'string'
  union all select format('Nama profil sebagai penulis artikel (%s)', p.id), p.full_name from public.profiles p
  union all select format('Nama galeri (%s)', g.id), g.name from public.galleries g
  union all select format('Keterangan galeri "%s" (%s)', g.name, g.id), g.description from public.galleries g
  union all select format('Keterangan foto galeri (%s)', p.id), p.caption from public.gallery_photos p
  union all select format('Teks alternatif foto galeri (%s)', p.id), p.alt from public.gallery_photos p
  union all select format('Judul dokumen (%s)', d.id), d.title from public.public_documents d
  union all select format('Keterangan dokumen "%s" (%s)', d.title, d.id), d.description from public.public_documents d
  union all select format('Komandan terdahulu (%s)', c.id), concat_ws(' ', c.rank, c.name) from public.past_commanders c
  union all select format('Masa jabatan komandan terdahulu "%s" (%s)', c.name, c.id), c.period from public.past_commanders c
  union all select format('Judul teks profil "%s" (%s)', t.key, t.id), t.title from public.unit_texts t
  union all select format('Isi teks profil "%s" (%s)', t.key, t.id), private.guard_joined(t.body) from public.unit_texts t
  union all select format('Teks alternatif foto profil "%s" (%s)', t.key, t.id), t.photo_alt from public.unit_texts t
  union all select format('Judul halaman informasi "%s" (%s)', p.slug, p.id), p.title from public.info_pages p
  union all select format('Deskripsi halaman informasi "%s" (%s)', p.slug, p.id), p.description from public.info_pages p
  union all select format('Isi halaman informasi "%s" (%s)', p.slug, p.id), private.guard_joined(p.body) from public.info_pages p
  union all select format('Struktur "%s" (%s)', p.name, p.id), concat_ws(E'\n', p.name, p.officer_title, p.officer_rank, p.officer_name, p.note,
      array_to_string(p.sections, E'\n')) from public.unit_posts p
$$;

-- The public fields the guard alone finds reasons in, with their reading: what a text the watch
-- flags on a page can come from. Read once a run (every public row is read), matched per page.
create function private.watch_spam_fields()
returns table (field text, reading text)
language sql stable security definer set search_path = '' set jit = off as $$
  select distinct f.field, private.watch_reading(f.value)
  from private.public_field_texts() as f
  where f.value is not null and private.guard_may_hold(f.value) and cardinality(private.guard_reasons_for_hosts(f.value, '{}')) > 0
$$;

-- The guard's reasons for each text of a page, and the reading of those it flags, in one statement per page.
create function private.watch_reasons(texts text[])
returns table (at integer, reasons text[], reading text)
language sql stable security definer set search_path = '' set jit = off as $$
  select x.at, x.reasons, case when cardinality(x.reasons) > 0 then private.watch_reading(x.text) end
  from (select s.at::integer, s.text, private.guard_reasons(s.text, null) as reasons from unnest(texts) with ordinality as s(text, at)) as x
$$;

revoke execute on function private.watch_reading(text), private.public_field_texts(), private.watch_spam_fields(),
  private.watch_reasons(text[]) from public, anon, authenticated;
grant execute on function private.watch_spam_fields(), private.watch_reasons(text[]) to service_role;
