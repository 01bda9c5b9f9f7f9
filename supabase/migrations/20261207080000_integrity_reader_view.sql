-- Issue 42 items 1 and 3 (decision 0038): the guard reads stored HTML as the renderer serves it to
-- a visitor, the same reading src/lib/integrity/reader-view.ts defines in TypeScript
-- (tests/security/integrity-reading.test.ts runs both over one corpus and requires that they agree).
-- - The renderer keeps only the editor's elements (src/lib/integrity/editor-markup.ts); any other
--   element is unwrapped, its text joined to the words beside it: 'ga<div>cor</div>' and
--   'ga<h1>cor</h1>' are served as 'gacor'. Only the kept elements that are not inline (p, h2, h3,
--   br, blockquote, ul, ol, li, img, table, tbody, tr, th, td) stand apart; 20261207010200 read every
--   element but a list of inline ones apart.
-- - The elements DOMPurify drops with their content (audio, video, svg, math, iframe, title, ...)
--   are read without it, as are comments in every form the HTML parser ends them ('<!-->',
--   '--!>') and other markup declarations ('<!x>', '<?x>').

create or replace function private.guard_joined(html text) returns text
language plpgsql immutable strict set search_path = '' as $$
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
  return private.html_attribute_decoded(joined);
end
$$;

-- The visible text of stored HTML as the guard judges it (src/lib/integrity/reader-view.ts'
-- readerView().text): the joined reading, normalised, its white space collapsed.
create function private.reader_view(html text) returns text
language plpgsql immutable strict set search_path = '' as $$
begin
  return btrim(regexp_replace(private.guard_reading(private.guard_joined(html)),
    '[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g'), ' ');
end
$$;

-- RFC 3492's encoder: the part of an IDNA label after 'xn--'.
create function private.punycode(label text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  points integer[] := array(select ascii(c) from regexp_split_to_table(label, '') with ordinality as x(c, n) order by n);
  output text := array_to_string(array(select chr(p) from unnest(points) with ordinality as x(p, n) where p < 128 order by n), '');
  basic integer := length(output);
  handled integer := basic;
  n integer := 128;
  delta bigint := 0;
  bias integer := 72;
  m integer;
  p integer;
  q bigint;
  k integer;
  t integer;
  d bigint;
begin
  if basic > 0 then
    output := output || '-';
  end if;
  while handled < cardinality(points) loop
    m := (select min(x) from unnest(points) as x where x >= n);
    delta := delta + (m - n)::bigint * (handled + 1);
    n := m;
    foreach p in array points loop
      if p < n then
        delta := delta + 1;
      end if;
      if p = n then
        q := delta;
        k := 36;
        loop
          t := case when k <= bias then 1 when k >= bias + 26 then 26 else k - bias end;
          exit when q < t;
          d := t + (q - t) % (36 - t);
          output := output || chr(case when d < 26 then 97 + d else 22 + d end::integer);
          q := (q - t) / (36 - t);
          k := k + 36;
        end loop;
        output := output || chr(case when q < 26 then 97 + q else 22 + q end::integer);
        -- adapt the bias
        d := case when handled = basic then delta / 700 else delta / 2 end;
        d := d + d / (handled + 1);
        k := 0;
        while d > 455 loop
          d := d / 35;
          k := k + 36;
        end loop;
        bias := k + (36 * d) / (d + 38);
        delta := 0;
        handled := handled + 1;
      end if;
    end loop;
    delta := delta + 1;
    n := n + 1;
  end loop;
  return output;
end
$$;

revoke execute on function private.reader_view(text), private.punycode(text) from public, anon, authenticated;
