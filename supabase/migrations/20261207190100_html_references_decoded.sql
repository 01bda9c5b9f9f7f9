-- Issue 42 item 1 (decision 0038): character references read as the HTML parser reads them, from
-- the full WHATWG list (20261207190000). html_attribute_decoded knew numeric references and a few
-- ASCII names only, so 'g&aacute;cor' reached the guard as written while the reader saw 'gácor'.
-- - Text: a name with ';', else the longest legacy name it starts with ('g&aacutecor' is 'gácor',
--   '&notit;' is '¬it;'). In an attribute value a legacy name followed by a letter, a digit or
--   '=' stays as written (the spec's rule, so '?a=1&copy=2' keeps its parameter).
-- - Numbers: 0, surrogates and beyond U+10FFFF read U+FFFD, 0x80–0x9F as windows-1252; hexadecimal
--   references of any length (the old reading kept only the last 16 digits: '&#x10000000000000061;'
--   read 'a').

-- One query per text, not one per reference: the pieces between '&'s are decoded together, each
-- reference by one index lookup (the legacy prefixes only when no name matches whole).
create function private.html_references_decoded(value text, in_attribute boolean) returns text
language sql stable strict set search_path = '' as $$
  select case when strpos(value, '&') = 0 then value else (
    select coalesce(string_agg(case
        when p.ref is null then p.piece
        when left(p.ref, 1) = '#' then private.html_code_point(case
          when length(p.digits) > 8 then 1114112
          when p.digits = '' then 0
          when p.ref ~ '^#[xX]' then ('x' || lpad(p.digits, 16, '0'))::bit(64)::bigint
          else p.digits::bigint end)
        else coalesce(
          (select e.characters from private.html_character_references as e where e.name = p.ref),
          -- the longest legacy name the reference starts with; in an attribute value, not when a
          -- letter, a digit or '=' follows it
          (select case when in_attribute and case when length(l.name) < length(p.ref)
                then substr(p.ref, length(l.name) + 1, 1) else left(p.following, 1) end ~ '^[A-Za-z0-9=]'
              then null else l.characters || substr(p.ref, length(l.name) + 1) end
            from (select name, characters from private.html_character_references
              where name = any (array(select left(p.ref, k) from generate_series(1, least(length(p.ref), 6)) as k))
              order by length(name) desc limit 1) as l),
          p.piece) end, '' order by p.n), '')
    from (select m[1] as piece, m[2] as ref, n, lead(m[1]) over (order by n) as following,
            ltrim(substring(m[2] from '^#[xX]?([0-9A-Fa-f]+)'), '0') as digits
          from regexp_matches(value, '(&(#[xX][0-9A-Fa-f]+;?|#[0-9]+;?|[A-Za-z0-9]+;?)?|[^&]+)', 'g') with ordinality as x(m, n)) as p
  ) end
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
