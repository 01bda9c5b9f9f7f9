-- Anonymous visitors could list every object in the public buckets (POST /storage/v1/object/list),
-- and avatar names start with the owner's user id. Public URLs (/object/public/...) do not
-- consult storage.objects policies for public buckets, so images keep loading for everyone; only
-- listing, `exists` and the authenticated download need a SELECT policy.
--
-- The limits are RESTRICTIVE policies, so they hold whatever permissive read policy a later
-- migration adds for a bucket (20261123200200 adds one for every public image bucket): visitors
-- read no rows at all, and signed-in users read only their own rows in the two account buckets.

drop policy "Anyone can read article images and avatars" on storage.objects;

-- Owners see the rows they may write, which Storage also needs for upsert and delete.
create policy "Staff read their own article images, approved users their own avatar" on storage.objects
  for select to authenticated using (
    (bucket_id = 'article_images' and (select private.is_staff())
      and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'avatars' and (select private.is_approved())
      and starts_with(name, (select auth.uid())::text || '-'))
  );

create policy "Visitors list no storage objects" on storage.objects
  as restrictive for select to anon using (false);

create policy "Signed-in users list only their own article images and avatars" on storage.objects
  as restrictive for select to authenticated using (
    bucket_id not in ('article_images', 'avatars')
    or (bucket_id = 'article_images' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'avatars' and starts_with(name, (select auth.uid())::text || '-'))
  );
