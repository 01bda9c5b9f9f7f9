-- Pictures uploaded into an article that is then never saved (issue 11): the editor removes them
-- when its dialog is closed, but a closed tab or a crash leaves them behind. The site asks for
-- this list when staff open the content page and removes the files through the Storage API
-- (hosted Supabase keeps the bytes of rows deleted in SQL). A day's grace keeps the pictures of
-- an article someone is still writing.
create function public.abandoned_article_images() returns setof text
language sql stable security invoker set search_path = '' as $$
  select o.name
  from storage.objects o
  where (select private.is_staff())
    and o.bucket_id = 'article_images'
    and o.created_at < now() - interval '1 day'
    and not private.article_image_in_use(o.name)
  order by o.created_at
  limit 200
$$;

revoke execute on function public.abandoned_article_images() from public, anon;
grant execute on function public.abandoned_article_images() to authenticated, service_role;
