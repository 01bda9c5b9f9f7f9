-- Issue 42 item 2 (decision 0038): the guard matches terms in the text as a reader takes it in.
-- Seventeen of 25 disguised texts were published: a zero-width character or a soft hyphen inside a
-- word, letters of other scripts or full-width forms, an accent, 'ɡ', a brand spelling glued to
-- another word or to digits (SLOTGACOR, TOGEL4D), letters spaced or dotted out, a word split by
-- <wbr> or an empty comment, a right-to-left override. Now:
-- - private.guard_reading (below) is the one reading every term search goes through: what draws
--   nothing removed, NFKC, look-alike letters folded to Latin (private.reader_text, generated from
--   Unicode's data), the references that draw nothing ('&shy;') removed, and text under a
--   right-to-left override read reversed as well.
-- - Strong terms (weight >= hold_score) also match inside longer words and where a word is spelled
--   out one letter at a time ('g a c o r', 'g.a.c.o.r'); weak ones still match whole words only, so
--   'slot waktu', 'Bandar Udara' and a talk against 'judi online' publish.
-- - A word split by <wbr> or an empty comment is one word in the joined reading, as a browser shows it.
-- What a piece of a body was found to hold was judged by the old reading: the pieces are forgotten.

-- A text as the guard reads it (lowered).
create function private.guard_reading(value text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  read text := value;
begin
  -- the named references that draw nothing, where a body's text was not decoded
  if strpos(read, '&') > 0 and strpos(read, ';') > 0 then
    read := regexp_replace(read, '&(shy|zwj|zwnj|lrm|rlm|zerowidthspace|nobreak|invisibletimes|invisiblecomma|invisibleseparator|applyfunction|af|it|ic);', '', 'gi');
  end if;
  -- ASCII text is read as it is, with the pilcrows read_pieces puts between pieces (no pattern:
  -- PostgreSQL keeps 32 compiled per connection, and a save already uses about 31)
  if octet_length(read) - length(read) = length(read) - length(replace(read, '¶', '')) then
    return lower(read);
  end if;
  -- text after a right-to-left override or isolate is shown reversed
  if read ~ '[\u202b\u202e\u2067\u200f]' then
    read := read || E'\n' || reverse(read);
  end if;
  return private.reader_text(read);
end
$$;

-- The words spelled out one letter at a time ('g a c o r', 'g.a.c.o.r', 's-l-o-t') in a lowered
-- text, each joined into one word, one a line. Without a lookbehind: PostgreSQL checks one by
-- reading the text from its start at every place it is tried.
create function private.guard_spelled(low text) returns text
language sql immutable strict set search_path = '' as $$
  select coalesce(string_agg(regexp_replace(m[2], '[^a-z0-9]+', '', 'g'), E'\n'), '')
  from regexp_matches(low, '(^|[^a-z0-9])([a-z0-9](?:[^a-z0-9\n¶]{1,3}[a-z0-9](?![a-z0-9]))+)', 'g') as m
$$;

-- The strong terms without their spaces, searched inside words as plain substrings (a pattern of
-- them all tripled guard_terms' time): '{gacor,slotgacor,togel,...}'.
alter table private.integrity_term_index add column strong text[];

create or replace function private.term_index_of_terms() returns private.integrity_term_index
language sql stable security definer set search_path = '' as $$
  with strong as (
    select array_agg(distinct replace(t.term, ' ', '')) as list from public.integrity_terms t
    where t.weight >= (select s.hold_score from private.integrity_settings s)
  )
  select true, array_agg(distinct split_part(t.term, ' ', 1)),
    -- guard_may_hold's first look: a term's first word standing whole, or three letters in a row
    -- spelled out one at a time (then guard_terms reads them joined)
    concat_ws('|', '\m(' || string_agg(distinct split_part(t.term, ' ', 1), '|') || ')\M',
      '(^|[^a-z0-9])[a-z0-9][^a-z0-9\n¶]{1,3}[a-z0-9][^a-z0-9\n¶]{1,3}[a-z0-9]([^a-z0-9]|$)'),
    coalesce(bool_or(split_part(t.term, ' ', 1) ~ '[0-9]'), false),
    '\m(' || string_agg(replace(t.term, ' ', '\s+'), '|' order by t.term) || ')\M',
    coalesce(max(cardinality(string_to_array(t.term, ' '))), 1),
    (select strong.list from strong)
  from public.integrity_terms t
$$;
delete from private.integrity_term_index;
insert into private.integrity_term_index select (private.term_index_of_terms()).*;
delete from private.integrity_pieces;

-- As in 20261128140000, over the guard's reading, also true where a strong term stands inside a
-- word or letters are spelled out one at a time.
create or replace function private.guard_may_hold(value text, idx private.integrity_term_index) returns boolean
language plpgsql stable set search_path = '' as $$
declare
  low text := private.guard_reading(value);
  undone text;
  odd text;
  firsts text;
begin
  if idx is null then
    idx := private.term_index_of_terms();
  end if;
  if idx.terms is null then
    return false;
  end if;
  if regexp_replace(low, '[_.\-/]+', ' ', 'g') ~ idx.first_words then
    return true;
  end if;
  -- a strong term inside a word; read_pieces passes the index without the list
  undone := translate(low, '14@305$7', 'laaeosst');
  if exists (select 1 from unnest(coalesce(idx.strong, (select i.strong from private.integrity_term_index i))) as term
      where strpos(low, term) > 0 or strpos(undone, term) > 0) then
    return true;
  end if;
  if not low ~ '[a-z][0-9@$]|[0-9][a-z]' then
    return false;
  end if;
  if idx.digit_first then
    return true;
  end if;
  odd := regexp_replace(low, '(?<!\S)[^\s0-9@$]+(?!\S)', '', 'g');
  firsts := array_to_string(idx.firsts, '|');
  return translate(odd, '14@305$7', 'laaeosst') ~ firsts or translate(odd, '14@305$7', 'iaaeosst') ~ firsts;
end
$$;

-- As in 20261128113000, over the guard's reading, with the strong terms found inside words and in
-- words spelled out (counted as disguised where no plain reading has them).
create or replace function private.guard_terms(value text)
returns table (term text, weight integer, disguised boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  idx private.integrity_term_index;
  read text;
  plain text;
begin
  if not private.guard_may_hold(value) then
    return;
  end if;
  select * into idx from private.integrity_term_index;
  if not found then
    idx := private.term_index_of_terms();
  end if;
  read := private.guard_reading(value);
  plain := regexp_replace(read, '[_.\-/]+', ' ', 'g');
  return query
  with forms (form, body) as (
    select 'plain', plain
    union all select 'l', private.guard_normalized(read, 'l') where read ~ '[0-9@$]'
    -- '1' read as 'i' only matters where a '1' stands next to a letter
    union all select 'i', private.guard_normalized(read, 'i') where read ~* '[a-z]1'
  ), glued as materialized (
    select f.body || E'\n' || private.guard_spelled(f.body) as body from forms f
  ), found as (
    select regexp_replace(m[1], '\s+', ' ', 'g') as found_term, f.form
    from forms f, regexp_matches(f.body, idx.terms, 'g') as m
    union all
    -- strong terms inside words, and in words spelled out letter by letter
    select distinct t.term, 'glued' from glued g, unnest(idx.strong) as t(term) where strpos(g.body, t.term) > 0
  ), matched as (
    select t.term, t.weight, not bool_or(f.form = 'plain') as disguised
    from found f join public.integrity_terms t
      on t.term = f.found_term and f.form <> 'glued' or f.form = 'glued' and replace(t.term, ' ', '') = f.found_term
    group by t.term, t.weight
  )
  -- a term inside a longer matched one ('slot' in 'slot gacor') is not counted again
  select m.term, m.weight, m.disguised from matched m
  where not exists (select 1 from matched o where o.term <> m.term and (' ' || o.term || ' ') like ('% ' || m.term || ' %'));
end
$$;

-- As in 20261128113000, with <wbr> joining like an inline tag and comments removed, as a browser
-- shows 'ga<wbr>cor' and 'ga<!-- -->cor': one word.
create or replace function private.guard_joined(html text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  joined text := html;
begin
  if strpos(joined, '<!--') > 0 then
    joined := regexp_replace(joined, '<!--.*?(-->|$)', '', 'g');
  end if;
  joined := regexp_replace(regexp_replace(joined,
    '</?(strong|em|b|i|u|s|span|a|code|mark|sub|sup|small|abbr|font|wbr)(\s[^>]*)?/?>', '', 'gi'), '<[^>]*>', ' ', 'g');
  if strpos(joined, '&') = 0 then
    return joined;
  end if;
  return private.html_attribute_decoded(joined);
end
$$;

revoke execute on function private.guard_reading(text), private.guard_spelled(text) from public, anon, authenticated;
