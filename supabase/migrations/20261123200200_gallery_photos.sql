-- Galleries with photos (issue 11): ordered photos with caption and alt text, files in a public
-- bucket under a folder named by the gallery id. Deleting a gallery deletes its rows here (cascade);
-- the app removes the files through the Storage API (hosted Supabase forbids deleting
-- storage.objects rows from SQL).
create table public.gallery_photos (
  id uuid primary key default gen_random_uuid(),
  gallery_id uuid not null references public.galleries (id) on delete cascade,
  path text not null check (length(path) between 1 and 1024),
  caption text check (caption is null or length(caption) <= 500),
  alt text check (alt is null or length(alt) <= 300),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  unique (gallery_id, path)
);
create index gallery_photos_gallery_position_idx on public.gallery_photos (gallery_id, position, created_at);

alter table public.gallery_photos enable row level security;
create policy "Anyone can read gallery photos" on public.gallery_photos
  for select to anon, authenticated using (true);
create policy "Staff can add gallery photos" on public.gallery_photos
  for insert to authenticated with check ((select private.is_staff()));
create policy "Staff can update gallery photos" on public.gallery_photos
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "Staff can delete gallery photos" on public.gallery_photos
  for delete to authenticated using ((select private.is_staff()));

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('gallery_photos', 'gallery_photos', true, 5242880, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Galleries are shared by all staff, so any staff member manages any gallery's files; a file
-- can only be put in the folder of a gallery that exists. (`objects.name`: inside the subquery a
-- bare `name` would be the gallery's name.)
-- one read policy for every public image bucket (one permissive policy per role and action)
drop policy if exists "Anyone can read article images and avatars" on storage.objects;
create policy "Anyone can read public image files" on storage.objects
  for select to anon, authenticated using (bucket_id in ('article_images', 'avatars', 'gallery_photos'));
create policy "Staff can upload gallery photo files" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'gallery_photos' and (select private.is_staff())
    and exists (select 1 from public.galleries g where g.id::text = (storage.foldername(objects.name))[1])
  );
create policy "Staff can update gallery photo files" on storage.objects
  for update to authenticated
  using (bucket_id = 'gallery_photos' and (select private.is_staff()))
  with check (
    bucket_id = 'gallery_photos' and (select private.is_staff())
    and exists (select 1 from public.galleries g where g.id::text = (storage.foldername(objects.name))[1])
  );
create policy "Staff can delete gallery photo files" on storage.objects
  for delete to authenticated using (bucket_id = 'gallery_photos' and (select private.is_staff()));
