-- One spelling for every stored image reference (issue 20). The "still in use" check
-- (private.article_image_in_use) looks for an object's name in the articles' text, but a URL can
-- name the same object in many ways a browser and Storage treat alike: other percent-encodings
-- (%2F for /, lower-case hex, encoded letters), HTML character references in the article's HTML,
-- backslashes, dot segments, tabs and newlines. Cleanup then deleted pictures a published article
-- still showed. Every URL that reaches /storage/v1/ is now stored in one canonical form when an
-- article is written (a trigger), and the in-use check looks for exactly that form.

-- %XX sequences decoded as UTF-8; null when the result is not text (such a URL names no object).
create function private.percent_decoded(value text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  bytes bytea := '';
  i int := 1;
  n int := length(value);
begin
  if strpos(value, '%') = 0 then
    return value;
  end if;
  while i <= n loop
    if substr(value, i, 1) = '%' and substr(value, i + 1, 2) ~ '^[0-9A-Fa-f]{2}$' then
      bytes := bytes || decode(substr(value, i + 1, 2), 'hex');
      i := i + 3;
    else
      bytes := bytes || convert_to(substr(value, i, 1), 'UTF8');
      i := i + 1;
    end if;
  end loop;
  if position('\x00'::bytea in bytes) > 0 then
    return null;
  end if;
  return convert_from(bytes, 'UTF8');
exception when character_not_in_repertoire or untranslatable_character or invalid_parameter_value then
  return null;
end
$$;

-- A URL whose path (as a browser sends it and Storage decodes it) goes through /storage/v1/,
-- with that path spelt as private.url_encoded_path spells it (query and fragment as written);
-- null for any other URL.
create function private.canonical_storage_url(url text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  cleaned text;
  cut int;
  head text;
  origin text;
  segments text[] := '{}';
  segment text;
  decoded text;
  path text;
begin
  -- what the URL parser does first: tabs and newlines go, surrounding spaces and controls go
  cleaned := regexp_replace(url, '[\t\n\r]', '', 'g');
  cleaned := regexp_replace(cleaned, '^[\x01-\x20]+|[\x01-\x20]+$', '', 'g');
  cut := strpos(regexp_replace(cleaned, '#', '?', 'g'), '?');
  head := case when cut = 0 then cleaned else substr(cleaned, 1, cut - 1) end;
  origin := coalesce(substring(head from '^(?:[A-Za-z][A-Za-z0-9+.-]*:)?(?:[/\\]{2}[^/\\]*)?'), '');
  -- http(s) URLs treat a backslash as a slash; '.' and '..' segments (also as %2e) are resolved
  foreach segment in array string_to_array(replace(substr(head, length(origin) + 1), '\', '/'), '/') loop
    if lower(segment) in ('.', '%2e') then
      continue;
    elsif lower(segment) in ('..', '.%2e', '%2e.', '%2e%2e') then
      if cardinality(segments) > 1 then
        segments := segments[1:cardinality(segments) - 1];
      end if;
    else
      decoded := private.percent_decoded(segment);
      if decoded is null then
        return null;
      end if;
      segments := segments || decoded;
    end if;
  end loop;
  path := array_to_string(segments, '/');
  if strpos(path, '/storage/v1/') = 0 and not starts_with(path, 'storage/v1/') then
    return null;
  end if;
  return origin || private.url_encoded_path(path) || case when cut = 0 then '' else substr(cleaned, cut) end;
end
$$;

create function private.canonical_url(url text) returns text
language sql immutable strict set search_path = '' as $$
  select coalesce(private.canonical_storage_url(url), url)
$$;

-- Character references a browser decodes in an attribute value: numeric ones and the named
-- ones that stand for ASCII punctuation (the only characters a URL path can be built from).
create function private.html_attribute_decoded(value text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  named constant jsonb := '{"amp":"&","quot":"\"","apos":"''","lt":"<","gt":">","sol":"/","bsol":"\\",
    "period":".","percnt":"%","lpar":"(","rpar":")","num":"#","quest":"?","colon":":","semi":";",
    "equals":"=","plus":"+","comma":",","excl":"!","dollar":"$","ast":"*","midast":"*","commat":"@",
    "lowbar":"_","UnderBar":"_","grave":"`","Tab":"\t","NewLine":"\n","nbsp":" ",
    "lsqb":"[","rsqb":"]","lbrack":"[","rbrack":"]","lcub":"{","rcub":"}","verbar":"|","vert":"|",
    "Hat":"^"}';
  result text := '';
  rest text := value;
  cut int;
  ref text;
  code bigint;
begin
  loop
    cut := strpos(rest, '&');
    exit when cut = 0;
    result := result || substr(rest, 1, cut - 1);
    rest := substr(rest, cut);
    -- a few legacy names are decoded without their ';' too, unless a letter, digit or '=' follows
    ref := substring(rest from '^&(#[0-9]+;?|#[xX][0-9A-Fa-f]+;?|[A-Za-z]+;|(?:amp|lt|gt|quot|nbsp)(?![A-Za-z0-9=]))');
    if ref is null then
      result := result || '&';
      rest := substr(rest, 2);
      continue;
    end if;
    if ref ~ '^#' then
      code := case when ref ~ '^#[xX]'
        then ('x' || lpad(right(substring(ref from '[0-9A-Fa-f]+$|[0-9A-Fa-f]+(?=;)'), 16), 16, '0'))::bit(64)::bigint
        else least(substring(ref from '[0-9]+')::numeric, 1114112)::bigint end;
      result := result || case when code between 1 and 1114111 and code not between 55296 and 57343
        then chr(code::int) else chr(65533) end;
    elsif named ? rtrim(ref, ';') then
      result := result || (named ->> rtrim(ref, ';'));
    else
      result := result || '&' || ref;
    end if;
    rest := substr(rest, length(ref) + 2);
  end loop;
  return result || rest;
end
$$;

-- One attribute value as written in HTML (quoted or not): the same text, unless it is a URL
-- through /storage/v1/ not yet in canonical form; then that URL, escaped, in double quotes.
create function private.canonical_attribute(raw text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  quoted boolean := left(raw, 1) in ('"', '''');
  inner_value text := case when quoted then substr(raw, 2, length(raw) - 2) else raw end;
  canonical text;
begin
  -- most values are plain text or an already canonical URL: those are copied as they are
  if raw !~ '[%&\\\s.]' and strpos(raw, 'storage') = 0 then
    return raw;
  end if;
  canonical := private.canonical_storage_url(private.html_attribute_decoded(inner_value));
  if canonical is null then
    return raw;
  end if;
  canonical := replace(replace(replace(replace(replace(canonical, '&', '&amp;'), '"', '&quot;'), '''', '&#39;'),
    '<', '&lt;'), '>', '&gt;');
  return case when canonical = inner_value then raw else '"' || canonical || '"' end;
end
$$;

-- Every attribute value in an article's HTML, through private.canonical_attribute; the text
-- between them is kept byte for byte. Two passes of the regular expression engine (the values,
-- and the text between them), so a long article costs linear time.
create function private.canonical_html_urls(html text) returns text
language sql immutable strict set search_path = '' as $$
  with attributes as (
    select r.m[1] as lead, r.m[2] as value, r.i
    from regexp_matches(html, '(=\s*)("[^"]*"|''[^'']*''|[^\s"''=<>`]+)', 'g') with ordinality as r(m, i)
  ), between_them as (
    select g.piece, g.i
    from unnest(regexp_split_to_array(html, '=\s*(?:"[^"]*"|''[^'']*''|[^\s"''=<>`]+)')) with ordinality as g(piece, i)
  )
  select coalesce(string_agg(b.piece || coalesce(a.lead || private.canonical_attribute(a.value), ''), '' order by b.i), html)
  from between_them b left join attributes a on a.i = b.i
$$;

-- security definer: the helpers above are not granted to the roles that write articles
create function private.canonical_article_image_urls() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.content := private.canonical_html_urls(new.content);
  new.cover_image_url := private.canonical_url(new.cover_image_url);
  new.image_gallery_urls := array(select private.canonical_url(u) from unnest(new.image_gallery_urls) with ordinality as t(u, i) order by i);
  return new;
end
$$;

create trigger articles_canonical_image_urls
  before insert or update of content, cover_image_url, image_gallery_urls on public.articles
  for each row execute function private.canonical_article_image_urls();

revoke execute on function private.percent_decoded(text), private.canonical_storage_url(text), private.canonical_url(text),
  private.html_attribute_decoded(text), private.canonical_attribute(text), private.canonical_html_urls(text),
  private.canonical_article_image_urls() from public;

-- Articles written before this migration: rewritten once (only those with another spelling).
update public.articles
set content = private.canonical_html_urls(content),
  cover_image_url = private.canonical_url(cover_image_url),
  image_gallery_urls = array(select private.canonical_url(u) from unnest(image_gallery_urls) with ordinality as t(u, i) order by i)
where content is distinct from private.canonical_html_urls(content)
  or cover_image_url is distinct from private.canonical_url(cover_image_url)
  or image_gallery_urls is distinct from array(select private.canonical_url(u) from unnest(image_gallery_urls) with ordinality as t(u, i) order by i);

-- Stored references are canonical now, so the canonical spelling is the one to look for; the
-- name as written is still looked for too (keeping a file is the safe mistake).
create or replace function private.article_image_in_use(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with needles as (
    select distinct '/article_images/' || spelling as needle
    from unnest(array[private.url_encoded_path(object_name), object_name]) as spelling
  )
  select exists (
    select 1
    from public.articles a, needles n
    where strpos(a.content, n.needle) > 0
      or strpos(coalesce(a.cover_image_url, ''), n.needle) > 0
      or strpos(array_to_string(a.image_gallery_urls, ' '), n.needle) > 0
  )
$$;
