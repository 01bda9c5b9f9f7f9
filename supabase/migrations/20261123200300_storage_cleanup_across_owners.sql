-- File cleanup across owners (issue 11): replacing or removing an image, or deleting an article
-- or a gallery, must delete the files nothing uses any more, whoever uploaded them. Staff share
-- every article and gallery, so any staff member may delete an article image or gallery photo
-- file, but only once no row uses it: a file still shown by an article or listed in a gallery is
-- kept, whoever asks. The app deletes through the Storage API (hosted Supabase forbids deleting
-- storage.objects rows from SQL and would keep the stored bytes), which runs
-- `delete ... returning` as the caller, so these policies decide.

-- Object names as they may appear in a URL: each byte outside RFC 3986's unreserved set and '/'
-- percent-encoded, as encodeURI/supabase-js would write a name with spaces or accents.
create function private.url_encoded_path(object_name text) returns text
language sql immutable strict set search_path = '' as $$
  select coalesce(string_agg(
    case when ch ~ '^[A-Za-z0-9._~/-]$' then ch
      else (select string_agg('%' || upper(lpad(to_hex(get_byte(convert_to(ch, 'UTF8'), i)), 2, '0')), '' order by i)
        from generate_series(0, octet_length(convert_to(ch, 'UTF8')) - 1) as i)
    end, '' order by pos), '')
  from regexp_split_to_table(object_name, '') with ordinality as chars(ch, pos)
$$;

-- Whether any article (draft, scheduled or published) still names this article image, in its
-- cover, its gallery or its HTML, as a public or a transformed URL of any origin. A name that
-- is a prefix of another used name counts as used: keeping a file is the safe mistake.
create function private.article_image_in_use(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with needles as (
    -- usually one: the encoded and escaped spellings differ only for names with such characters
    select distinct '/article_images/' || spelling as needle
    from unnest(array[object_name, private.url_encoded_path(object_name), replace(object_name, '&', '&amp;')]) as spelling
  )
  select exists (
    select 1
    from public.articles a, needles n
    where strpos(a.content, n.needle) > 0
      or strpos(coalesce(a.cover_image_url, ''), n.needle) > 0
      or strpos(array_to_string(a.image_gallery_urls, ' '), n.needle) > 0
  )
$$;

create function private.gallery_photo_in_use(bucket_object text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.gallery_photos p where p.path = bucket_object)
$$;

revoke execute on function private.url_encoded_path(text), private.article_image_in_use(text),
  private.gallery_photo_in_use(text) from public;
grant execute on function private.url_encoded_path(text), private.article_image_in_use(text),
  private.gallery_photo_in_use(text) to authenticated, service_role;

-- The in-use checks depend on the row, so their sub-selects run per row (the role check still once).
drop policy "Staff can delete article images in their own folder" on storage.objects;
create policy "Staff can delete article images no article uses" on storage.objects
  for delete to authenticated using (
    bucket_id = 'article_images' and (select private.is_staff())
    and not (select private.article_image_in_use(objects.name))
  );

drop policy "Staff can delete gallery photo files" on storage.objects;
create policy "Staff can delete gallery photo files no gallery lists" on storage.objects
  for delete to authenticated using (
    bucket_id = 'gallery_photos' and (select private.is_staff())
    and not (select private.gallery_photo_in_use(objects.name))
  );

-- Storage's delete returns the deleted rows, so staff must also see other staff members' article
-- images (their folder names are staff ids, which staff see on every article anyway). Avatars
-- stay visible only to their owner.
drop policy "Signed-in users list only their own article images and avatars" on storage.objects;
create policy "Signed-in users list only their own avatars, staff every article image" on storage.objects
  as restrictive for select to authenticated using (
    bucket_id not in ('article_images', 'avatars')
    or (bucket_id = 'article_images'
      and ((storage.foldername(name))[1] = (select auth.uid())::text or (select private.is_staff())))
    or (bucket_id = 'avatars' and starts_with(name, (select auth.uid())::text || '-'))
  );
