-- Article details (issue 25): the byline a reader sees and captions for the slideshow pictures.

-- An author may publish without their name: the public byline is then the unit's press office.
alter table public.articles add column byline_hidden boolean not null default false;
comment on column public.articles.byline_hidden is
  'true: the public byline reads ''Penerangan Skadron'' instead of the author''s name.';

-- Captions keyed by picture URL (cover or gallery), so reordering the pictures keeps each caption
-- with its picture: {"https://.../a.jpg": "Caption"}. At most 21 (cover + 20), 300 characters each.
create function private.valid_image_captions(captions jsonb)
returns boolean
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select jsonb_typeof(captions) = 'object'
     and (select count(*) from jsonb_each(captions)) <= 21
     and not exists (
       select 1 from jsonb_each(captions) as e(url, caption)
       where jsonb_typeof(e.caption) <> 'string' or char_length(e.caption #>> '{}') > 300 or char_length(e.url) > 2048
     )
$$;
revoke execute on function private.valid_image_captions(jsonb) from public;
grant execute on function private.valid_image_captions(jsonb) to anon, authenticated, service_role;

alter table public.articles
  add column image_captions jsonb not null default '{}'::jsonb
  constraint articles_image_captions_valid check (private.valid_image_captions(image_captions));
comment on column public.articles.image_captions is
  'Slideshow captions keyed by picture URL (cover_image_url or an image_gallery_urls entry).';

-- The name an article's byline shows: the author's full name, or 'Penerangan Skadron' when the
-- author chose to hide it, has no name or was deleted. Definer rights read that one column of the
-- profile (visitors cannot read profiles); in the private schema, so the API reaches it only
-- through article_byline() below, for an article the caller may read.
create function private.byline_name(author_id uuid, hidden boolean)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select nullif(btrim(p.full_name), '') from public.profiles as p where p.id = author_id and not hidden),
    'Penerangan Skadron')
$$;
revoke execute on function private.byline_name(uuid, boolean) from public;
grant execute on function private.byline_name(uuid, boolean) to anon, authenticated, service_role;

-- The byline of one article. Invoker rights: row-level security decides whether the caller may
-- read the article, so a draft's author stays unknown to visitors. No row when there is no such
-- article for the caller (a set, like article_categories(), so the answer is a JSON array).
create function public.article_byline(article_id uuid)
returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  select private.byline_name(a.author_id, a.byline_hidden) from public.articles as a where a.id = article_id
$$;
revoke execute on function public.article_byline(uuid) from public;
grant execute on function public.article_byline(uuid) to anon, authenticated;
