-- Issue 42 item 1 (decision 0038): character references read as the HTML parser reads them, from
-- the full WHATWG list (20261207190000). html_attribute_decoded knew numeric references and a few
-- ASCII names only, so 'g&aacute;cor' reached the guard as written while the reader saw 'gácor'.
-- - Text: a name with ';', else the longest legacy name it starts with ('g&aacutecor' is 'gácor',
--   '&notit;' is '¬it;'). In an attribute value a legacy name followed by a letter, a digit or
--   '=' stays as written (the spec's rule, so '?a=1&copy=2' keeps its parameter).
-- - Numbers: 0, surrogates and beyond U+10FFFF read U+FFFD, 0x80–0x9F as windows-1252; hexadecimal
--   references of any length (the old reading kept only the last 16 digits: '&#x10000000000000061;'
--   read 'a').

create function private.html_references_decoded(value text, in_attribute boolean) returns text
language plpgsql stable strict set search_path = '' as $$
declare
  result text := '';
  rest text := value;
  cut int;
  ref text;
  digits text;
  hit record;
begin
  loop
    cut := strpos(rest, '&');
    exit when cut = 0;
    result := result || substr(rest, 1, cut - 1);
    rest := substr(rest, cut + 1);
    ref := substring(rest from '^(#[xX][0-9A-Fa-f]+;?|#[0-9]+;?|[A-Za-z0-9]+;?)');
    if ref is null then
      result := result || '&';
    elsif left(ref, 1) = '#' then
      digits := ltrim(substring(ref from '[0-9A-Fa-f]+(?=;?$)'), '0');
      result := result || private.html_code_point(case
        when length(digits) > 8 then 1114112
        when digits = '' then 0
        when ref ~ '^#[xX]' then ('x' || lpad(digits, 16, '0'))::bit(64)::bigint
        else digits::bigint end);
      rest := substr(rest, length(ref) + 1);
    else
      select name, characters into hit from private.html_character_references
        where name = ref or (name = any (array(select left(ref, k) from generate_series(1, least(length(ref), 6)) as k)))
        order by length(name) desc limit 1;
      if hit is null or (in_attribute and right(hit.name, 1) <> ';'
          and substr(rest, length(hit.name) + 1, 1) ~ '^[A-Za-z0-9=]') then
        result := result || '&';
      else
        result := result || hit.characters;
        rest := substr(rest, length(hit.name) + 1);
      end if;
    end if;
  end loop;
  return result || rest;
end
$$;
revoke execute on function private.html_references_decoded(text, boolean) from public, anon, authenticated;

-- Attribute values (image and link addresses, the unit pages' script check) keep their name and
-- their callers; text is decoded by guard_joined below.
create or replace function private.html_attribute_decoded(value text) returns text
language sql stable strict set search_path = '' as $$
  select private.html_references_decoded(value, true)
$$;

-- 20261207080000's reading, its text decoded as text rather than as an attribute value.
create or replace function private.guard_joined(html text) returns text
language plpgsql stable strict set search_path = '' as $$
declare
  joined text := html;
begin
  if strpos(joined, '<!') > 0 or strpos(joined, '<?') > 0 then
    -- three patterns: PostgreSQL gives a whole pattern the greediness of its first quantifier
    joined := regexp_replace(regexp_replace(regexp_replace(joined, '<!---?>', '', 'g'), '<!--.*?(--!?>|$)', '', 'g'), '<[!?][^>]*(>|$)', '', 'g');
  end if;
  -- DOMPurify's FORBID_CONTENTS, on the elements a stored article could hold
  if joined ~* '<(script|style|template|noscript|iframe|audio|video|svg|math|title|xmp|noembed|noframes|thead|colgroup|head)[\s/>]' then
    joined := regexp_replace(joined,
      '<(?:script|style|template|noscript|iframe|audio|video|svg|math|title|xmp|noembed|noframes|thead|colgroup|head)[\s/>].*?</(?:script|style|template|noscript|iframe|audio|video|svg|math|title|xmp|noembed|noframes|thead|colgroup|head)\s*>', '', 'gi');
  end if;
  joined := regexp_replace(regexp_replace(joined,
    '</?(p|h2|h3|br|blockquote|ul|ol|li|img|table|tbody|tr|th|td)(?=[\s/>])[^>]*>', ' ', 'gi'), '</?[a-z][^>]*>', '', 'gi');
  if strpos(joined, '&') = 0 then
    return joined;
  end if;
  return private.html_references_decoded(joined, false);
end
$$;
