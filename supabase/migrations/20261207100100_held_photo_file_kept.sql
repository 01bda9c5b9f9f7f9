-- A held new gallery photo has no row until it is released (20261207100000), so the clean-up of
-- abandoned gallery files (abandoned_gallery_photos, a day after upload) would remove its file
-- while a superadmin has yet to decide, and a release would then list a photo without a file. The
-- file of a photo whose hold is pending counts as in use; once rejected it is abandoned as before.
create or replace function private.gallery_photo_in_use(bucket_object text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.gallery_photos p where p.path = bucket_object)
    or exists (
      select 1 from public.gallery_revisions r
      where r.kind = 'delete' and r.replaced_at > now() - interval '30 days'
        and r.photos @> jsonb_build_array(jsonb_build_object('path', bucket_object))
        and not exists (select 1 from public.galleries g where g.id = r.gallery_id)
    )
    or exists (
      select 1 from public.integrity_holds h
      where h.status = 'pending' and h.table_name = 'gallery_photos' and h.proposed ->> 'path' = bucket_object
    )
$$;
