-- Buckets and storage policies. Both buckets are public-read; writes are decided here, per row.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('article_images', 'article_images', true, 5242880, array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('avatars', 'avatars', true, 5242880, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone can read article images and avatars" on storage.objects
  for select to anon, authenticated using (bucket_id in ('article_images', 'avatars'));

create policy "Staff can upload article images into their own folder" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'article_images' and public.is_staff()
    and (storage.foldername(name))[1] = auth.uid()::text
  );
create policy "Staff can update article images in their own folder" on storage.objects
  for update to authenticated
  using (bucket_id = 'article_images' and public.is_staff() and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = 'article_images' and public.is_staff() and (storage.foldername(name))[1] = auth.uid()::text);
create policy "Staff can delete article images in their own folder" on storage.objects
  for delete to authenticated using (
    bucket_id = 'article_images' and public.is_staff()
    and (storage.foldername(name))[1] = auth.uid()::text
  );

create policy "Approved users can upload their own avatar" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'avatars' and public.is_approved()
    and position('/' in name) = 0 and starts_with(name, auth.uid()::text || '-')
  );
create policy "Approved users can replace their own avatar" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and public.is_approved() and starts_with(name, auth.uid()::text || '-'))
  with check (bucket_id = 'avatars' and public.is_approved()
    and position('/' in name) = 0 and starts_with(name, auth.uid()::text || '-'));
create policy "Approved users can delete their own avatar" on storage.objects
  for delete to authenticated using (
    bucket_id = 'avatars' and public.is_approved() and starts_with(name, auth.uid()::text || '-')
  );
