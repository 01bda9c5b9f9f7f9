-- Issue 33: the byline is the author's. SPEC.md's editor sends `author_id` with every update (the
-- signed-in editor), which made whoever fixed a typo the article's author. The database now keeps
-- the author on every API update whatever the client sends; the last editor is `updated_by`
-- (stamped by private.stamp_row_version) and the admin screens show it as 'Disunting oleh'.

-- 1. Put back the bylines earlier edits took over: the oldest kept revision holds the author the
--    article had before its first recorded edit (null for the seed's 'Penerangan Skadron' news).
--    A data fix, not an edit: no new version, revision or audit entry, so the triggers are off.
alter table public.articles disable trigger user;

update public.articles as a
set author_id = first.author_id
from (
  select distinct on (r.article_id) r.article_id, r.author_id
  from public.article_revisions as r
  order by r.article_id, r.version, r.id
) as first
where first.article_id = a.id
  and a.author_id is distinct from first.author_id
  and (first.author_id is null or exists (select 1 from public.profiles as p where p.id = first.author_id));

alter table public.articles enable trigger user;

-- 2. From now on an API update never moves the byline. Invoker rights on purpose:
--    is_api_request() must see the caller's role. The owner's writes (operator SQL, and the
--    foreign key's ON DELETE SET NULL when an author's account is deleted) still go through.
create function private.keep_article_author() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_request() then
    new.author_id := old.author_id;
  end if;
  return new;
end
$$;

create trigger articles_author_kept before update of author_id on public.articles
  for each row execute function private.keep_article_author();

comment on column public.articles.author_id is
  'Who wrote the article: set on insert, kept on every API update (the last editor is updated_by).';
