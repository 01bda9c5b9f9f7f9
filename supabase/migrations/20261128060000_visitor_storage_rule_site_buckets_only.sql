-- The restrictive visitor read rule on storage.objects (20261123100400, 20261127170100) named no
-- bucket, so it hid every row of every bucket from visitors, buckets a project owner adds too: a
-- bucket whose own policy lets everyone read and write could not be listed, and an upload with
-- upsert (INSERT ... ON CONFLICT, which PostgreSQL checks against SELECT policies) was refused.
-- The rule now holds the site's own buckets exactly as closed as before (no listing of image
-- files, a document's file only once published) and leaves any other bucket to its own policies,
-- as on Supabase.

drop policy "Visitors read only published document files" on storage.objects;
create policy "Visitors read only published document files" on storage.objects
  as restrictive for select to anon
  using (
    bucket_id not in ('article_images', 'avatars', 'gallery_photos', 'unit_photos', 'documents')
    or (bucket_id = 'documents' and (select private.document_file_published(objects.name)))
  );
