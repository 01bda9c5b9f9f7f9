-- Content integrity, part 1 (issue 32, decision 0026): no hiding place in saved HTML.
--
-- Defacers plant gambling links that readers never see but search engines do: a `hidden`
-- attribute, `aria-hidden`, an inline style that hides or shrinks, a hiding class ('sr-only'),
-- white text on the white page, `<font color=white>`, a link with no text. The pages already
-- sanitise what they render, but the stored HTML is what backups, feeds and any other reader
-- get, and the checks here run for every writer (the editor, a direct API call, a hosted
-- Supabase project). So article bodies, unit texts and information pages carrying such markup are
-- refused, photo fields take only this site's storage, and rows stored before this migration are
-- reported as findings (not changed: deciding what an old page meant is a person's job).

-- One row of settings. own_origins is filled by the server at start (SITE_URL and the address
-- it serves the API on); a hosted project sets it once by SQL. Allowlist patterns are a host
-- ('skadron.mil.id') or '*.' and a suffix ('*.go.id' covers 'kemhan.go.id').
create table private.integrity_settings (
  id boolean primary key default true check (id),
  own_origins text[] not null default '{}',
  link_allowlist text[] not null default '{*.go.id,*.mil.id}',
  max_outbound_links integer not null default 5 check (max_outbound_links >= 0),
  hold_score integer not null default 2 check (hold_score >= 1)
);
insert into private.integrity_settings default values;
revoke all on table private.integrity_settings from public, anon, authenticated;
grant all on table private.integrity_settings to service_role;

-- What the watch and this migration found; a finding is mailed once (notified_at) and stays
-- until a check no longer sees it (resolved_at).
create table public.integrity_findings (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('markup', 'words', 'photo', 'cloaking', 'unaccounted', 'build', 'watch')),
  subject text not null,
  detail text not null,
  fingerprint text not null unique,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  resolved_at timestamptz,
  notified_at timestamptz
);
create index integrity_findings_open_idx on public.integrity_findings (last_seen desc) where resolved_at is null;
alter table public.integrity_findings enable row level security;
create policy "Superadmins read integrity findings" on public.integrity_findings
  for select to authenticated using ((select private.is_superadmin()));
revoke all on table public.integrity_findings from public, anon, authenticated;
grant select on table public.integrity_findings to authenticated;
grant all on table public.integrity_findings to service_role;

-- The well-formed start tags of a piece of HTML (lower case), parsed as a browser reads
-- attributes: a '>' inside a quoted value does not end the tag.
create function private.html_start_tags(html text) returns text[]
language sql immutable strict set search_path = '' as $$
  select coalesce(array_agg(m[1]), '{}') from regexp_matches(lower(html),
    '(<[a-z][^\s/>]*(?:[\s/]+[^\s/>"''=]+(?:\s*=\s*(?:"[^"]*"|''[^'']*''|[^\s"''>]*))?)*[\s/]*>)', 'g') as m
$$;

-- One attribute's value in a start tag, character references decoded; null when absent.
create function private.html_tag_attribute(tag text, name text) returns text
language sql immutable strict set search_path = '' as $$
  select private.html_attribute_decoded(coalesce(m[1], m[2], m[3], ''))
  from regexp_matches(tag, '[\s/]' || name || '(?:\s*=\s*(?:"([^"]*)"|''([^'']*)''|([^\s"''>]*)))?()(?=[\s/>])') as m
$$;

-- Attribute names of a start tag (values removed first, so a value cannot pose as a name).
create function private.html_tag_attribute_names(tag text) returns text[]
language sql immutable strict set search_path = '' as $$
  select coalesce(array_agg(m[1]), '{}')
  from regexp_matches(regexp_replace(tag, '=\s*(?:"[^"]*"|''[^'']*''|[^\s"''>]*)', '', 'g'), '[\s/]([^\s/>"''=]+)', 'g') as m
$$;

-- Why a style hides its element, or null. Whitespace and comments go first; a CSS escape
-- ('\64 isplay') is refused outright, since nothing the editor writes has one.
create function private.hiding_style(style text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  s text := regexp_replace(regexp_replace(lower(style), '/\*.*?\*/', '', 'g'), '\s+', '', 'g');
  fg text := substring(s from '(?:^|;)color:([^;!]+)');
  bg text := substring(s from '(?:^|;)background(?:-color)?:([^;!]+)');
begin
  if strpos(s, '\') > 0 then return 'gaya dengan karakter escape'; end if;
  if s ~ '(^|;)display:none' then return 'display:none'; end if;
  if s ~ '(^|;)visibility:(hidden|collapse)' then return 'visibility:hidden'; end if;
  if s ~ '(^|;)opacity:(0|\.|0\.)' then return 'opacity rendah'; end if;
  if s ~ '(^|;)font-size:(0|\.|0\.|[0-5](\.[0-9]*)?(px|pt)|[a-z-]*small)' then return 'font-size sangat kecil'; end if;
  if s ~ '(^|;)(position:(absolute|fixed)|(left|top|right|bottom|text-indent|margin(-left|-top)?|z-index):-)' then return 'posisi di luar layar'; end if;
  if s ~ '(^|;)(max-)?(width|height):0' or s ~ '(^|;)(clip|clip-path|transform):' or s ~ '(^|;)overflow:hidden' then
    return 'ukuran nol atau terpotong';
  end if;
  if fg ~ '^(transparent|white|#fff|#ffffff|#ffffff00|rgba?\(255,255,255.*\)|hsla?\(0,0%,100%.*\))$'
    or (fg is not null and fg = bg) then
    return 'warna teks sama dengan latar';
  end if;
  return null;
end
$$;

-- Why this HTML hides something from its readers, or null when it hides nothing.
create function private.hiding_markup(html text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  tags text[];
  tag text;
  names text[];
  value text;
  reason text;
begin
  if html is null or strpos(html, '<') = 0 then
    return null;
  end if;
  tags := private.html_start_tags(html);
  -- every '<' and a letter must be one of those tags: what does not parse cleanly here could
  -- parse differently in a browser, so it is refused rather than guessed at
  if (select count(*) from regexp_matches(lower(html), '<[a-z]', 'g')) <> cardinality(tags) then
    return 'tag HTML yang tidak lengkap';
  end if;
  if lower(html) ~ '<a(\s[^>]*)?>(\s|&nbsp;|&#160;|&#xa0;|[\u200b-\u200d\ufeff]|<br\s*/?>|<span>|</span>)*</a>' then
    return 'tautan tanpa teks';
  end if;
  foreach tag in array tags loop
    if tag ~ '^<(font|details|marquee|dialog|noscript|template)[\s/>]' then
      return 'tag <' || substring(tag from '^<([a-z]+)') || '>';
    end if;
    names := private.html_tag_attribute_names(tag);
    if 'hidden' = any(names) then return 'atribut hidden'; end if;
    if 'aria-hidden' = any(names) then return 'atribut aria-hidden'; end if;
    if 'style' = any(names) then
      reason := private.hiding_style(private.html_tag_attribute(tag, 'style'));
      if reason is not null then return 'gaya ' || reason; end if;
    end if;
    if 'class' = any(names) then
      value := private.html_tag_attribute(tag, 'class');
      if exists (select 1 from regexp_split_to_table(value, '\s+') as c(token) where token ~
        '(^|:)(sr-only|hidden|invisible|collapse|d-none|hide|visually-?hidden|screen-reader-text|opacity-0|text-transparent|text-white|scale-0|absolute|fixed|overflow-hidden|(h|w|size|max-h|max-w)-0|-(left|top|right|bottom|inset|indent|translate)-.*|text-\[0.*)$') then
        return 'kelas yang menyembunyikan';
      end if;
    end if;
  end loop;
  return null;
end
$$;

-- Whether a photo address is this site's own: a picture shipped with the site (/images/...) or
-- an object in this site's Storage, addressed relatively or at one of its own origins.
create function private.own_photo_url(url text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  path text;
  canonical text;
begin
  -- at one of the site's own origins, only the path counts
  select substr(url, length(o) + 1) into path
    from private.integrity_settings s, unnest(s.own_origins) as o
    where lower(url) like lower(o) || '/%' limit 1;
  path := coalesce(path, url);
  if path ~ '^/images/[A-Za-z0-9/_.-]+\.(webp|png|jpe?g|gif|avif)$' then
    return true;
  end if;
  canonical := private.canonical_storage_url(path);
  return coalesce(canonical ~ '^/storage/v1/(object|render/image)/public/', false);
end
$$;

create function private.refuse_hiding(html text, label text) returns void
language plpgsql stable set search_path = '' as $$
declare
  reason text := private.hiding_markup(html);
begin
  if reason is not null then
    raise exception '% berisi markah yang menyembunyikan isi (%).', label, reason using errcode = 'PT400',
      hint = 'Hapus bagian yang disembunyikan lalu simpan lagi; tempel teks tanpa format bila perlu.';
  end if;
end
$$;

create function private.refuse_foreign_photo(url text, label text) returns void
language plpgsql stable set search_path = '' as $$
begin
  if url is not null and not private.own_photo_url(url) then
    raise exception '% harus berasal dari penyimpanan situs ini.', label using errcode = 'PT400',
      hint = 'Unggah fotonya melalui panel admin, jangan menautkan alamat dari situs lain.';
  end if;
end
$$;

-- Only what the write changes is judged, so an old row that predates these rules can still be
-- edited in its other fields (it is reported below instead). Photo addresses are judged for
-- people writing through the API; owner SQL (seeding, restores, operators) is trusted here and
-- reported by the watch, since only the running server knows the site's own origins.
create function private.check_hiding_markup() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  new_row jsonb := to_jsonb(new);
  person boolean := (select auth.uid()) is not null;
  url text;
begin
  if tg_table_name = 'articles' then
    if old_row is null or old_row ->> 'content' is distinct from new_row ->> 'content' then
      perform private.refuse_hiding(new_row ->> 'content', 'Isi artikel');
    end if;
    if person and (old_row is null or old_row ->> 'cover_image_url' is distinct from new_row ->> 'cover_image_url') then
      perform private.refuse_foreign_photo(new_row ->> 'cover_image_url', 'Gambar sampul');
    end if;
    if person and (old_row is null or old_row -> 'image_gallery_urls' is distinct from new_row -> 'image_gallery_urls') then
      for url in select jsonb_array_elements_text(new_row -> 'image_gallery_urls') loop
        perform private.refuse_foreign_photo(url, 'Foto galeri artikel');
      end loop;
    end if;
  elsif new_row ? 'body' and (old_row is null or old_row ->> 'body' is distinct from new_row ->> 'body') then
    perform private.refuse_hiding(new_row ->> 'body', case tg_table_name when 'info_pages' then 'Isi halaman' else 'Isi teks' end);
  end if;
  if person and new_row ? 'photo_url' and (old_row is null or old_row ->> 'photo_url' is distinct from new_row ->> 'photo_url') then
    perform private.refuse_foreign_photo(new_row ->> 'photo_url', 'Foto');
  end if;
  return new;
end
$$;

create trigger articles_integrity_1_markup before insert or update on public.articles
  for each row execute function private.check_hiding_markup();
create trigger unit_texts_integrity_1_markup before insert or update on public.unit_texts
  for each row execute function private.check_hiding_markup();
create trigger info_pages_integrity_1_markup before insert or update on public.info_pages
  for each row execute function private.check_hiding_markup();
create trigger unit_posts_integrity_1_markup before insert or update on public.unit_posts
  for each row execute function private.check_hiding_markup();
create trigger past_commanders_integrity_1_markup before insert or update on public.past_commanders
  for each row execute function private.check_hiding_markup();

-- A finding is recorded once per fingerprint; seeing it again only moves last_seen (and reopens
-- it when it had gone away).
create function private.record_finding(kind text, subject text, detail text) returns void
language sql security definer set search_path = '' as $$
  insert into public.integrity_findings (kind, subject, detail, fingerprint)
  values (kind, subject, detail, md5(kind || E'\n' || subject || E'\n' || detail))
  on conflict (fingerprint) do update set last_seen = now(), resolved_at = null,
    notified_at = case when public.integrity_findings.resolved_at is null then public.integrity_findings.notified_at end
$$;

-- Stored content with hiding markup or a foreign photo, as (kind, subject, detail) rows. The
-- watch runs it every interval, so a row changed by plain SQL or a restored backup is seen too.
create function private.stored_markup_findings()
returns table (kind text, subject text, detail text)
language sql stable security definer set search_path = '' as $$
  select 'markup', format('Artikel "%s" (%s)', a.title, a.id), private.hiding_markup(a.content)
    from public.articles a where private.hiding_markup(a.content) is not null
  union all
  select 'photo', format('Artikel "%s" (%s)', a.title, a.id), 'Foto dari luar situs: ' || u
    from public.articles a, unnest(array_remove(a.image_gallery_urls || a.cover_image_url, null)) as u
    where not private.own_photo_url(u)
  union all
  select 'markup', format('Teks profil "%s" (%s)', t.key, t.id), private.hiding_markup(t.body)
    from public.unit_texts t where private.hiding_markup(t.body) is not null
  union all
  select 'markup', format('Halaman informasi "%s" (%s)', p.slug, p.id), private.hiding_markup(p.body)
    from public.info_pages p where private.hiding_markup(p.body) is not null
  union all
  select 'photo', format('Foto "%s" (%s)', x.label, x.id), 'Foto dari luar situs: ' || x.photo_url
    from (select t.id, t.key as label, t.photo_url from public.unit_texts t
          union all select p.id, p.name, p.photo_url from public.unit_posts p
          union all select c.id, c.name, c.photo_url from public.past_commanders c) as x
    where x.photo_url is not null and not private.own_photo_url(x.photo_url)
$$;

revoke execute on function private.html_start_tags(text), private.html_tag_attribute(text, text),
  private.html_tag_attribute_names(text), private.hiding_style(text), private.hiding_markup(text),
  private.own_photo_url(text), private.refuse_hiding(text, text), private.refuse_foreign_photo(text, text),
  private.check_hiding_markup(), private.record_finding(text, text, text), private.stored_markup_findings() from public;
grant execute on function private.hiding_markup(text), private.record_finding(text, text, text),
  private.stored_markup_findings() to service_role;

-- Rows stored before these rules: reported, never rewritten.
do $$
declare
  found_row record;
  total integer := 0;
begin
  for found_row in select * from private.stored_markup_findings() loop
    perform private.record_finding(found_row.kind, found_row.subject, found_row.detail);
    raise notice 'integrity: % - % (%)', found_row.kind, found_row.subject, found_row.detail;
    total := total + 1;
  end loop;
  raise notice 'integrity: % stored row(s) with hiding markup or a foreign photo', total;
end
$$;
