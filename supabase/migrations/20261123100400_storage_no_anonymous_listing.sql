-- Anonymous visitors could list every object in both buckets (POST /storage/v1/object/list),
-- and avatar names start with the owner's user id. Public URLs (/object/public/...) do not
-- consult storage.objects policies for public buckets, so images keep loading for everyone; only
-- listing and the authenticated download need a SELECT policy. Each signed-in user now sees the
-- rows they may write (which Storage also needs for upsert and delete), and anon sees none.

drop policy "Anyone can read article images and avatars" on storage.objects;

create policy "Staff read their own article images, approved users their own avatar" on storage.objects
  for select to authenticated using (
    (bucket_id = 'article_images' and (select private.is_staff())
      and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'avatars' and (select private.is_approved())
      and starts_with(name, (select auth.uid())::text || '-'))
  );
