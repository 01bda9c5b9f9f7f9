-- The guard's cost per save (issue 32's goal: at most 1.1x a save without it). Profiled with
-- track_functions over 100 REST saves of a 3 kB published article: most of the guard's time was
-- planning, not matching. A LANGUAGE sql helper that is not inlined (none of these is: each sets
-- search_path) is planned again on every call from a trigger, and the save calls html_tag_attribute
-- ten times and html_to_text four. PL/pgSQL keeps the plan of each statement for the session.
-- The bodies are the same queries as before; only the language changes, so what they return does not.

create or replace function private.html_to_text(html text)
returns text
language plpgsql
immutable
strict
parallel safe
set search_path = ''
as $$
begin
  return (
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
    from decoded);
end
$$;

create or replace function private.html_start_tags(html text) returns text[]
language plpgsql immutable strict set search_path = '' as $$
begin
  return (select coalesce(array_agg(m[1]), '{}') from regexp_matches(lower(html),
    '(<[a-z][^\s/>]*(?:[\s/]+[^\s/>"''=]+(?:\s*=\s*(?:"[^"]*"|''[^'']*''|[^\s"''>]*))?)*[\s/]*>)', 'g') as m);
end
$$;

-- One pattern per attribute name; the names are the few the guard and the markup check ask for.
create or replace function private.html_tag_attribute(tag text, name text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  m text[] := regexp_match(tag, '[\s/]' || name || '(?:\s*=\s*(?:"([^"]*)"|''([^'']*)''|([^\s"''>]*)))?()(?=[\s/>])');
begin
  if m is null then
    return null;
  end if;
  return private.html_attribute_decoded(coalesce(m[1], m[2], m[3], ''));
end
$$;

create or replace function private.html_tag_attribute_names(tag text) returns text[]
language plpgsql immutable strict set search_path = '' as $$
begin
  return (select coalesce(array_agg(m[1]), '{}')
    from regexp_matches(regexp_replace(tag, '=\s*(?:"[^"]*"|''[^'']*''|[^\s"''>]*)', '', 'g'), '[\s/]([^\s/>"''=]+)', 'g') as m);
end
$$;

create or replace function private.html_link_hosts(html text) returns text[]
language plpgsql immutable strict set search_path = '' as $$
begin
  return (select coalesce(array_agg(h), '{}') from (
    select regexp_replace(substring(replace(btrim(private.html_tag_attribute(tag, 'href')), '\', '/')
      from '^(?:[a-z][a-z0-9+.-]*:)?//(?:[^/?#@]*@)?([^/?#:]+)'), '^www\.', '') as h
    from unnest(private.html_start_tags(html)) as tag
    where tag ~ '^<a[\s/>]'
  ) as hosts where h is not null and h <> '');
end
$$;

create or replace function private.host_allowed(host text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from private.integrity_settings s, unnest(s.link_allowlist) as p
    where host = lower(p) or (p like '*.%' and (host = lower(substr(p, 3)) or host like '%' || lower(substr(p, 2))))
  ) or exists (
    select 1 from private.integrity_settings s, unnest(s.own_origins) as o
    where host = regexp_replace(substring(lower(o) from '^[a-z]+://([^/:]+)'), '^www\.', '')
  );
end
$$;

create or replace function private.guard_normalized(value text, one_as text) returns text
language plpgsql immutable strict set search_path = '' as $$
begin
  return regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(lower(value), '[_.\-/]+', ' ', 'g'),
    '(?<=[a-z])1(?![0-9])', one_as, 'g'),
    '(?<=[a-z])[4@](?![0-9])', 'a', 'g'),
    '(?<=[a-z])3(?![0-9])', 'e', 'g'),
    '(?<=[a-z])0(?![0-9])', 'o', 'g'),
    '(?<=[a-z])[5$](?![0-9])', 's', 'g'),
    '(?<=[a-z])7(?![0-9])', 't', 'g'),
    '([a-z])([0-9])', '\1 \2', 'g'),
    '([0-9])([a-z])', '\1 \2', 'g');
end
$$;

create or replace function private.guard_words(table_name text, r jsonb) returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  return concat_ws(E'\n',
    r ->> 'title', r ->> 'category', r ->> 'description', r ->> 'name', r ->> 'officer_title',
    r ->> 'officer_rank', r ->> 'officer_name', r ->> 'note', r ->> 'rank', r ->> 'period', r ->> 'photo_alt',
    private.html_to_text(coalesce(r ->> 'content', r ->> 'body', '')),
    -- the text as it reads on screen: a word split by inline tags ('ga<b>cor</b>') is one word
    private.html_attribute_decoded(regexp_replace(regexp_replace(coalesce(r ->> 'content', r ->> 'body', ''),
      '</?(strong|em|b|i|u|s|span|a|code|mark|sub|sup|small|abbr|font)(\s[^>]*)?>', '', 'gi'), '<[^>]*>', ' ', 'g')),
    -- a malformed value is left to the table's own checks, which refuse it after this runs
    (select string_agg(value, E'\n') from jsonb_each_text(case when jsonb_typeof(r -> 'image_captions') = 'object' then r -> 'image_captions' else '{}' end)),
    (select string_agg(value, E'\n') from jsonb_array_elements_text(case when jsonb_typeof(r -> 'sections') = 'array' then r -> 'sections' else '[]' end)),
    -- alt texts, titles and file names in the markup, and the photos' file names
    (select string_agg(coalesce(private.html_tag_attribute(tag, 'alt'), '') || ' ' || coalesce(private.html_tag_attribute(tag, 'title'), '')
       || ' ' || coalesce(private.html_tag_attribute(tag, 'src'), '') || ' ' || coalesce(private.html_tag_attribute(tag, 'href'), ''), E'\n')
     from unnest(private.html_start_tags(coalesce(r ->> 'content', r ->> 'body', ''))) as tag
     where tag ~ '[\s/](alt|title|src|href)\s*='),
    r ->> 'cover_image_url', r ->> 'photo_url',
    (select string_agg(value, E'\n') from jsonb_array_elements_text(case when jsonb_typeof(r -> 'image_gallery_urls') = 'array' then r -> 'image_gallery_urls' else '[]' end)));
end
$$;

-- The terms in a text (as before), with a look first at whether any term can be there at all. The
-- one regular expression of every term was compiled again on most saves (PostgreSQL keeps 32
-- compiled expressions per connection, and a save's triggers use more than that) and run over
-- each form of the text, about 6 ms of a save's 8 ms in the guard. A term matches only where its
-- first word stands as a whole word in the text read plainly, or, read with its disguises undone,
-- inside one of the text's pieces that hold a digit, '@' or '$' (undoing a disguise changes only
-- those pieces, each such character into one letter). Plain substring searches find the few
-- first words that may stand there, and only then do the regular expressions run.
create or replace function private.guard_terms(value text)
returns table (term text, weight integer, disguised boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text;
  low text := lower(value);
  plain text := regexp_replace(low, '[_.\-/]+', ' ', 'g');
  odd text := (select string_agg(m[1], ' ') from regexp_matches(low, '(\S*[0-9@$]\S*)', 'g') as m);
  odd_l text := translate(odd, '14@305$7', 'laaeosst');
  odd_i text := translate(odd, '14@305$7', 'iaaeosst');
  firsts text[] := array(select distinct split_part(t.term, ' ', 1) from public.integrity_terms t);
  seen text[];
begin
  seen := array(select f from unnest(firsts) as f where strpos(low, f) > 0);
  if not (cardinality(seen) > 0 and plain ~ ('\m(' || array_to_string(seen, '|') || ')\M'))
    and (odd is null or not exists (select 1 from unnest(firsts) as f
      where translate(f, '0123456789', '') <> f
        or strpos(odd_l, f) > 0 or strpos(odd_i, f) > 0))
  then
    return;
  end if;
  select '\m(' || string_agg(replace(t.term, ' ', '\s+'), '|' order by t.term) || ')\M' into pattern from public.integrity_terms t;
  if pattern is null then
    return;
  end if;
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

-- The links of a saved item are read once: the guard judged them and then read them again to
-- remember their domains (two more parses of the same HTML per save). guard_reasons(words, html)
-- stays for the watch and the stored scan, and answers as before.
create function private.guard_reasons_for_hosts(words text, hosts text[]) returns text[]
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
  select sum(case when g.disguised then greatest(g.weight, settings.hold_score) else g.weight end),
    string_agg(case when g.disguised then g.term || ' (disamarkan)' else g.term end, ', ' order by g.term)
    into score, hits from private.guard_terms(coalesce(words, '')) as g;
  if score >= settings.hold_score then
    reasons := reasons || ('Kata yang lazim di spam judi: ' || hits);
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
revoke execute on function private.guard_reasons_for_hosts(text, text[]) from public;
grant execute on function private.guard_reasons_for_hosts(text, text[]) to service_role;

create or replace function private.guard_reasons(words text, html text) returns text[]
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.guard_reasons_for_hosts(words, private.html_link_hosts(coalesce(html, '')));
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
  hosts := private.html_link_hosts(coalesce(html, ''));
  reasons := private.guard_reasons_for_hosts(private.guard_words(tg_table_name, new_row), hosts);
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

