-- Editable unit pages and public-information pages (issue 25 items 2 and 4, decision 0023).
--
-- /profil's texts, /struktur's posts (leaders, staff sections, flights and their sections, the
-- headquarters company) and past commanders, and the public-information pages (privacy,
-- accessibility, PPID) were TypeScript constants; they live here, seeded with that content.
-- Everyone reads them; approved admin and superadmin staff write them. Like articles and
-- galleries (migration 20261124160000) every row carries an optimistic `version` (a stale one is
-- refused with 409), every update and delete keeps the previous state as a revision (staff read
-- them, 50 per row), and every write goes to the audit log. Texts are checked here as well as in
-- the editor: a body with script, event handlers or javascript: URLs is refused, so nothing
-- hostile is stored, and the pages still sanitise what they render.

create table public.unit_texts (
  id uuid primary key default gen_random_uuid(),
  key text not null unique check (key in ('sejarah', 'visi', 'misi', 'peran', 'tugas', 'makna_logo', 'penutup')),
  position smallint not null,
  title text not null,
  body text not null,
  photo_url text,
  photo_alt text,
  version integer not null default 1 check (version >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
comment on table public.unit_texts is '/profil texts (HTML from the rich-text editor), one row per section.';

create table public.unit_posts (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('pimpinan', 'staf', 'flight_operasional', 'flight_pemeliharaan', 'kompi_markas')),
  position smallint not null default 1,
  -- the post, section, flight or company ('Komandan Skadron', 'Seksi Intelijen', 'Flight A')
  name text not null,
  -- its officer: the officer's post title ('Pasi Intel'), rank and name; no name reads 'Belum ditetapkan'
  officer_title text,
  officer_rank text,
  officer_name text,
  photo_url text,
  -- a flight's sections, in order
  sections text[] not null default '{}',
  -- a remark shown instead of officers ('Akan diperbarui')
  note text,
  version integer not null default 1 check (version >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
comment on table public.unit_posts is '/struktur: leaders, staff sections, flights and the headquarters company.';
create index unit_posts_kind_idx on public.unit_posts (kind, position);

create table public.past_commanders (
  id uuid primary key default gen_random_uuid(),
  ordinal smallint not null unique check (ordinal between 1 and 999),
  rank text not null,
  name text not null,
  period text not null,
  photo_url text,
  version integer not null default 1 check (version >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
comment on table public.past_commanders is '/struktur timeline: the commanders of the squadron, in order.';

create table public.info_pages (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug in ('kebijakan-privasi', 'aksesibilitas', 'informasi-publik')),
  title text not null,
  description text not null,
  body text not null,
  version integer not null default 1 check (version >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
comment on table public.info_pages is 'Public-information pages (privacy notice, accessibility statement, PPID).';

-- Checks ----------------------------------------------------------------------------------------

create function private.unit_text_required(value text, label text, max_length integer) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if value is null or btrim(value) = '' then
    raise exception '% wajib diisi.', label using errcode = 'PT400';
  end if;
  if length(value) > max_length then
    raise exception '% terlalu panjang (maksimal % karakter).', label, max_length using errcode = 'PT400';
  end if;
end
$$;

create function private.unit_text_optional(value text, label text, max_length integer) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if value is not null and length(value) > max_length then
    raise exception '% terlalu panjang (maksimal % karakter).', label, max_length using errcode = 'PT400';
  end if;
end
$$;

-- What the editor never produces and a browser would run: refused rather than stored. URL
-- schemes are looked for after decoding character references and dropping the whitespace and
-- control characters a browser ignores inside a URL ('java&#x09;script:').
create function private.unit_html_check(html text, label text) returns void
language plpgsql immutable set search_path = '' as $$
declare
  squeezed text := regexp_replace(private.html_attribute_decoded(html), '[\s\x01-\x1f]+', '', 'g');
begin
  if html ~* '<\s*/?\s*(script|iframe|object|embed|style|form|input|button|textarea|select|link|meta|base|svg|math|frame|frameset|applet|template|noscript)\M'
    or html ~* '<[^>]*[\s/"'']on[a-z]+\s*='
    or squeezed ~* '=["'']?(javascript|vbscript|data):'
    or html ~* '<[^>]*\s(style|srcset)\s*=' then
    raise exception '% berisi kode HTML yang tidak diizinkan (skrip, sisipan, atau atribut event).', label
      using errcode = 'PT400', hint = 'Gunakan penyunting teks tanpa menempelkan kode HTML.';
  end if;
end
$$;

create function private.unit_photo_check(url text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if url is null then
    return;
  end if;
  if length(url) > 1000 or not (url ~ '^/images/[A-Za-z0-9/_.-]+\.(webp|png|jpe?g)$' or public.is_http_url(url)) then
    raise exception 'Alamat foto tidak valid.' using errcode = 'PT400';
  end if;
end
$$;

-- Security definer: the text helpers it calls are not granted to the roles that write.
create function private.check_unit_row() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  section text;
begin
  case tg_table_name
  when 'unit_texts' then
    perform private.unit_text_required(new.title, 'Judul', 120);
    perform private.unit_html_check(new.body, 'Isi teks');
    perform private.unit_text_required(private.html_to_text(new.body), 'Isi teks', 20000);
    perform private.unit_text_optional(new.body, 'Isi teks', 40000);
    perform private.unit_photo_check(new.photo_url);
    perform private.unit_text_optional(new.photo_alt, 'Keterangan foto', 200);
  when 'unit_posts' then
    perform private.unit_text_required(new.name, 'Nama jabatan atau satuan', 120);
    perform private.unit_text_optional(new.officer_title, 'Jabatan perwira', 120);
    perform private.unit_text_optional(new.officer_rank, 'Pangkat', 60);
    perform private.unit_text_optional(new.officer_name, 'Nama perwira', 120);
    perform private.unit_text_optional(new.note, 'Catatan', 200);
    perform private.unit_photo_check(new.photo_url);
    if cardinality(new.sections) > 20 then
      raise exception 'Seksi terlalu banyak (maksimal 20).' using errcode = 'PT400';
    end if;
    foreach section in array new.sections loop
      perform private.unit_text_required(section, 'Nama seksi', 120);
    end loop;
  when 'past_commanders' then
    perform private.unit_text_required(new.rank, 'Pangkat', 60);
    perform private.unit_text_required(new.name, 'Nama komandan', 120);
    perform private.unit_text_required(new.period, 'Periode menjabat', 60);
    perform private.unit_photo_check(new.photo_url);
  when 'info_pages' then
    perform private.unit_text_required(new.title, 'Judul', 120);
    perform private.unit_text_required(new.description, 'Ringkasan', 300);
    perform private.unit_html_check(new.body, 'Isi halaman');
    perform private.unit_text_required(private.html_to_text(new.body), 'Isi halaman', 60000);
    perform private.unit_text_optional(new.body, 'Isi halaman', 120000);
  end case;
  return new;
end
$$;

-- Versions --------------------------------------------------------------------------------------
-- The same rules as articles (private.check_row_version / stamp_row_version), with this page's
-- noun in the messages: an update naming a stale `version` is refused with PT409, an API update
-- without `version` with PT400; accepted updates get version + 1 and the writer.

create function private.unit_noun(table_name text) returns text
language sql immutable set search_path = '' as $$
  select case table_name
    when 'unit_texts' then 'Teks profil'
    when 'unit_posts' then 'Jabatan'
    when 'past_commanders' then 'Data komandan'
    else 'Halaman informasi' end
$$;

create function private.check_unit_version() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  noun text := private.unit_noun(tg_table_name);
  base text := nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-overwrite-version';
begin
  if new.version is null then
    raise exception '% tidak dapat disimpan tanpa nomor versi.', noun using errcode = 'PT400',
      hint = 'Kirim kolom version berisi versi yang dibaca.';
  end if;
  if new.version < 1 or new.version > old.version then
    raise exception 'Nomor versi tidak valid: %.', new.version using errcode = 'PT400',
      hint = format('Versi saat ini %s.', old.version);
  end if;
  if new.version < old.version then
    raise exception '% telah diubah oleh pengguna lain.', noun using errcode = 'PT409',
      detail = jsonb_build_object(
        'version', old.version,
        'updated_at', old.updated_at,
        'updated_by', old.updated_by,
        'updated_by_name', private.person_name(old.updated_by))::text,
      hint = 'Muat ulang versi terbaru atau simpan ulang dengan versi terbaru untuk menimpanya.';
  end if;
  if base ~ '^[0-9]{1,9}$' and base::integer < old.version then
    perform private.write_audit('unit_page.overwrite', 'unit_page', new.id, private.unit_label(tg_table_name, to_jsonb(new)),
      jsonb_build_object('version', jsonb_build_object('old', base::integer, 'new', old.version + 1),
        'overwritten_by', private.person_name(old.updated_by)));
  end if;
  new.version := old.version + 1;
  return new;
end
$$;

create function private.stamp_unit_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if public.is_api_request() or new.version is null then
      new.version := 1;
    end if;
  elsif new.version = old.version then
    if public.is_api_request() then
      raise exception '% tidak dapat disimpan tanpa nomor versi.', private.unit_noun(tg_table_name)
        using errcode = 'PT400', hint = 'Kirim kolom version berisi versi yang dibaca.';
    end if;
    new.version := old.version + 1;
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  if public.is_api_request() then
    new.updated_by := auth.uid();
  end if;
  return new;
end
$$;

-- Revisions and audit ---------------------------------------------------------------------------

-- The label the audit log and the revision list show for a row.
create function private.unit_label(table_name text, row_data jsonb) returns text
language sql immutable set search_path = '' as $$
  select case table_name
    when 'unit_texts' then 'Profil: ' || (row_data ->> 'title')
    when 'unit_posts' then 'Struktur: ' || (row_data ->> 'name')
    when 'past_commanders' then 'Komandan ke-' || (row_data ->> 'ordinal') || ': ' || (row_data ->> 'name')
    else 'Halaman: ' || (row_data ->> 'title') end
$$;

-- No foreign key: a deleted post's last state stays readable.
create table public.unit_page_revisions (
  id bigint generated always as identity primary key,
  table_name text not null check (table_name in ('unit_texts', 'unit_posts', 'past_commanders', 'info_pages')),
  row_id uuid not null,
  version integer not null,
  label text,
  -- the row as it was (every column)
  data jsonb not null,
  saved_by uuid,
  saved_by_name text,
  saved_at timestamptz not null,
  replaced_by uuid,
  replaced_by_name text,
  replaced_at timestamptz not null default now(),
  kind text not null check (kind in ('update', 'delete'))
);
comment on table public.unit_page_revisions is
  'Earlier versions of unit-page and information-page rows, written by triggers; staff read them; 50 per row.';
create index unit_page_revisions_row_idx on public.unit_page_revisions (row_id, id desc);

create function private.keep_unit_revision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cutoff bigint;
  before jsonb := to_jsonb(old);
begin
  if tg_op = 'UPDATE' and (before - 'version' - 'updated_at' - 'updated_by') = (to_jsonb(new) - 'version' - 'updated_at' - 'updated_by') then
    return null;
  end if;
  insert into public.unit_page_revisions (table_name, row_id, version, label, data, saved_by, saved_by_name,
    saved_at, replaced_by, replaced_by_name, kind)
  values (tg_table_name, old.id, old.version, private.unit_label(tg_table_name, before), before, old.updated_by,
    private.person_name(old.updated_by), old.updated_at, auth.uid(), private.person_name(auth.uid()), lower(tg_op));
  select r.id into cutoff from public.unit_page_revisions r
    where r.row_id = old.id order by r.id desc offset 50 limit 1;
  if cutoff is not null then
    delete from public.unit_page_revisions r where r.row_id = old.id and r.id <= cutoff;
  end if;
  return null;
end
$$;

create function private.audit_unit_page() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  diff jsonb := private.audit_diff(old_row, new_row);
begin
  if tg_op = 'UPDATE' and diff = '{}'::jsonb then
    return null;
  end if;
  perform private.write_audit('unit_page.' || case tg_op when 'INSERT' then 'create' when 'DELETE' then 'delete' else 'update' end,
    'unit_page', coalesce(new_row ->> 'id', old_row ->> 'id')::uuid,
    private.unit_label(tg_table_name, coalesce(new_row, old_row)),
    case when tg_op = 'DELETE' then '{}'::jsonb else diff end);
  return null;
end
$$;

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'user.approve', 'user.reject', 'user.suspend', 'user.restore', 'user.pending', 'user.role', 'user.delete',
  'user.mfa_reset', 'user.profile', 'settings.mfa_required',
  'article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete',
  'article.restore', 'article.overwrite',
  'gallery.create', 'gallery.update', 'gallery.delete', 'gallery.restore', 'gallery.overwrite',
  'photo.create', 'photo.update', 'photo.delete',
  'message.update', 'message.delete',
  'file.upload', 'file.replace', 'file.delete',
  'unit_page.create', 'unit_page.update', 'unit_page.delete', 'unit_page.overwrite'));
alter table public.audit_log drop constraint audit_log_target_type_check;
alter table public.audit_log add constraint audit_log_target_type_check
  check (target_type in ('user', 'article', 'gallery', 'settings', 'photo', 'message', 'file', 'unit_page'));

-- Triggers, in name order: checks, version, stamp; revision and audit after.
do $$
declare
  t text;
begin
  foreach t in array array['unit_texts', 'unit_posts', 'past_commanders', 'info_pages'] loop
    execute format('create trigger %1$s_1_check before insert or update on public.%1$I
      for each row execute function private.check_unit_row()', t);
    execute format('create trigger %1$s_2_version before update of version on public.%1$I
      for each row execute function private.check_unit_version()', t);
    execute format('create trigger %1$s_3_stamp before insert or update on public.%1$I
      for each row execute function private.stamp_unit_version()', t);
    execute format('create trigger %1$s_keep_revision after update or delete on public.%1$I
      for each row execute function private.keep_unit_revision()', t);
    execute format('create trigger %1$s_audit after insert or update or delete on public.%1$I
      for each row execute function private.audit_unit_page()', t);
  end loop;
end
$$;

revoke execute on function private.unit_text_required(text, text, integer), private.unit_text_optional(text, text, integer),
  private.unit_html_check(text, text), private.unit_photo_check(text), private.check_unit_row(),
  private.unit_noun(text), private.check_unit_version(), private.stamp_unit_version(), private.unit_label(text, jsonb),
  private.keep_unit_revision(), private.audit_unit_page() from public, anon, authenticated;
-- the stamp runs with the writer's rights (is_api_request() must see the caller's role)
grant execute on function private.unit_noun(text) to authenticated, service_role;

-- Row-level security ----------------------------------------------------------------------------
-- Everyone reads the pages; approved admin and superadmin staff write them. The fixed sections
-- (profile texts, information pages) are updated only; posts and commanders may be added and removed.

alter table public.unit_texts enable row level security;
alter table public.unit_posts enable row level security;
alter table public.past_commanders enable row level security;
alter table public.info_pages enable row level security;
alter table public.unit_page_revisions enable row level security;

revoke all on table public.unit_texts, public.unit_posts, public.past_commanders, public.info_pages,
  public.unit_page_revisions from public, anon, authenticated, service_role;
grant select on table public.unit_texts, public.unit_posts, public.past_commanders, public.info_pages
  to anon, authenticated, service_role;
grant update (title, body, photo_url, photo_alt, version) on table public.unit_texts to authenticated, service_role;
grant update (title, description, body, version) on table public.info_pages to authenticated, service_role;
grant insert (kind, position, name, officer_title, officer_rank, officer_name, photo_url, sections, note),
  update (kind, position, name, officer_title, officer_rank, officer_name, photo_url, sections, note, version),
  delete on table public.unit_posts to authenticated, service_role;
grant insert (ordinal, rank, name, period, photo_url),
  update (ordinal, rank, name, period, photo_url, version),
  delete on table public.past_commanders to authenticated, service_role;
grant select on table public.unit_page_revisions to authenticated, service_role;

create policy "Everyone reads the profile texts" on public.unit_texts for select to anon, authenticated using (true);
create policy "Staff edit the profile texts" on public.unit_texts for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));

create policy "Everyone reads the structure" on public.unit_posts for select to anon, authenticated using (true);
create policy "Staff add posts" on public.unit_posts for insert to authenticated with check ((select private.is_staff()));
create policy "Staff edit posts" on public.unit_posts for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "Staff remove posts" on public.unit_posts for delete to authenticated using ((select private.is_staff()));

create policy "Everyone reads the past commanders" on public.past_commanders for select to anon, authenticated using (true);
create policy "Staff add past commanders" on public.past_commanders for insert to authenticated
  with check ((select private.is_staff()));
create policy "Staff edit past commanders" on public.past_commanders for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "Staff remove past commanders" on public.past_commanders for delete to authenticated
  using ((select private.is_staff()));

create policy "Everyone reads the information pages" on public.info_pages for select to anon, authenticated using (true);
create policy "Staff edit the information pages" on public.info_pages for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));

create policy "Staff read unit page revisions" on public.unit_page_revisions for select to authenticated
  using ((select private.is_staff()));

-- Photos ----------------------------------------------------------------------------------------
-- Their own bucket: the article-image clean-up must never take a commander's portrait. Staff
-- upload into their own folder; a file is removed only while no unit page uses it.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('unit_photos', 'unit_photos', true, 5242880, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create function private.unit_photo_in_use(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with needle as (select '/unit_photos/' || object_name as tail)
  select exists (select 1 from public.unit_texts t, needle where right(t.photo_url, length(needle.tail)) = needle.tail)
    or exists (select 1 from public.unit_posts p, needle where right(p.photo_url, length(needle.tail)) = needle.tail)
    or exists (select 1 from public.past_commanders c, needle where right(c.photo_url, length(needle.tail)) = needle.tail)
$$;
revoke execute on function private.unit_photo_in_use(text) from public;
grant execute on function private.unit_photo_in_use(text) to authenticated, service_role;

create policy "Staff read unit photo files" on storage.objects for select to authenticated
  using (bucket_id = 'unit_photos' and (select private.is_staff()));
create policy "Staff upload unit photos into their own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'unit_photos' and (select private.is_staff())
    and (storage.foldername(objects.name))[1] = (select auth.uid())::text);
create policy "Staff delete unit photos no page uses" on storage.objects for delete to authenticated
  using (bucket_id = 'unit_photos' and (select private.is_staff())
    and not (select private.unit_photo_in_use(objects.name)));
