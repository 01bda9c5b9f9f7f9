-- The integrity watch's scan of stored content, in pages (issue 32's goal: a cached page keeps at
-- least 0.9x of its idle rate during a watch). stored_word_findings() and stored_markup_findings()
-- judge every article in one statement: over 2,000 articles that is seconds of the database's CPU
-- at once, before the crawl, with nothing able to give way. The watch now asks for the articles a
-- page of ids at a time (and rests between pages while the site is busy), and for the few unit
-- and information rows in one go. Each finding reads as before.

create function private.stored_article_findings(ids uuid[])
returns table (kind text, subject text, detail text)
language sql stable security definer set search_path = '' as $$
  select 'markup', format('Artikel "%s" (%s)', a.title, a.id), m.reason
    from public.articles a, lateral (select private.hiding_markup(a.content) as reason) as m
    where a.id = any(ids) and m.reason is not null
  union all
  select 'photo', format('Artikel "%s" (%s)', a.title, a.id), 'Foto dari luar situs: ' || u
    from public.articles a, unnest(array_remove(a.image_gallery_urls || a.cover_image_url, null)) as u
    where a.id = any(ids) and not private.own_photo_url(u)
  union all
  select 'words', x.subject, array_to_string(x.reasons, '; ')
  from (
    select format('Artikel "%s" (%s)', a.title, a.id) as subject,
      private.guard_reasons(private.guard_words('articles', to_jsonb(a)), null) as reasons
    from public.articles a where a.id = any(ids) and a.published_at is not null
  ) as x
  where cardinality(x.reasons) > 0
$$;

create function private.stored_other_findings()
returns table (kind text, subject text, detail text)
language sql stable security definer set search_path = '' as $$
  select 'markup', format('Teks profil "%s" (%s)', t.key, t.id), private.hiding_markup(t.body)
    from public.unit_texts t where private.hiding_markup(t.body) is not null
  union all
  select 'markup', format('Halaman informasi "%s" (%s)', p.slug, p.id), private.hiding_markup(p.body)
    from public.info_pages p where private.hiding_markup(p.body) is not null
  union all
  select 'photo', format('Foto "%s" (%s)', x.label, x.id), 'Foto dari luar situs: ' || x.photo_url
    from (select t.id, t.key as label, t.photo_url from public.unit_texts t
          union all select p.id, p.name, p.photo_url from public.unit_posts p
          union all select c.id, c.name, c.photo_url from public.past_commanders c) as x
    where x.photo_url is not null and not private.own_photo_url(x.photo_url)
  union all
  select 'words', x.subject, array_to_string(x.reasons, '; ')
  from (
    select format('Teks profil "%s" (%s)', t.key, t.id) as subject, private.guard_reasons(private.guard_words('unit_texts', to_jsonb(t)), null) as reasons
    from public.unit_texts t
    union all
    select format('Halaman informasi "%s" (%s)', p.slug, p.id), private.guard_reasons(private.guard_words('info_pages', to_jsonb(p)), null)
    from public.info_pages p
    union all
    select format('Struktur "%s" (%s)', p.name, p.id), private.guard_reasons(private.guard_words('unit_posts', to_jsonb(p)), null)
    from public.unit_posts p
  ) as x
  where cardinality(x.reasons) > 0
$$;

revoke execute on function private.stored_article_findings(uuid[]), private.stored_other_findings() from public;
grant execute on function private.stored_article_findings(uuid[]), private.stored_other_findings() to service_role;
