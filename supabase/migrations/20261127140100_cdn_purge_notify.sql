-- Content tags for a CDN's purge (issue 36 item 3, decision 0029). Every committed change to
-- what the public pages show sends NOTIFY cdn_purge with the content tags of the pages it touches
-- (the same tags server/http/cdn-cache.ts puts on those pages), so the site server can ask the
-- CDN to drop them. NOTIFY is delivered at commit and never for a rollback; with nobody
-- listening (a hosted project) it costs nothing.

create function private.cdn_tags(table_name text, row_data jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select case table_name
    when 'articles' then array['article-' || (row_data ->> 'id'), 'articles']
    when 'galleries' then array['gallery-' || (row_data ->> 'id'), 'galleries']
    when 'gallery_photos' then array['gallery-' || (row_data ->> 'gallery_id'), 'galleries']
    when 'unit_texts' then array['unit-pages']
    when 'unit_posts' then array['unit-pages']
    when 'past_commanders' then array['unit-pages']
    when 'info_pages' then array['info-' || (row_data ->> 'slug')]
    when 'public_documents' then array['documents']
    when 'objects' then array['bucket-' || (row_data ->> 'bucket_id')]
    else array[]::text[] end
$$;

create function private.notify_cdn_purge() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  tags text[] := '{}';
begin
  if tg_op <> 'INSERT' then
    tags := private.cdn_tags(tg_table_name, to_jsonb(old));
  end if;
  if tg_op <> 'DELETE' then
    tags := tags || private.cdn_tags(tg_table_name, to_jsonb(new));
  end if;
  if cardinality(tags) > 0 then
    perform pg_notify('cdn_purge', array_to_string(array(select distinct unnest(tags)), ','));
  end if;
  return null;
end
$$;
revoke execute on function private.cdn_tags(text, jsonb), private.notify_cdn_purge() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['articles', 'galleries', 'gallery_photos', 'unit_texts', 'unit_posts', 'past_commanders',
    'info_pages', 'public_documents'] loop
    execute format('create trigger zz_cdn_purge after insert or update or delete on public.%I
      for each row execute function private.notify_cdn_purge()', t);
  end loop;
end
$$;

-- A public file replaced or deleted: its bucket's cached files go (a new upload is a new URL).
create trigger zz_cdn_purge after update or delete on storage.objects
  for each row execute function private.notify_cdn_purge();
