-- The guard's cost per save, sixth pass (issue 32's goal: at most 1.1x a save without it; decision
-- 0037). After 20261128113000 a one-paragraph save spent about 0.6 ms in articles_integrity_check.
-- Timed step by step inside the functions (clock_timestamp marks) and profiled with perf, much of it
-- was reading what needed no reading:
-- - turning the old article row into jsonb spent 19 of its 27 µs on the generated search vector
--   (about 2 kB, never judged; in a BEFORE trigger the new row's is null already);
-- - the body was lowered and then searched five times for what makes it be read whole;
-- - a new paragraph of plain text, the editor's usual piece, went through the joined reading, the
--   hiding check, the attribute and link readings and their comparisons, each a pattern or a call,
--   and through two patterns that replace or split at every space (about 30 µs each);
-- - guard_words_with ran three queries over the item's lists on every save, also when they were
--   empty (an article has no sections and most have no captions);
-- - guard_may_hold read the whole term index row (its search patterns included) and gathered the
--   words holding a digit with a set-returning query;
-- - read_pieces' look-up could run as a sequential scan of private.integrity_pieces for every piece:
--   PL/pgSQL keeps a connection's plan, and a plan made while the table was small (after a deploy,
--   which empties it, or before its statistics catch up) kept scanning it as it grew.
-- PL/pgSQL also prepares every expression it evaluates once per transaction, so in a save (one
-- transaction) every statement it runs costs about a microsecond more than in a loop: fewer
-- statements on the usual path count. What is judged is unchanged; the tests of 20261127120000
-- through 20261128113000 run unchanged against it.

-- guard_may_hold (20261128113000) with the index row given: read_pieces reads it in its look-up
-- anyway, so a save no longer reads it a second time. A null row is read from the terms instead.
create function private.guard_may_hold(value text, idx private.integrity_term_index) returns boolean
language plpgsql stable set search_path = '' as $$
declare
  low text := lower(value);
  odd text;
  firsts text;
begin
  if idx is null then
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
  -- the words that hold a digit, '@' or '$' (the others taken out in one pass), read both ways; the
  -- first words are [a-z0-9] only, so they need no escaping in a pattern
  odd := regexp_replace(low, '(?<!\S)[^\s0-9@$]+(?!\S)', '', 'g');
  firsts := array_to_string(idx.firsts, '|');
  return translate(odd, '14@305$7', 'laaeosst') ~ firsts or translate(odd, '14@305$7', 'iaaeosst') ~ firsts;
end
$$;

-- The same, reading the index itself (guard_terms' first look).
create or replace function private.guard_may_hold(value text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.guard_may_hold(value, (select i from private.integrity_term_index i));
end
$$;

-- As in 20261128070000; the item's lists are read only when they hold something.
create or replace function private.guard_words_with(r jsonb, body_text text, body_joined text, body_attrs text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  captions text;
  sections text;
  gallery text;
begin
  -- Each list is read by a query of its own only when it holds something (an article has no
  -- sections, and most have no captions): a query costs far more than the look.
  if jsonb_typeof(r -> 'image_captions') = 'object' and r -> 'image_captions' <> '{}' then
    captions := (select string_agg(value, E'\n') from jsonb_each_text(r -> 'image_captions'));
  end if;
  if jsonb_typeof(r -> 'sections') = 'array' and r -> 'sections' <> '[]' then
    sections := (select string_agg(value, E'\n') from jsonb_array_elements_text(r -> 'sections'));
  end if;
  if jsonb_typeof(r -> 'image_gallery_urls') = 'array' and r -> 'image_gallery_urls' <> '[]' then
    gallery := (select string_agg(value, E'\n') from jsonb_array_elements_text(r -> 'image_gallery_urls'));
  end if;
  return concat_ws(E'\n',
    r ->> 'title', r ->> 'category', r ->> 'description', r ->> 'name', r ->> 'officer_title',
    r ->> 'officer_rank', r ->> 'officer_name', r ->> 'note', r ->> 'rank', r ->> 'period', r ->> 'photo_alt',
    body_text, body_joined, captions, sections, body_attrs,
    r ->> 'cover_image_url', r ->> 'photo_url', gallery);
end
$$;

-- As in 20261128113000, with one pattern for what makes a body be read whole, and a new paragraph
-- of plain text known without reading it further. Its queries are planned without sequential
-- scans: PL/pgSQL keeps a connection's plan, and one made while private.integrity_pieces was small
-- (after a deploy, which empties it, or before its statistics catch up) scanned the whole table for
-- every piece, computing each row's key again, as the table grew to thousands of rows (measured:
-- 0.9 ms a save in read_pieces instead of 0.3).
create or replace function private.read_pieces(html text, r jsonb) returns private.piece_reading
language plpgsql volatile security definer set search_path = '' set enable_seqscan = off as $$
declare
  reading private.piece_reading := row(false, false, false, '{}', '{}');
  pieces text[];
  missing integer[];
  piece private.integrity_pieces;
  fresh private.integrity_pieces[] := '{}';
  fresh_words text[] := '{}';
  idx private.integrity_term_index;
  k integer;
  i integer;
  t text;
  j text;
  a text;
  text_ends text[];
  joined_ends text[];
  attrs_ends text[];
  same boolean;
  spaced text[];
  words text;
  words_digest text;
  words_terms boolean;
  searched boolean;
begin
  if html is null then
    return reading;
  end if;
  -- removing these joins text across pieces; U+0001 is the cut marker (one pattern reads the body
  -- once, where lowering it and five searches read it six times)
  if html ~* '\x01|<(script|style|template|noscript|!--)' then
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
    -- what the pieces to read and the term search need of the terms' index (all null without it)
    (select i.longest from private.integrity_term_index i), (select i.first_words from private.integrity_term_index i),
    (select i.digit_first from private.integrity_term_index i), (select i.firsts from private.integrity_term_index i),
    (select i.terms from private.integrity_term_index i)
    into reading.hiding, reading.terms, text_ends, joined_ends, attrs_ends, same, t, a, missing,
      idx.longest, idx.first_words, idx.digit_first, idx.firsts, idx.terms
    from unnest(pieces) with ordinality as x(p, n)
      -- one look-up by key per piece (a join could scan the whole, growing table); the key is
      -- private.piece_digest's, written out so that the query does not call a function per piece
      left join lateral (select * from private.integrity_pieces s where s.digest = encode(sha256(convert_to(x.p, 'UTF8')), 'hex') limit 1) as s on true;
  reading.hosts := coalesce(string_to_array(t, chr(1)), '{}');
  reading.outbound := coalesce(string_to_array(a, chr(1)), '{}');
  if missing is not null then
    if idx is null then
      idx := private.term_index_of_terms();
    end if;
    -- a term of k words reaching over a piece's end has at most k - 1 of them in the piece
    k := idx.longest - 1;
    foreach i in array missing loop
      -- The editor's usual piece, a paragraph or heading of plain text (no tag inside, no '&', no
      -- white space but single spaces), has no inline tag to join across, no attribute, nothing
      -- that hides and no link: its joined reading is its text reading, which is the text between
      -- its tags, and its words are split by single spaces (where html_to_text's and guard_ends'
      -- patterns cost far more than the rest of its reading).
      if pieces[i] ~ '^<(p|h[1-6])>[^<&]*</(p|h[1-6])>$'
        and not pieces[i] ~ '[\t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|  ' then
        t := btrim(split_part(substr(pieces[i], strpos(pieces[i], '>') + 1), '<', 1), ' ');
        spaced := string_to_array(t, ' ');
        -- guard_ends' cut
        piece := row(private.piece_digest(pieces[i]), null, false, case when cardinality(spaced) <= 2 * k then t
          else array_to_string(spaced[1:k], ' ') || ' ¶ ' || array_to_string(spaced[cardinality(spaced) - k + 1:], ' ') end,
          null, null, '{}', now(), '{}');
        fresh := fresh || piece;
        fresh_words := fresh_words || t;
        text_ends[i] := piece.text_ends;
        joined_ends[i] := piece.text_ends;
        continue;
      end if;
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
  if (searched or cardinality(fresh) > 0) and private.guard_may_hold(t, idx) then
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

-- As in 20261128113000, without the article's search vector in the old row's jsonb.
create or replace function private.integrity_check() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_row jsonb;
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
  if tg_op = 'UPDATE' then
    -- an article's generated search vector (about 2 kB) is never judged, and turning it into jsonb
    -- costs more than the rest of the row (in a BEFORE trigger it is null in the new row already)
    if tg_table_name = 'articles' then
      old.search_vector := null;
    end if;
    old_row := to_jsonb(old);
  end if;
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

revoke execute on function private.guard_may_hold(text, private.integrity_term_index) from public, anon, authenticated;
