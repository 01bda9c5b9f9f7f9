-- The documents bucket of Dokumen Informasi Publik (issue 36 item 1, decision 0029), after its table
-- (migration 20261127140000), whose rows decide which files visitors may read.

-- The bucket ------------------------------------------------------------------------------------
-- Not public: the storage server (and Supabase's) checks each read against the policies below, so
-- a visitor reaches a file only while a published document names it. The types are checked from
-- the bytes by the storage server; the legacy binary Office formats are left out because their
-- container (CFB) cannot be told from other CFB files, installers included.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('documents', 'documents', false, 20971520, array[
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create function private.document_file_published(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.public_documents d
    where d.file_path = object_name and d.published_at is not null and d.published_at <= now()
  )
$$;

-- A file stays while a document, or a version of one that can still be restored, names it.
create function private.document_file_in_use(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.public_documents d where d.file_path = object_name)
    or exists (
      select 1 from public.public_document_revisions r
      where r.file_path = object_name and r.replaced_at > now() - interval '30 days'
    )
$$;
revoke execute on function private.document_file_published(text), private.document_file_in_use(text) from public;
grant execute on function private.document_file_published(text), private.document_file_in_use(text)
  to anon, authenticated, service_role;

create policy "Anyone can read published document files" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'documents' and private.document_file_published(objects.name));
create policy "Staff read document files" on storage.objects
  for select to authenticated using (bucket_id = 'documents' and (select private.is_staff()));
create policy "Staff upload document files into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'documents' and (select private.is_staff())
    and (storage.foldername(objects.name))[1] = (select auth.uid())::text);
create policy "Staff delete document files no document uses" on storage.objects
  for delete to authenticated
  using (bucket_id = 'documents' and (select private.is_staff())
    and not private.document_file_in_use(objects.name));

-- Visitors read no storage rows (migration 20261123100400) except a published document's file,
-- which is how its download link reaches them on a private bucket.
drop policy "Visitors list no storage objects" on storage.objects;
create policy "Visitors read only published document files" on storage.objects
  as restrictive for select to anon
  using (bucket_id = 'documents' and private.document_file_published(objects.name));
