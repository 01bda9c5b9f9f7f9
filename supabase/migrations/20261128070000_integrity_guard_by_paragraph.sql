-- The guard's cost per save, third pass (issue 32's goal: at most 1.1x a save without it; decision 0035).
--
-- What remained after 20261128000000 was the reading itself: every save read the whole body three
-- ways (text, text with inline tags joined, attributes), checked every start tag for hiding markup
-- and searched 6 kB of words for terms, although an edit changes a paragraph or two. Now a body is
-- read in pieces that end at a block's closing tag ('</p>', '</h2>', '</h3>', '</h4>'), and what
-- reading a piece found is kept by the piece's digest: whether it hides anything, whether any term
-- stands in it, its link hosts, and the words at its two ends. A save reads only the pieces never
-- seen before. The judgement is the whole body's, not a weaker one:
-- - hiding markup is a property of single start tags, an empty link cannot reach over a block's
--   closing tag, and a piece whose tags do not all parse on their own (a '</p>' inside a quoted
--   value cuts a tag) counts as hiding, which sends the save to the whole-body check;
-- - a term either stands inside one piece (then the piece is marked and the whole body is judged as
--   before) or reaches over pieces' ends; the words at every piece's ends (one fewer than the
--   longest term has, a short piece whole) are judged together with the item's other fields, in
--   the same order as the whole words, so a term split across an old and a new paragraph is found;
--   anything found there also sends the save to the whole-body reading, which scores it as before;
-- - the link count and the never-linked domains are judged on all of the body's hosts, in order;
-- - bodies with script, style, template, noscript or comments (whose removal joins text across
--   pieces) or a U+0001 (the cut marker) are read whole.
-- Nothing is trusted from the row's earlier state: a piece's facts follow from its text alone, and
-- they are dropped whenever the terms change.

create table private.integrity_pieces (
  digest text primary key,
  hiding text,
  has_terms boolean not null,
  text_ends text not null,
  -- null when the joined reading is the text reading, word for word
  joined_ends text,
  attrs_ends text,
  hosts text[] not null
);
revoke all on table private.integrity_pieces from public, anon, authenticated;
grant all on table private.integrity_pieces to service_role;

create function private.forget_integrity_pieces() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.integrity_pieces;
  perform set_config('skadron.body_reading', '', true);
  return null;
end
$$;
create trigger integrity_terms_forget_pieces after insert or update or delete or truncate on public.integrity_terms
  for each statement execute function private.forget_integrity_pieces();

-- The words at the two ends of a text: the first and last `k` whole, the middle replaced by a
-- pilcrow, which no term's words can reach over (it is neither a word character nor a space, and
-- the guard does not read it as a separator).
create function private.guard_ends(value text, k integer) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  words text[] := regexp_split_to_array(value, '\s+');
  n integer := cardinality(words);
begin
  if n <= 2 * k then
    return value;
  end if;
  return array_to_string(words[1:k], ' ') || ' ¶ ' || array_to_string(words[n - k + 1:n], ' ');
end
$$;

-- The item's words with the body's three readings given: guard_words(table, row) reads them from
-- the whole body, a save from its pieces.
create function private.guard_words_with(r jsonb, body_text text, body_joined text, body_attrs text) returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  return concat_ws(E'\n',
    r ->> 'title', r ->> 'category', r ->> 'description', r ->> 'name', r ->> 'officer_title',
    r ->> 'officer_rank', r ->> 'officer_name', r ->> 'note', r ->> 'rank', r ->> 'period', r ->> 'photo_alt',
    body_text, body_joined,
    (select string_agg(value, E'\n') from jsonb_each_text(case when jsonb_typeof(r -> 'image_captions') = 'object' then r -> 'image_captions' else '{}' end)),
    (select string_agg(value, E'\n') from jsonb_array_elements_text(case when jsonb_typeof(r -> 'sections') = 'array' then r -> 'sections' else '[]' end)),
    body_attrs,
    r ->> 'cover_image_url', r ->> 'photo_url',
    (select string_agg(value, E'\n') from jsonb_array_elements_text(case when jsonb_typeof(r -> 'image_gallery_urls') = 'array' then r -> 'image_gallery_urls' else '[]' end)));
end
$$;

-- The text with inline tags joined ('ga<b>cor</b>' reads as one word) and the alt texts, titles
-- and addresses in the markup, as guard_words has read them since 20261127120100.
create function private.guard_joined(html text) returns text
language plpgsql immutable strict set search_path = '' as $$
begin
  return private.html_attribute_decoded(regexp_replace(regexp_replace(html,
    '</?(strong|em|b|i|u|s|span|a|code|mark|sub|sup|small|abbr|font)(\s[^>]*)?>', '', 'gi'), '<[^>]*>', ' ', 'g'));
end
$$;

create function private.guard_attrs(html text) returns text
language plpgsql immutable strict set search_path = '' as $$
begin
  return (select string_agg(coalesce(private.html_tag_attribute(tag, 'alt'), '') || ' ' || coalesce(private.html_tag_attribute(tag, 'title'), '')
       || ' ' || coalesce(private.html_tag_attribute(tag, 'src'), '') || ' ' || coalesce(private.html_tag_attribute(tag, 'href'), ''), E'\n')
     from unnest(private.html_start_tags(html)) as tag
     where tag ~ '[\s/](alt|title|src|href)\s*=');
end
$$;

create or replace function private.guard_words(table_name text, r jsonb) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  html text := coalesce(r ->> 'content', r ->> 'body', '');
begin
  return private.guard_words_with(r, private.html_to_text(html), private.guard_joined(html), private.guard_attrs(html));
end
$$;

-- A body as read by its pieces: `usable` is false when it must be read whole; `clean` when no
-- piece hides anything or holds a term; then `hosts` are the body's link hosts in order and the
-- three texts its words at every piece's ends.
create type private.body_reading as (
  digest text, usable boolean, clean boolean, hosts text[], text_ends text, joined_ends text, attrs_ends text
);

-- The markup check and the guard run one after the other on the same body; the second gets the
-- first's reading from the transaction (keyed by the body's digest). Like the release flag
-- (skadron.integrity_release), the setting is for SQL in this database only, which the guard trusts.
create function private.body_pieces(html text) returns private.body_reading
language plpgsql volatile security definer set search_path = '' as $$
declare
  reading private.body_reading;
  low text;
  pieces text[];
  k integer;
  seen integer;
  known private.integrity_pieces[];
  linked boolean;
  same boolean;
begin
  reading.usable := false;
  if html is null then
    return reading;
  end if;
  reading.digest := md5(html);
  if current_setting('skadron.body_reading', true) like '(' || reading.digest || ',%' then
    return current_setting('skadron.body_reading', true)::private.body_reading;
  end if;
  low := lower(html);
  if strpos(html, chr(1)) > 0 or strpos(low, '<script') > 0 or strpos(low, '<style') > 0 or strpos(low, '<template') > 0
    or strpos(low, '<noscript') > 0 or strpos(low, '<!--') > 0 then
    return reading;
  end if;
  -- cut after the editor's block endings only (exact spelling): a piece left bigger is still right
  pieces := array_remove(string_to_array(replace(replace(replace(replace(html, '</p>', E'</p>\x01'), '</h2>', E'</h2>\x01'),
    '</h3>', E'</h3>\x01'), '</h4>', E'</h4>\x01'), chr(1)), '');
  -- one look-up by key per piece (a join could scan the whole, growing table)
  select array_agg(f.s order by x.n), count(f.s) into known, seen
    from unnest(pieces) with ordinality as x(p, n),
      lateral (select (select s from private.integrity_pieces s where s.digest = md5(x.p)) as s) as f;
  if seen < cardinality(pieces) then
    -- a term of k words reaching over a piece's end has at most k - 1 of them in the piece
    k := coalesce((select max(cardinality(string_to_array(t.term, ' '))) from public.integrity_terms t), 1) - 1;
    -- the new pieces' words are searched together first, a pilcrow between two pieces; only when
    -- some term stands there is each searched alone
    with r as materialized (
      select distinct on (md5(p)) md5(p) as digest, p, private.html_to_text(p) as t, private.guard_joined(p) as j,
        case when p ~* '[\s/](alt|title|src|href)\s*=' then private.guard_attrs(p) end as a
      from unnest(pieces) as p
      where not exists (select 1 from private.integrity_pieces s where s.digest = md5(p))
    ), found as (
      select exists (select 1 from private.guard_terms((select string_agg(concat_ws(E'\n', r.t, r.j, r.a), ' ¶ ') from r))) as any
    )
    insert into private.integrity_pieces (digest, hiding, has_terms, text_ends, joined_ends, attrs_ends, hosts)
    select r.digest, private.hiding_markup(r.p),
      case when (select f.any from found f) then exists (select 1 from private.guard_terms(concat_ws(E'\n', r.t, r.j, r.a))) else false end,
      private.guard_ends(r.t, k),
      case when regexp_replace(r.j, '^\s+|\s+$', '', 'g') is distinct from regexp_replace(r.t, '\s+', ' ', 'g') then private.guard_ends(r.j, k) end,
      private.guard_ends(r.a, k), case when strpos(lower(r.p), '<a') > 0 then private.html_link_hosts(r.p) else '{}' end
    from r
    on conflict do nothing;
    select array_agg(f.s order by x.n), count(f.s) into known, seen
      from unnest(pieces) with ordinality as x(p, n),
        lateral (select (select s from private.integrity_pieces s where s.digest = md5(x.p)) as s) as f;
  end if;
  select coalesce(bool_and(x.hiding is null and not x.has_terms), true),
    string_agg(x.text_ends, ' ' order by x.ordinality), string_agg(coalesce(x.joined_ends, x.text_ends), ' ' order by x.ordinality),
    string_agg(x.attrs_ends, E'\n' order by x.ordinality), bool_or(cardinality(x.hosts) > 0), bool_and(x.joined_ends is null)
    into reading.clean, reading.text_ends, reading.joined_ends, reading.attrs_ends, linked, same
  from unnest(known) with ordinality as x;
  -- When the joined reading is the text reading throughout, a term inside it is one inside the text
  -- reading; only its two ends meet other words (the text's end, the captions). Up to the first
  -- pilcrow and from the last are at least k words, or all of them.
  if same and strpos(reading.text_ends, ' ¶ ') > 0 then
    reading.joined_ends := split_part(reading.text_ends, ' ¶ ', 1) || ' ¶ ' || reverse(split_part(reverse(reading.text_ends), ' ¶ ', 1));
  end if;
  reading.hosts := '{}';
  if linked then
    reading.hosts := array(select u.host from unnest(known) with ordinality as x, unnest(x.hosts) with ordinality as u(host, m)
      order by x.ordinality, u.m);
  end if;
  -- a piece forgotten meanwhile (the terms changed) leaves the body to be read whole
  reading.usable := seen = cardinality(pieces);
  perform set_config('skadron.body_reading', reading::text, true);
  return reading;
end
$$;

-- Hiding markup in a body, or null: by its pieces when each is known clean, else as before.
create function private.body_hiding(html text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  read private.body_reading := private.body_pieces(html);
begin
  if read.usable and read.clean then
    return null;
  end if;
  return private.hiding_markup(html);
end
$$;

create or replace function private.refuse_hiding(html text, label text) returns void
language plpgsql volatile set search_path = '' as $$
declare
  reason text := private.body_hiding(html);
begin
  if reason is not null then
    raise exception '% berisi markah yang menyembunyikan isi (%).', label, reason using errcode = 'PT400',
      hint = 'Hapus bagian yang disembunyikan lalu simpan lagi; tempel teks tanpa format bila perlu.';
  end if;
end
$$;

create or replace function private.guard_reasons_for_hosts(words text, hosts text[]) returns text[]
language plpgsql stable security definer set search_path = '' as $$
declare
  settings private.integrity_settings;
  reasons text[] := '{}';
  score integer;
  hits text;
  outbound text[];
  fresh text[];
begin
  select * into settings from private.integrity_settings;
  -- a save read by its pieces has judged its words already and asks about its links only
  if words <> '' then
    select sum(case when g.disguised then greatest(g.weight, settings.hold_score) else g.weight end),
      string_agg(case when g.disguised then g.term || ' (disamarkan)' else g.term end, ', ' order by g.term)
      into score, hits from private.guard_terms(words) as g;
    if score >= settings.hold_score then
      reasons := reasons || ('Kata yang lazim di spam judi: ' || hits);
    end if;
  end if;
  outbound := array(select h from unnest(hosts) as h where not private.host_allowed(h));
  fresh := array(select distinct h from unnest(outbound) as h
    where not exists (select 1 from private.integrity_known_domains k where k.domain = h) order by h);
  if cardinality(fresh) > 0 then
    reasons := reasons || ('Tautan ke domain yang belum pernah ditautkan: ' || array_to_string(fresh, ', '));
  end if;
  if cardinality(outbound) > settings.max_outbound_links then
    reasons := reasons || format('Tautan keluar terlalu banyak: %s (batas %s)', cardinality(outbound), settings.max_outbound_links);
  end if;
  return reasons;
end
$$;
create or replace function private.integrity_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  columns text[] := private.guarded_columns(tg_table_name);
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  new_row jsonb := to_jsonb(new);
  html text := coalesce(new_row ->> 'content', new_row ->> 'body');
  hosts text[];
  read private.body_reading;
  reasons text[];
  was_public boolean;
  label text;
begin
  if current_setting('skadron.integrity_release', true) = 'on' then
    return new;
  end if;
  -- People writing through the API are guarded; a superadmin is the one who would release it,
  -- and owner SQL (seeding, operators, restores) is trusted here and scanned by the watch.
  if (select auth.uid()) is null or (select private.is_superadmin()) then
    perform private.remember_link_domains(html);
    return new;
  end if;
  -- only what is or becomes public, and only when something a reader sees changes
  if tg_table_name = 'articles' and new_row ->> 'published_at' is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and not exists (select 1 from unnest(columns) as c where old_row -> c is distinct from new_row -> c) then
    return new;
  end if;
  -- by the body's pieces while no piece and no piece's ends hold a term (then only the links can
  -- hold it); otherwise the whole words, scored as before
  read := private.body_pieces(html);
  if read.usable and read.clean and not exists (select 1 from
      private.guard_terms(private.guard_words_with(new_row, read.text_ends, read.joined_ends, read.attrs_ends))) then
    hosts := read.hosts;
    reasons := private.guard_reasons_for_hosts('', hosts);
  else
    hosts := private.html_link_hosts(coalesce(html, ''));
    reasons := private.guard_reasons_for_hosts(private.guard_words(tg_table_name, new_row), hosts);
  end if;
  label := coalesce(new_row ->> 'title', new_row ->> 'name', new_row ->> 'key', '');
  if cardinality(reasons) = 0 then
    insert into private.integrity_known_domains (domain)
    select distinct h from unnest(hosts) as h where not private.host_allowed(h)
    on conflict do nothing;
    update public.integrity_holds h set status = 'superseded'
      where h.row_id = new.id and h.status = 'pending';
    return new;
  end if;

  update public.integrity_holds h set status = 'superseded' where h.row_id = new.id and h.status = 'pending';
  insert into public.integrity_holds (table_name, row_id, label, reasons, proposed, held_by)
  values (tg_table_name, new.id, label, reasons, new_row, (select auth.uid()));
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

revoke execute on function private.forget_integrity_pieces(), private.guard_ends(text, integer),
  private.guard_words_with(jsonb, text, text, text), private.guard_joined(text), private.guard_attrs(text),
  private.body_pieces(text), private.body_hiding(text) from public;
