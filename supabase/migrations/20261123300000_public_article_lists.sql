-- Public article lists (issue 10): the card excerpt and the full-text search vector are computed
-- once per write, in the database, so a list never ships article bodies to the browser; categories
-- are grouped case-insensitively; search is ranked with the 'indonesian' configuration.

-- The visible text of article HTML, the same as htmlToText() in src/lib/format.ts: hidden blocks
-- and comments dropped, tags replaced by a space, entities decoded in one pass, whitespace collapsed.
create function private.html_to_text(html text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  with stripped as (
    select regexp_replace(
      regexp_replace(
        regexp_replace(html, '<(script|style|template|noscript).*?</\1\s*>', ' ', 'gi'),
        '<!--.*?-->', ' ', 'g'),
      '</?[a-z][^>]*>', ' ', 'gi') as t
  ),
  decoded as (
    select coalesce(string_agg(
      case
        when tok[2] is null then tok[1]
        when lower(tok[2]) like '#x%' then
          case when ('x' || lpad(substr(tok[2], 3), 8, '0'))::bit(32)::int between 1 and 1114111
                 and ('x' || lpad(substr(tok[2], 3), 8, '0'))::bit(32)::int not between 55296 and 57343
            then chr(('x' || lpad(substr(tok[2], 3), 8, '0'))::bit(32)::int) else tok[1] end
        when tok[2] like '#%' then
          case when substr(tok[2], 2)::int between 1 and 1114111 and substr(tok[2], 2)::int not between 55296 and 57343
            then chr(substr(tok[2], 2)::int) else tok[1] end
        else case lower(tok[2])
          when 'amp' then '&' when 'lt' then '<' when 'gt' then '>' when 'quot' then '"'
          when 'apos' then '''' when 'nbsp' then ' ' else tok[1] end
      end, '' order by n), '') as t
    from stripped, regexp_matches(stripped.t, '([^&]+|&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);|&)', 'gi') with ordinality as m(tok, n)
  )
  select btrim(regexp_replace(t, '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')
  from decoded
$$;
comment on function private.html_to_text(text) is 'Visible text of article HTML; mirrors htmlToText() in src/lib/format.ts.';

-- The card's excerpt: the first 100 characters of the text, with an ellipsis when cut (SPEC.md).
create function private.article_excerpt(html text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select case when char_length(t) <= 100 then t else rtrim(left(t, 100), ' ') || '...' end
  from (select private.html_to_text(html) as t) as text
$$;

alter table public.articles
  add column excerpt text generated always as (private.article_excerpt(content)) stored,
  add column search_vector tsvector generated always as (
    setweight(to_tsvector('indonesian'::regconfig, title), 'A')
    || setweight(to_tsvector('indonesian'::regconfig, private.html_to_text(content)), 'B')
  ) stored;
comment on column public.articles.excerpt is 'Card excerpt (100 characters of the body text), kept by the database.';
comment on column public.articles.search_vector is 'Full-text search over title (weight A) and body text (B), indonesian configuration.';

create index articles_search_vector_idx on public.articles using gin (search_vector);
create index articles_category_lower_idx on public.articles (lower(category));

-- Ranked search for /kegiatan?cari=: the best match first, then the newest. Returns article rows so
-- the caller picks card columns and filters (category) and pages through the REST API as on the
-- table. Invoker rights: row-level security decides what is found. The query is cut to 200
-- characters so no visitor can make the database parse an unbounded text.
create function public.search_articles(q text)
returns setof public.articles
language sql
stable
security invoker
set search_path = ''
as $$
  select a.*
  from public.articles as a,
       websearch_to_tsquery('indonesian'::regconfig, left(coalesce(q, ''), 200)) as query
  where a.search_vector @@ query
  order by ts_rank(a.search_vector, query) desc, a.published_at desc, a.id desc
$$;

-- Every category once whatever its case ('Latihan' and 'latihan' are one), spelled as most of its
-- articles spell it. Invoker rights: categories of drafts stay hidden from visitors.
create function public.article_categories()
returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  select name from (
    select mode() within group (order by a.category) as name
    from public.articles as a
    where a.category is not null and btrim(a.category) <> ''
    group by lower(a.category)
  ) as categories
  order by lower(name)
$$;

revoke execute on function public.search_articles(text) from public;
revoke execute on function public.article_categories() from public;
grant execute on function public.search_articles(text) to anon, authenticated;
grant execute on function public.article_categories() to anon, authenticated;

-- The text helpers live outside the API schema (no /rpc/ endpoint to feed megabytes to); whoever
-- writes an article computes its generated columns, so writers need to execute them.
revoke execute on function private.html_to_text(text), private.article_excerpt(text) from public;
grant execute on function private.html_to_text(text), private.article_excerpt(text) to anon, authenticated, service_role;
