-- Reader statistics without cookies or personal data (issue 46, decision 0044).
-- The browser calls public.record_page_view(path, referrer) through the REST API as anon, once a
-- public page is visible. Only daily aggregates are kept in public tables; a visitor is told apart
-- for one day by sha256(daily salt || address || user agent), which stays in this private schema,
-- and the salt and every per-visitor row are deleted when the day (Asia/Jakarta) changes.
-- The address is the first entry of X-Forwarded-For in request.headers: Supabase's gateway puts
-- the client's address there (behind Cloudflare the same address also arrives as CF-Connecting-IP),
-- and this project's server replaces the header with the address TRUST_PROXY resolves.

-- Settings: how long the daily aggregates are kept, and the bot pattern (isbot's, see below).
create table private.page_view_settings (
  id boolean primary key default true check (id),
  retention interval not null default interval '2 years' check (retention >= interval '1 day'),
  bot_pattern text not null
);

-- One secret per day; replaced (and the old one deleted) when the day changes.
create table private.page_view_salts (
  day date primary key,
  salt bytea not null
);

-- Which visitor read which path today: the only per-visitor rows, deleted with their day's salt.
create table private.page_view_seen (
  day date not null,
  visitor bytea not null,
  path text not null,
  primary key (day, visitor, path)
);

-- Per address (hashed with the salt) and ten-minute window: the flood limit's count.
create table private.page_view_callers (
  day date not null,
  caller bytea not null,
  window_start timestamptz not null,
  beacons integer not null,
  primary key (day, caller)
);

-- The aggregates, in the private schema too: tables in public get the write notification that
-- empties this server's read and page caches (server/db/platform/60_write_notify.sql), and a flood
-- of beacons must not re-render every page. Staff read them through the functions below.
-- Per day and path (an article page also by its id), a view is a visitor's first reading of that
-- path that day.
create table private.page_view_paths (
  day date not null,
  path text not null check (length(path) <= 200),
  article_id uuid references public.articles (id) on delete set null,
  views integer not null default 0,
  primary key (day, path)
);
create index page_view_paths_article_idx on private.page_view_paths (article_id, day) where article_id is not null;

-- Per day: views, distinct visitors, where the visitor's first page of the day came from and
-- which kind of device they read on.
create table private.page_view_days (
  day date primary key,
  views integer not null default 0,
  visitors integer not null default 0,
  search integer not null default 0,
  social integer not null default 0,
  direct integer not null default 0,
  other integer not null default 0,
  phone integer not null default 0,
  tablet integer not null default 0,
  desktop integer not null default 0
);

revoke all on table private.page_view_settings, private.page_view_salts, private.page_view_seen,
  private.page_view_callers, private.page_view_paths, private.page_view_days from public, anon, authenticated;

create function private.page_view_day() returns date
language sql stable set search_path = '' as $$
  select (now() at time zone 'Asia/Jakarta')::date
$$;

-- Today's salt, made on first use; yesterday's salt and every per-visitor row of earlier days go.
create function private.rotate_page_view_salt() returns bytea
language plpgsql security definer set search_path = '' as $$
declare
  today date := private.page_view_day();
  current_salt bytea;
begin
  select s.salt into current_salt from private.page_view_salts s where s.day = today;
  if current_salt is not null then
    return current_salt;
  end if;
  delete from private.page_view_salts where day <> today;
  delete from private.page_view_seen where day <> today;
  delete from private.page_view_callers where day <> today;
  insert into private.page_view_salts (day, salt)
    values (today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
    on conflict (day) do nothing;
  select s.salt into current_salt from private.page_view_salts s where s.day = today;
  return current_salt;
end
$$;

-- The daily purge (server/stats/purge.ts, or pg_cron on a hosted project): per-visitor rows of
-- past days and aggregates older than the retention.
create function private.purge_page_views() returns void
language plpgsql security definer set search_path = '' as $$
declare
  keep interval := (select s.retention from private.page_view_settings s);
begin
  perform private.rotate_page_view_salt();
  delete from private.page_view_paths where day < private.page_view_day() - keep;
  delete from private.page_view_days where day < private.page_view_day() - keep;
end
$$;

create function private.referrer_class(host text) returns text
language sql immutable set search_path = '' as $$
  select case
    when host is null or host = '' then 'direct'
    when host ~ '(^|\.)(google|bing|yahoo|duckduckgo|yandex|baidu|ecosia|naver|seznam|qwant|startpage)\.[a-z.]+$'
      or host ~ '(^|\.)search\.brave\.com$' then 'search'
    when host ~ '(^|\.)(facebook\.com|fb\.com|fb\.me|instagram\.com|t\.co|twitter\.com|x\.com|whatsapp\.com|wa\.me|tiktok\.com|youtube\.com|youtu\.be|linkedin\.com|lnkd\.in|telegram\.org|t\.me|reddit\.com|threads\.net|line\.me|pinterest\.com)$'
      then 'social'
    else 'other'
  end
$$;

create function private.device_class(agent text) returns text
language sql immutable set search_path = '' as $$
  select case
    when agent ~* 'ipad|tablet|kindle|silk|playbook' or (agent ~* 'android' and agent !~* 'mobile') then 'tablet'
    when agent ~* 'mobi|iphone|ipod|android|phone' then 'phone'
    else 'desktop'
  end
$$;

-- The public pages a view may name: the fixed pages, a published article, an existing gallery.
-- Returns the article id for an article page; raises for anything else.
create function private.page_view_target(path text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  id uuid;
begin
  if path in ('/', '/profil', '/struktur', '/kegiatan', '/galeri', '/kontak',
              '/kebijakan-privasi', '/aksesibilitas', '/informasi-publik') then
    return null;
  end if;
  if path ~ '^/berita/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select a.id into id from public.articles a
      where a.id = substr(path, 9)::uuid and a.published_at is not null and a.published_at <= now();
    if id is not null then
      return id;
    end if;
  elsif path ~ '^/galeri/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    if exists (select 1 from public.galleries g where g.id = substr(path, 9)::uuid) then
      return null;
    end if;
  end if;
  raise sqlstate 'PGRST' using
    message = json_build_object('code', 'P0002', 'message', 'Halaman tidak ditemukan: hanya halaman publik situs yang dihitung.')::text,
    detail = json_build_object('status', 404, 'headers', json_build_object())::text;
end
$$;

-- Counts one view. Returns true when it was counted, false when this visit is not counted
-- (Sec-GPC / DNT, a bot, a prefetch, signed-in staff, or this visitor already read this path today).
create function private.record_page_view(path text, referrer text default null) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_path text := record_page_view.path;
  v_headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  v_address text := btrim(split_part(coalesce(v_headers ->> 'x-forwarded-for', ''), ',', 1));
  v_agent text := coalesce(v_headers ->> 'user-agent', '');
  v_host text := lower(btrim(coalesce(record_page_view.referrer, '')));
  v_today date := private.page_view_day();
  v_salt bytea;
  v_visitor bytea;
  v_article uuid;
  v_beacons integer;
  v_first integer;
begin
  if v_path is null or length(v_path) > 200 or v_path !~ '^/[a-z0-9/_-]*$' then
    raise exception 'Jalur halaman tidak sah.' using errcode = '22023',
      hint = 'path: a public page path such as /berita/{id}, at most 200 characters';
  end if;
  if length(v_host) > 253 or v_host !~ '^([a-z0-9-]+(\.[a-z0-9-]+)*)?$' then
    raise exception 'Perujuk tidak sah.' using errcode = '22023',
      hint = 'referrer: the referring host name only, or empty';
  end if;
  v_article := private.page_view_target(v_path);

  if v_headers ->> 'sec-gpc' = '1' or v_headers ->> 'dnt' = '1'
     or coalesce(v_headers ->> 'sec-purpose', v_headers ->> 'purpose', '') ~* 'prefetch|prerender'
     or v_agent = '' or v_agent ~* (select s.bot_pattern from private.page_view_settings s)
     or private.is_staff() then
    return false;
  end if;

  v_salt := private.rotate_page_view_salt();
  insert into private.page_view_callers as c (day, caller, window_start, beacons)
    values (v_today, sha256(v_salt || convert_to('address:' || v_address, 'UTF8')), now(), 1)
    on conflict on constraint page_view_callers_pkey do update set
      window_start = case when c.window_start < now() - interval '10 minutes' then now() else c.window_start end,
      beacons = case when c.window_start < now() - interval '10 minutes' then 1 else c.beacons + 1 end
    returning c.beacons into v_beacons;
  -- 600 in ten minutes: a whole office behind one address reading briskly stays under it.
  if v_beacons > 600 then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', '53400', 'message', 'Terlalu banyak kunjungan dari alamat ini. Silakan coba lagi nanti.')::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', '600'))::text;
  end if;

  v_visitor := sha256(v_salt || convert_to(v_address || E'\n' || v_agent, 'UTF8'));
  insert into private.page_view_seen as s (day, visitor, path) values (v_today, v_visitor, v_path)
    on conflict on constraint page_view_seen_pkey do nothing;
  if not found then
    return false;
  end if;
  v_first := case when exists (select 1 from private.page_view_seen s
    where s.day = v_today and s.visitor = v_visitor and s.path <> v_path) then 0 else 1 end;

  insert into private.page_view_paths as p (day, path, article_id, views) values (v_today, v_path, v_article, 1)
    on conflict on constraint page_view_paths_pkey do update set views = p.views + 1;
  insert into private.page_view_days as d (day, views, visitors, search, social, direct, other, phone, tablet, desktop)
  select v_today, 1, v_first, (k = 'search')::int * v_first, (k = 'social')::int * v_first,
         (k = 'direct')::int * v_first, (k = 'other')::int * v_first,
         (dc = 'phone')::int * v_first, (dc = 'tablet')::int * v_first, (dc = 'desktop')::int * v_first
  from (select private.referrer_class(v_host) as k, private.device_class(v_agent) as dc) x
  on conflict on constraint page_view_days_pkey do update set
    views = d.views + 1,
    visitors = d.visitors + excluded.visitors,
    search = d.search + excluded.search, social = d.social + excluded.social,
    direct = d.direct + excluded.direct, other = d.other + excluded.other,
    phone = d.phone + excluded.phone, tablet = d.tablet + excluded.tablet, desktop = d.desktop + excluded.desktop;
  return true;
end
$$;
revoke execute on function private.record_page_view(text, text) from public;
grant execute on function private.record_page_view(text, text) to anon, authenticated, service_role;
revoke execute on function private.page_view_day(), private.rotate_page_view_salt(), private.purge_page_views(),
  private.referrer_class(text), private.device_class(text), private.page_view_target(text) from public, anon, authenticated;
grant execute on function private.purge_page_views(), private.rotate_page_view_salt() to service_role;

-- What the statistics page shows for the last `days` days (1 to 366), staff only.
create function private.page_view_summary(days integer default 30) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  today date := private.page_view_day();
  since date;
begin
  if not private.is_staff() then
    raise exception 'Hanya admin yang dapat membaca statistik pengunjung.' using errcode = '42501';
  end if;
  if days is null or days < 1 or days > 366 then
    raise exception 'Rentang hari tidak sah.' using errcode = '22023', hint = 'days: 1 to 366';
  end if;
  since := today - (days - 1);
  return jsonb_build_object(
    'today', (select jsonb_build_object('views', coalesce(max(d.views), 0), 'visitors', coalesce(max(d.visitors), 0))
              from private.page_view_days d where d.day = today),
    'days', (select coalesce(jsonb_agg(jsonb_build_object('day', g.day::date, 'views', coalesce(d.views, 0),
                'visitors', coalesce(d.visitors, 0)) order by g.day), '[]'::jsonb)
             from generate_series(since, today, interval '1 day') g(day)
             left join private.page_view_days d on d.day = g.day::date),
    'totals', (select jsonb_build_object('views', coalesce(sum(d.views), 0), 'visitors', coalesce(sum(d.visitors), 0),
                'search', coalesce(sum(d.search), 0), 'social', coalesce(sum(d.social), 0),
                'direct', coalesce(sum(d.direct), 0), 'other', coalesce(sum(d.other), 0),
                'phone', coalesce(sum(d.phone), 0), 'tablet', coalesce(sum(d.tablet), 0),
                'desktop', coalesce(sum(d.desktop), 0))
               from private.page_view_days d where d.day >= since),
    'articles', (select coalesce(jsonb_agg(jsonb_build_object('id', t.article_id, 'title', a.title, 'views', t.views)
                   order by t.views desc, a.title), '[]'::jsonb)
                 from (select p.article_id, sum(p.views)::integer as views from private.page_view_paths p
                       where p.day >= since and p.article_id is not null
                       group by p.article_id order by views desc limit 10) t
                 join public.articles a on a.id = t.article_id)
  );
end
$$;
revoke execute on function private.page_view_summary(integer) from public, anon;
grant execute on function private.page_view_summary(integer) to authenticated, service_role;

-- Every article's views over the kept days, for the content list; staff only.
create function private.article_view_totals() returns table (article_id uuid, views integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_staff() then
    raise exception 'Hanya admin yang dapat membaca statistik pengunjung.' using errcode = '42501';
  end if;
  return query select p.article_id, sum(p.views)::integer from private.page_view_paths p
    where p.article_id is not null group by p.article_id;
end
$$;
revoke execute on function private.article_view_totals() from public, anon;
grant execute on function private.article_view_totals() to authenticated, service_role;

-- The API's functions run as their caller (no SECURITY DEFINER in an exposed schema); the private
-- functions they call are the only way to the private tables.
create function public.record_page_view(path text, referrer text default null) returns boolean
language sql volatile security invoker set search_path = '' as $$
  select private.record_page_view(path, referrer)
$$;
create function public.page_view_summary(days integer default 30) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select private.page_view_summary(days)
$$;
create function public.article_view_totals() returns table (article_id uuid, views integer)
language sql stable security invoker set search_path = '' as $$
  select t.article_id, t.views from private.article_view_totals() t
$$;
revoke execute on function public.record_page_view(text, text), public.page_view_summary(integer),
  public.article_view_totals() from public;
grant execute on function public.record_page_view(text, text) to anon, authenticated, service_role;
grant execute on function public.page_view_summary(integer), public.article_view_totals() to authenticated, service_role;

-- isbot 5.2.3's pattern (isbot.getPattern()) in PostgreSQL's dialect: JavaScript's word boundary \b is
-- PostgreSQL's \y, and a hyphen after a class escape in brackets is escaped;
-- tests/stats/page-views.test.ts fails when the installed isbot says otherwise.
insert into private.page_view_settings (bot_pattern) values ($bot$ daum[ /]| deusu\/|(?:^|[^g])news(?!sapphire)|(?<! channel\/|google\/)google(?!(?:wv|app|\/google| pixel))|(?<! cu)bots?(?:\y|_)|(?<!cam)scan|(?<!lib)http|-user\/|24x7|;\s\w+;$|@[a-z][\w\-]+\.|\(\)|\.com\y|\y\w+\/1\.0;|\ybw\/|\ydlc\y|\yort\/|\yperl\y|\ytime\/|\||^[<\(;]|^[\w \.\-\(?:\):%]+(?:\/v?\d+(?:\.\d+)?(?:\.\d{1,10})*?)?(?:,|$)|^[\w\-]+\/[\w]+$|^[^ ]{50,}$|^\d+\y|^\w*search\y|^\w+\/[\w\(\)]*$|^\w+\/\d\.\d\s\([\w@]+\)$|^active|^ad muncher|^amaya|^apache\/|^avsdevicesdk\/|^azure|^biglotron|^blackbox exporter|^bot|^clamav[ /]|^claude-code\/|^client\/|^cobweb\/|^custom|^ddg[_-]android|^discourse|^dispatch\/\d|^downcast\/|^duckduckgo|^email|^exodusmovement|^facebook|^getright\/|^gozilla\/|^hobbit|^hotzonu|^hwcdn\/|^igetter\/|^jeode\/|^jetty\/|^jigsaw|^microsoft bits|^movabletype|^mozilla\/\d\.\d\s[\w\.-]+$|^mozilla\/\d\.\d\s\((?:compatible;)?(?:\s?[\w\d\-.]+[\s/]\d+\.\d+)?\)$|^navermailapp|^netsurf|^offline|^openai\/|^owler|^php|^postman|^ps_daily\/|^python|^rank|^read|^reed|^remove\.bg\/|^rest|^rss|^snapchat|^sora |^space bison|^stape\/|^svn|^swcd |^taringa|^thumbor\/|^track|^w3c|^webbandit\/|^webcopier|^wget|^whatsapp|^wordpress|^xenu link sleuth|^yahoo|^yandex|^zdm\/\d|^zoom marketplace\/|abuse|advisor|agent\y|analyzer|archive|ask jeeves\/teoma|attracta|audit|bluecoat drtr|browsex|burpcollaborator|capture|catch|check\y|checker|chrome-lighthouse|chromeframe|classifier|cloudflare|collapsify\y|convertify|cookiehubverify\/|crawl|cursor\/|cypress\/|dareboost|datanyze|dejaclick|detect|discovery|dmbrowser|download|exaleadcloudview|feed|firephp|foregenix|functionize|grab|hardenize\y|headless|hotjar|httrack|hubspot marketing grader|ibisbrowser|infrawatch|insight|inspect|iplabel|java(?!;)|library|linkcheck|linktiger|mail\.ru\/|marketgoo\/|measure|monitor\y|neustar wpm|node\y|nutch|offbyone|openvas|optimize|pageburst|pagespeed|parser|phantomjs|pingdom|playwright|powermarks|preview|productfinder|prospectingstudio|proxy|ptst[ /]\d|radar|readable\/|retriever|rexx;|rigor|rss\y|scrape|securityheaders|selenium|server|silktide|sindup\/|sogou|sparkler\/|speedcurve|spider|splash|statuscake|supercleaner|synapse|synthetic|testlocally|tools|torrent|transcoder|url|validator|virtuoso|wappalyzer|watchtowr|webglance|webkit2png|whatcms\/|xtate\/$bot$);
