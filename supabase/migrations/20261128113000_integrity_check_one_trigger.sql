-- The guard's cost per save, fifth pass (issue 32's goal: at most 1.1x a save without it; decision
-- 0036). Measured per statement after 20261128070000, a one-paragraph save still spent about 1.7 ms
-- in the two integrity triggers, most of it in work done twice or done for nothing:
-- - two triggers per row, each turning the old and new rows into jsonb, and the second reading the
--   body's pieces again (through a transaction setting parsed back into a composite);
-- - two term searches per save (the new pieces' words, then the words where pieces meet), each
--   first reading the distinct first words of every term from public.integrity_terms;
-- - the piece look-up run twice around the insert, and the pieces' facts aggregated by a third
--   query;
-- - a statement trigger on every insert into private.integrity_pieces;
-- - the superadmin check (three nested functions) before anything else, although only a save that
--   would be held, or that supersedes a pending hold, needs its answer;
-- - an update of integrity_holds on every clean save, which fires that table's statement trigger
--   and a NOTIFY even when no hold was pending;
-- - private.guarded_columns, a LANGUAGE sql function with its own search_path, planned anew on
--   every call;
-- - the term search over the words where pieces meet on every save, though an edit inside a
--   paragraph leaves them as they were, and every link's host judged against the settings anew;
-- - 31 of the 32 regular expressions PostgreSQL keeps compiled per connection in use, so that a
--   few more (a link, an attribute) had every one compiled again on every save.
-- Now one trigger per table (`*_integrity_check`) does the markup check and the guard in one pass;
-- the body is read by its pieces once (one look-up that also aggregates what is known, the new
-- pieces read, one term search, one insert that also prunes); whether a term stands in the words
-- where pieces meet is remembered like a piece, and so is which of a piece's hosts are outbound;
-- the terms' first words, search pattern and longest term are kept in
-- private.integrity_term_index, rebuilt whenever the terms change. What is judged, and how, is
-- unchanged: the same readings, the same fallbacks to the whole body, the same reasons, refusals
-- and holds (the tests of 20261127120000 through 20261128073900 run unchanged against it).

-- What guard_terms needs of the terms, kept rather than read from every term on every search.
create table private.integrity_term_index (
  one boolean primary key default true check (one),
  -- the distinct first words of the terms
  firsts text[],
  -- a first word standing whole: '\m(w1|w2|...)\M' (terms are [a-z0-9 ] only, so no escaping)
  first_words text,
  -- whether some first word has a digit (then any text with a digit is searched)
  digit_first boolean not null,
  -- the search for every term
  terms text,
  -- the word count of the longest term
  longest integer not null
);
revoke all on table private.integrity_term_index from public, anon, authenticated;
grant all on table private.integrity_term_index to service_role;

create function private.term_index_of_terms() returns private.integrity_term_index
language sql stable security definer set search_path = '' as $$
  select true, array_agg(distinct split_part(t.term, ' ', 1)),
    '\m(' || string_agg(distinct split_part(t.term, ' ', 1), '|') || ')\M',
    coalesce(bool_or(split_part(t.term, ' ', 1) ~ '[0-9]'), false),
    '\m(' || string_agg(replace(t.term, ' ', '\s+'), '|' order by t.term) || ')\M',
    coalesce(max(cardinality(string_to_array(t.term, ' '))), 1)
  from public.integrity_terms t
$$;

-- The terms changed: what reading any piece found may have changed, and so has the index.
create function private.integrity_terms_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.integrity_pieces;
  delete from private.integrity_term_index;
  insert into private.integrity_term_index select (private.term_index_of_terms()).*;
  return null;
end
$$;
drop trigger integrity_terms_forget_pieces on public.integrity_terms;
drop function private.forget_integrity_pieces();
create trigger integrity_terms_changed after insert or update or delete or truncate on public.integrity_terms
  for each statement execute function private.integrity_terms_changed();
insert into private.integrity_term_index select (private.term_index_of_terms()).*;

-- Whether any term can stand in a text at all: guard_terms' first look (20261128000000), made from
-- the index and callable on its own, so that a search that finds nothing costs no set-returning
-- call. A missing index row (only owner SQL can remove it) is read from the terms instead.
create function private.guard_may_hold(value text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  idx private.integrity_term_index;
  low text := lower(value);
  odd text;
  odd_l text;
  odd_i text;
begin
  select * into idx from private.integrity_term_index;
  if not found then
    idx := private.term_index_of_terms();
  end if;
  if idx.terms is null then
    return false;
  end if;
  -- a term matches only where its first word stands whole in the text read plainly, or, read with
  -- its disguises undone, inside one of the text's words that hold a digit, '@' or '$'
  if regexp_replace(low, '[_.\-/]+', ' ', 'g') ~ idx.first_words then
    return true;
  end if;
  -- Undoing a disguise (guard_normalized) changes only a digit, '@' or '$' right after a letter and
  -- splits a letter from a digit next to it: without either, every reading is the plain one.
  if not low ~ '[a-z][0-9@$]|[0-9][a-z]' then
    return false;
  end if;
  if idx.digit_first then
    return true;
  end if;
  odd := (select string_agg(m[1], ' ') from regexp_matches(low, '(\S*[0-9@$]\S*)', 'g') as m);
  odd_l := translate(odd, '14@305$7', 'laaeosst');
  odd_i := translate(odd, '14@305$7', 'iaaeosst');
  return exists (select 1 from unnest(idx.firsts) as f where strpos(odd_l, f) > 0 or strpos(odd_i, f) > 0);
end
$$;

-- The same terms as before (20261128000000), searched only where guard_may_hold finds one can be.
create or replace function private.guard_terms(value text)
returns table (term text, weight integer, disguised boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text;
  plain text;
begin
  if not private.guard_may_hold(value) then
    return;
  end if;
  pattern := coalesce((select i.terms from private.integrity_term_index i), (private.term_index_of_terms()).terms);
  plain := regexp_replace(lower(value), '[_.\-/]+', ' ', 'g');
  return query
  with forms (form, body) as (
    select 'plain', plain
    union all select 'l', private.guard_normalized(value, 'l') where value ~ '[0-9@$]'
    -- '1' read as 'i' only matters where a '1' stands next to a letter
    union all select 'i', private.guard_normalized(value, 'i') where value ~* '[a-z]1'
  ), found as (
    select regexp_replace(m[1], '\s+', ' ', 'g') as term, f.form
    from forms f, regexp_matches(f.body, pattern, 'g') as m
  ), matched as (
    select t.term, t.weight, not bool_or(f.form = 'plain') as disguised
    from found f join public.integrity_terms t on t.term = f.term
    group by t.term, t.weight
  )
  -- a term inside a longer matched one ('slot' in 'slot gacor') is not counted again
  select m.term, m.weight, m.disguised from matched m
  where not exists (select 1 from matched o where o.term <> m.term and (' ' || o.term || ' ') like ('% ' || m.term || ' %'));
end
$$;

-- The text with inline tags joined, as before (20261128070000); without '&' there is nothing to decode.
create or replace function private.guard_joined(html text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  joined text := regexp_replace(regexp_replace(html,
    '</?(strong|em|b|i|u|s|span|a|code|mark|sub|sup|small|abbr|font)(\s[^>]*)?>', '', 'gi'), '<[^>]*>', ' ', 'g');
begin
  if strpos(joined, '&') = 0 then
    return joined;
  end if;
  return private.html_attribute_decoded(joined);
end
$$;

-- Same answer; PL/pgSQL keeps its plan where a LANGUAGE sql function with a search_path is planned
-- on every call.
create or replace function private.guarded_columns(table_name text) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  return case table_name
    when 'articles' then array['title', 'category', 'content', 'image_captions', 'cover_image_url', 'image_gallery_urls', 'published_at']
    when 'unit_texts' then array['title', 'body', 'photo_url', 'photo_alt']
    when 'info_pages' then array['title', 'description', 'body']
    when 'unit_posts' then array['name', 'officer_title', 'officer_rank', 'officer_name', 'photo_url', 'sections', 'note']
    else array['rank', 'name', 'period', 'photo_url'] end;
end
$$;

-- A body read by its pieces: `usable` is false when it must be read whole; `hiding` when some piece
-- hides something (or does not parse alone); `terms` when some piece holds a term, or a term stands
-- in the words where pieces meet each other and the item's other fields; `hosts` are the body's
-- link hosts (in no particular order: the guard counts them and lists the new ones sorted), and
-- `outbound` those of them not on the link allowlist nor the site's own.
create type private.piece_reading as (usable boolean, hiding boolean, terms boolean, hosts text[], outbound text[]);

-- Which of a piece's link hosts are outbound (not allowed by private.host_allowed) is kept with the
-- piece, so a save does not ask again for every link of the body. It follows from the link settings,
-- so the pieces are forgotten when those change, as they are when the terms do. The cache starts
-- empty (below), so no row lacks it.
delete from private.integrity_pieces;
alter table private.integrity_pieces add column outbound text[] not null default '{}';

create function private.integrity_link_settings_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.integrity_pieces;
  return null;
end
$$;
create trigger integrity_link_settings_changed after update on private.integrity_settings
  for each row when (old.link_allowlist is distinct from new.link_allowlist or old.own_origins is distinct from new.own_origins)
  execute function private.integrity_link_settings_changed();

-- A piece's key: SHA-256, where 20261128070000 used MD5, whose collisions can be made to order (a
-- clean piece and a spam one under one key would let the second through as the first). The cache is
-- emptied below, so no MD5 key is trusted again.
create function private.piece_digest(value text) returns text
language plpgsql immutable strict parallel safe set search_path = '' as $$
begin
  return encode(sha256(convert_to(value, 'UTF8')), 'hex');
end
$$;

create function private.read_pieces(html text, r jsonb) returns private.piece_reading
language plpgsql volatile security definer set search_path = '' as $$
declare
  reading private.piece_reading := row(false, false, false, '{}', '{}');
  low text;
  pieces text[];
  missing integer[];
  piece private.integrity_pieces;
  fresh private.integrity_pieces[] := '{}';
  fresh_words text[] := '{}';
  k integer;
  i integer;
  t text;
  j text;
  a text;
  text_ends text[];
  joined_ends text[];
  attrs_ends text[];
  same boolean;
  words text;
  words_digest text;
  words_terms boolean;
  searched boolean;
begin
  if html is null then
    return reading;
  end if;
  low := lower(html);
  -- removing these joins text across pieces; U+0001 is the cut marker
  if strpos(html, chr(1)) > 0 or strpos(low, '<script') > 0 or strpos(low, '<style') > 0 or strpos(low, '<template') > 0
    or strpos(low, '<noscript') > 0 or strpos(low, '<!--') > 0 then
    return reading;
  end if;
  -- cut after the editor's block endings only (exact spelling): a piece left bigger is still right
  pieces := array_remove(string_to_array(replace(replace(replace(replace(html, '</p>', E'</p>\x01'), '</h2>', E'</h2>\x01'),
    '</h3>', E'</h3>\x01'), '</h4>', E'</h4>\x01'), chr(1)), '');
  -- what is known of each piece, in the body's order, null where a piece was never read
  select coalesce(bool_or(s.hiding is not null), false), coalesce(bool_or(s.has_terms), false),
    array_agg(s.text_ends order by x.n), array_agg(coalesce(s.joined_ends, s.text_ends) order by x.n),
    array_agg(s.attrs_ends order by x.n), coalesce(bool_and(s.joined_ends is null), true),
    string_agg(nullif(array_to_string(s.hosts, chr(1)), ''), chr(1)), string_agg(nullif(array_to_string(s.outbound, chr(1)), ''), chr(1)),
    array_agg(x.n) filter (where s.digest is null),
    -- a term of k words reaching over a piece's end has at most k - 1 of them in the piece
    (select i.longest - 1 from private.integrity_term_index i)
    into reading.hiding, reading.terms, text_ends, joined_ends, attrs_ends, same, t, a, missing, k
    from unnest(pieces) with ordinality as x(p, n)
      -- one look-up by key per piece (a join could scan the whole, growing table); the key is
      -- private.piece_digest's, written out so that the query does not call a function per piece
      left join lateral (select * from private.integrity_pieces s where s.digest = encode(sha256(convert_to(x.p, 'UTF8')), 'hex') limit 1) as s on true;
  reading.hosts := coalesce(string_to_array(t, chr(1)), '{}');
  reading.outbound := coalesce(string_to_array(a, chr(1)), '{}');
  if missing is not null then
    if k is null then
      k := (private.term_index_of_terms()).longest - 1;
    end if;
    foreach i in array missing loop
      -- html_to_text without its entity decoding, which a piece without '&' does not need (and
      -- without its script, style and comment removal: such bodies are read whole above)
      t := case when strpos(pieces[i], '&') = 0
        then btrim(regexp_replace(regexp_replace(pieces[i], '</?[a-z][^>]*>', ' ', 'gi'),
          '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')
        else private.html_to_text(pieces[i]) end;
      j := private.guard_joined(pieces[i]);
      -- guard_attrs reads only tags with these attributes; a piece without '=' has none
      a := case when strpos(pieces[i], '=') > 0 then private.guard_attrs(pieces[i]) end;
      -- Tags without attributes, none of which hides, hide nothing (and every '<' of the piece is
      -- one of them): hiding_markup's six regular expressions are left for the pieces with more.
      piece := row(private.piece_digest(pieces[i]),
        case when strpos(regexp_replace(pieces[i], '</?(p|h[1-6]|strong|em|b|i|u|s|br|ul|ol|li|blockquote|sub|sup|small|code|pre|hr)\s*/?>', '', 'gi'), '<') > 0
          then private.hiding_markup(pieces[i]) end,
        false, private.guard_ends(t, k),
        -- null when the joined reading is the text reading, word for word
        case when regexp_replace(j, '^\s+|\s+$', '', 'g') is distinct from regexp_replace(t, '\s+', ' ', 'g') then private.guard_ends(j, k) end,
        private.guard_ends(a, k), case when strpos(lower(pieces[i]), '<a') > 0 then private.html_link_hosts(pieces[i]) else '{}' end, now(), '{}');
      if cardinality(piece.hosts) > 0 then
        piece.outbound := array(select h from unnest(piece.hosts) as h where not private.host_allowed(h));
      end if;
      fresh := fresh || piece;
      -- the joined reading, when it is the text reading word for word, holds the same terms
      fresh_words := fresh_words || concat_ws(E'\n', t, case when piece.joined_ends is not null then j end, a);
      reading.hiding := reading.hiding or piece.hiding is not null;
      reading.hosts := reading.hosts || piece.hosts;
      reading.outbound := reading.outbound || piece.outbound;
      text_ends[i] := piece.text_ends;
      joined_ends[i] := coalesce(piece.joined_ends, piece.text_ends);
      attrs_ends[i] := piece.attrs_ends;
      same := same and piece.joined_ends is null;
    end loop;
  end if;
  t := array_to_string(text_ends, ' ');
  j := array_to_string(joined_ends, ' ');
  -- When the joined reading is the text reading throughout, a term inside it is one inside the text
  -- reading; only its two ends meet other words (the text's end, the captions). Up to the first
  -- pilcrow and from the last are at least k words, or all of them.
  if same and strpos(t, ' ¶ ') > 0 then
    j := split_part(t, ' ¶ ', 1) || ' ¶ ' || reverse(split_part(reverse(t), ' ¶ ', 1));
  end if;
  -- The words where pieces meet, with the item's other fields in guard_words' order: an editor's
  -- save changes a paragraph's middle far more often than its ends, so whether a term stands in
  -- these words is kept too, under the digest of the words behind a U+0001 (which no piece holds).
  words := private.guard_words_with(r, t, j, array_to_string(attrs_ends, E'\n'));
  words_digest := private.piece_digest(chr(1) || words);
  words_terms := (select s.has_terms from private.integrity_pieces s where s.digest = words_digest);
  searched := words_terms is null;
  -- Each new piece's words and, when never searched, those words, a pilcrow between (no term
  -- reaches over it), searched at once; only when something is found is each searched alone.
  t := concat_ws(' ¶ ', case when searched then words end, array_to_string(fresh_words, ' ¶ '));
  if (searched or cardinality(fresh) > 0) and private.guard_may_hold(t) then
    if exists (select 1 from private.guard_terms(t)) then
      if searched then
        words_terms := exists (select 1 from private.guard_terms(words));
      end if;
      for i in 1 .. cardinality(fresh) loop
        fresh[i].has_terms := exists (select 1 from private.guard_terms(fresh_words[i]));
        reading.terms := reading.terms or fresh[i].has_terms;
      end loop;
    end if;
  end if;
  if searched then
    fresh := fresh || row(words_digest, null, coalesce(words_terms, false), '', null, null, '{}', now(), '{}')::private.integrity_pieces;
  end if;
  reading.terms := reading.terms or coalesce(words_terms, false);
  if cardinality(fresh) > 0 then
    -- kept a week (20261128071900): pruned where the table grows, through its index
    with pruned as (delete from private.integrity_pieces where kept_at < now() - interval '7 days')
    insert into private.integrity_pieces select * from unnest(fresh) on conflict do nothing;
  end if;
  reading.usable := true;
  return reading;
end
$$;

-- The markup check (every writer, as check_hiding_markup since 20261127120000) and the guard (people
-- writing through the API, as integrity_guard since 20261128070000), in one trigger.
create function private.integrity_check() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  new_row jsonb := to_jsonb(new);
  html text := coalesce(new_row ->> 'content', new_row ->> 'body');
  person boolean := auth.uid() is not null;
  read private.piece_reading;
  reason text;
  url text;
  columns text[] := private.guarded_columns(tg_table_name);
  col text;
  changed boolean := tg_op = 'INSERT';
  hosts text[];
  outbound text[];
  reasons text[];
  was_public boolean;
  label text;
begin
  -- Only what the write changes is judged, so an old row that predates these rules can still be
  -- edited in its other fields (the watch reports it).
  if html is not null and (old_row is null or coalesce(old_row ->> 'content', old_row ->> 'body') is distinct from html) then
    read := private.read_pieces(html, new_row);
    if not read.usable or read.hiding then
      reason := private.hiding_markup(html);
      if reason is not null then
        raise exception '% berisi markah yang menyembunyikan isi (%).',
          case tg_table_name when 'articles' then 'Isi artikel' when 'info_pages' then 'Isi halaman' else 'Isi teks' end, reason
          using errcode = 'PT400', hint = 'Hapus bagian yang disembunyikan lalu simpan lagi; tempel teks tanpa format bila perlu.';
      end if;
    end if;
  end if;
  -- Photo addresses are judged for people writing through the API; owner SQL (seeding, restores,
  -- operators) is trusted here and reported by the watch.
  if person then
    if tg_table_name = 'articles' then
      if old_row is null or old_row ->> 'cover_image_url' is distinct from new_row ->> 'cover_image_url' then
        perform private.refuse_foreign_photo(new_row ->> 'cover_image_url', 'Gambar sampul');
      end if;
      if old_row is null or old_row -> 'image_gallery_urls' is distinct from new_row -> 'image_gallery_urls' then
        for url in select jsonb_array_elements_text(new_row -> 'image_gallery_urls') loop
          perform private.refuse_foreign_photo(url, 'Foto galeri artikel');
        end loop;
      end if;
    end if;
    if new_row ? 'photo_url' and (old_row is null or old_row ->> 'photo_url' is distinct from new_row ->> 'photo_url') then
      perform private.refuse_foreign_photo(new_row ->> 'photo_url', 'Foto');
    end if;
  end if;

  if current_setting('skadron.integrity_release', true) = 'on' then
    return new;
  end if;
  if not person then
    perform private.remember_link_domains(html);
    return new;
  end if;
  foreach col in array columns loop
    changed := changed or old_row -> col is distinct from new_row -> col;
  end loop;
  -- Only what is or becomes public, and only when something a reader sees changes. A superadmin is
  -- never held (they are the one who would release it); that is asked only where it changes the
  -- outcome: a save that would be held, a pending hold to supersede, links to remember.
  if not changed or (tg_table_name = 'articles' and new_row ->> 'published_at' is null) then
    if strpos(lower(html), '<a') > 0 and private.is_superadmin() then
      perform private.remember_link_domains(html);
    end if;
    return new;
  end if;
  if read is null then
    read := private.read_pieces(html, new_row);
  end if;
  -- by the body's pieces while none and no piece's ends hold a term (then only the links can hold
  -- it); otherwise the whole words, scored as before
  if read.usable and not read.hiding and not read.terms then
    hosts := read.hosts;
    outbound := read.outbound;
    reasons := case when cardinality(outbound) > 0 then private.guard_reasons_for_hosts('', hosts) else '{}' end;
  else
    hosts := private.html_link_hosts(coalesce(html, ''));
    outbound := array(select h from unnest(hosts) as h where not private.host_allowed(h));
    reasons := private.guard_reasons_for_hosts(private.guard_words(tg_table_name, new_row), hosts);
  end if;
  if cardinality(reasons) = 0 or private.is_superadmin() then
    if cardinality(outbound) > 0 then
      insert into private.integrity_known_domains (domain) select distinct h from unnest(outbound) as h on conflict do nothing;
    end if;
    if exists (select 1 from public.integrity_holds h where h.row_id = new.id and h.status = 'pending')
      and not private.is_superadmin() then
      update public.integrity_holds h set status = 'superseded' where h.row_id = new.id and h.status = 'pending';
    end if;
    return new;
  end if;

  label := coalesce(new_row ->> 'title', new_row ->> 'name', new_row ->> 'key', '');
  update public.integrity_holds h set status = 'superseded' where h.row_id = new.id and h.status = 'pending';
  insert into public.integrity_holds (table_name, row_id, label, reasons, proposed, held_by)
  values (tg_table_name, new.id, label, reasons, new_row, auth.uid());
  perform private.write_audit('integrity.hold', case when tg_table_name = 'articles' then 'article' else 'unit_page' end,
    new.id, label, jsonb_build_object('reasons', to_jsonb(reasons)));
  perform pg_notify('integrity_notices', '');

  if tg_op = 'INSERT' and tg_table_name <> 'articles' then
    return null;
  end if;
  was_public := tg_op = 'UPDATE' and (tg_table_name <> 'articles' or coalesce((old_row ->> 'published_at')::timestamptz <= now(), false));
  if not was_public then
    return jsonb_populate_record(new, '{"published_at": null}'::jsonb);
  end if;
  return jsonb_populate_record(new, (select jsonb_object_agg(c, old_row -> c) from unnest(columns) as c));
end
$$;

-- Same place among each table's triggers: 'integrity_check' sorts where '_integrity_1_markup' and
-- '_integrity_2_guard' did, and nothing sorted between them.
drop trigger articles_integrity_1_markup on public.articles;
drop trigger articles_integrity_2_guard on public.articles;
drop trigger unit_texts_integrity_1_markup on public.unit_texts;
drop trigger unit_texts_integrity_2_guard on public.unit_texts;
drop trigger info_pages_integrity_1_markup on public.info_pages;
drop trigger info_pages_integrity_2_guard on public.info_pages;
drop trigger unit_posts_integrity_1_markup on public.unit_posts;
drop trigger unit_posts_integrity_2_guard on public.unit_posts;
drop trigger past_commanders_integrity_1_markup on public.past_commanders;
drop trigger past_commanders_integrity_2_guard on public.past_commanders;
create trigger articles_integrity_check before insert or update on public.articles
  for each row execute function private.integrity_check();
create trigger unit_texts_integrity_check before insert or update on public.unit_texts
  for each row execute function private.integrity_check();
create trigger info_pages_integrity_check before insert or update on public.info_pages
  for each row execute function private.integrity_check();
create trigger unit_posts_integrity_check before insert or update on public.unit_posts
  for each row execute function private.integrity_check();
create trigger past_commanders_integrity_check before insert or update on public.past_commanders
  for each row execute function private.integrity_check();

drop trigger integrity_pieces_pruned on private.integrity_pieces;
drop function private.prune_integrity_pieces();
drop function private.check_hiding_markup();
drop function private.integrity_guard();
drop function private.refuse_hiding(text, text);
drop function private.body_hiding(text);
drop function private.body_pieces(text);
drop type private.body_reading;

revoke execute on function private.term_index_of_terms(), private.integrity_terms_changed(), private.guard_may_hold(text),
  private.integrity_link_settings_changed(),
  private.read_pieces(text, jsonb), private.integrity_check(), private.piece_digest(text) from public, anon, authenticated;
grant execute on function private.term_index_of_terms() to service_role;
