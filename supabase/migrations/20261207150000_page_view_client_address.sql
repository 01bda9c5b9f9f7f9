-- The client address a page view is counted by (issue 46, decision 0044), as the API gateway in
-- front of PostgREST reports it in request.headers.
-- Hosted Supabase: the API is served through Cloudflare, which sets CF-Connecting-IP to the address
-- that connected to it and overwrites any value a client sent; X-Forwarded-For is passed along with
-- Cloudflare's entry appended, so its first entry is whatever the client wrote there and a flood
-- could pick a new "address" (and a new visitor) per beacon. CF-Connecting-IP is read first.
-- This project's server: its gateway removes CF-Connecting-IP from the client's request and puts the
-- address TRUST_PROXY resolves into X-Forwarded-For alone (server/http/client-address.ts), so the
-- second branch is the one it takes.
create function private.request_address(headers json) returns text
language sql immutable set search_path = '' as $$
  select coalesce(nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
                  btrim(split_part(coalesce(headers ->> 'x-forwarded-for', ''), ',', 1)))
$$;
revoke execute on function private.request_address(json) from public, anon, authenticated;

-- Counts one view. Returns true when it was counted, false when this visit is not counted
-- (Sec-GPC / DNT, a bot, a prefetch, signed-in staff, or this visitor already read this path today).
create or replace function private.record_page_view(path text, referrer text default null) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_path text := record_page_view.path;
  v_headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  v_address text := private.request_address(v_headers);
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
