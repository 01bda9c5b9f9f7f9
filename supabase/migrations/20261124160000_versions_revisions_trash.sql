-- Newsroom that loses nothing (issue 24, decision 0018).
--
-- 1. Optimistic concurrency: articles and galleries carry `version`. An API update must set
--    `version` to the version it was read at; a stale one is refused with SQLSTATE PT409, which
--    PostgREST (and our server/rest) answers as HTTP 409, and nothing changes. An accepted update
--    gets version + 1. `updated_at` (already, migration 20261122000200) and `updated_by` are set
--    here, whatever the client sends.
-- 2. Revisions: every accepted update and every delete keeps the previous state in
--    article_revisions / gallery_revisions, written by triggers; staff read them, nobody writes
--    them through the API; at most 50 per article or gallery.
-- 3. Trash: a deleted article or gallery stays restorable for 30 days from its 'delete' revision
--    (same id, same URL); its pictures count as in use meanwhile, so the Storage API refuses to
--    delete them (the policies of migration 20261123200300 ask the in-use functions below).

alter table public.articles
  add column version integer not null default 1 check (version >= 1),
  add column updated_by uuid;
alter table public.galleries
  add column version integer not null default 1 check (version >= 1),
  add column updated_by uuid;
comment on column public.articles.version is
  'Optimistic concurrency: an update sets it to the version it read; the database refuses a stale one (409) and increments it.';
comment on column public.articles.updated_by is 'Who made the current version (no foreign key: it outlives the account).';

-- The acting person's name as the audit log writes it.
create function private.person_name(person uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(nullif(btrim(p.full_name), ''), p.email) from public.profiles p where p.id = person
$$;

-- Runs only when the UPDATE names `version` (BEFORE UPDATE OF version): the version it names
-- must be the current one. Security definer to read the name of whoever made the newer version.
create function private.check_row_version() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  noun text := case tg_table_name when 'articles' then 'Artikel' else 'Galeri' end;
  kind text := case tg_table_name when 'articles' then 'article' else 'gallery' end;
  base text := nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-overwrite-version';
begin
  if new.version is null then
    raise exception '% tidak dapat disimpan tanpa nomor versi.', noun using errcode = 'PT400',
      hint = 'Kirim kolom version berisi versi yang dibaca.';
  end if;
  if new.version < 1 or new.version > old.version then
    raise exception 'Nomor versi % tidak valid: %.', lower(noun), new.version using errcode = 'PT400',
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
  -- A deliberate overwrite ('Simpan tetap'): the editor read `base`, was told about the newer
  -- version and saves over it; the audit log says so.
  if base ~ '^[0-9]{1,9}$' and base::integer < old.version then
    perform private.write_audit(kind || '.overwrite', kind, new.id,
      coalesce(to_jsonb(new) ->> 'title', to_jsonb(new) ->> 'name'),
      jsonb_build_object('version', jsonb_build_object('old', base::integer, 'new', old.version + 1),
        'overwritten_by', private.person_name(old.updated_by)));
  end if;
  new.version := old.version + 1;
  return new;
end
$$;

-- Every write: API writes without `version` are refused; inserts start at 1; the writer is
-- recorded. Invoker rights on purpose: is_api_request() must see the caller's role. Writes by the
-- owner (operator command, SQL, foreign-key actions, the restore functions below) are trusted and
-- only counted.
create function private.stamp_row_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if public.is_api_request() or new.version is null then
      new.version := 1;
    end if;
  elsif new.version = old.version then
    if public.is_api_request() then
      raise exception '% tidak dapat disimpan tanpa nomor versi.',
        case tg_table_name when 'articles' then 'Artikel' else 'Galeri' end
        using errcode = 'PT400', hint = 'Kirim kolom version berisi versi yang dibaca.';
    end if;
    new.version := old.version + 1;
  end if;
  if public.is_api_request() then
    new.updated_by := auth.uid();
  end if;
  return new;
end
$$;

-- Trigger names order them: the check runs before the stamp.
create trigger articles_version_1_check before update of version on public.articles
  for each row execute function private.check_row_version();
create trigger articles_version_2_stamp before insert or update on public.articles
  for each row execute function private.stamp_row_version();
create trigger galleries_version_1_check before update of version on public.galleries
  for each row execute function private.check_row_version();
create trigger galleries_version_2_stamp before insert or update on public.galleries
  for each row execute function private.stamp_row_version();

-- The version and the writer change on every update; the audit entry lists what the person changed.
create or replace function private.audit_diff(old_row jsonb, new_row jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_object_agg(key, jsonb_build_object('old', private.audit_cut(old_row -> key), 'new', private.audit_cut(new_row -> key))), '{}'::jsonb)
  from jsonb_object_keys(coalesce(new_row, '{}'::jsonb) || coalesce(old_row, '{}'::jsonb)) as key
  where key not in ('id', 'created_at', 'updated_at', 'version', 'updated_by')
    and coalesce(old_row -> key, 'null'::jsonb) is distinct from coalesce(new_row -> key, 'null'::jsonb)
$$;

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'user.approve', 'user.reject', 'user.suspend', 'user.restore', 'user.pending', 'user.role', 'user.delete',
  'article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete',
  'article.restore', 'article.overwrite',
  'gallery.create', 'gallery.update', 'gallery.delete', 'gallery.restore', 'gallery.overwrite'));

-- Revisions ---------------------------------------------------------------------------------
-- No foreign key to the article: a deleted article's last state is its way back.
create table public.article_revisions (
  id bigint generated always as identity primary key,
  article_id uuid not null,
  version integer not null,
  title text not null,
  category text,
  content text not null,
  cover_image_url text,
  image_gallery_urls text[] not null default '{}',
  published_at timestamptz,
  author_id uuid,
  article_created_at timestamptz not null,
  -- who made this version, and when
  saved_by uuid,
  saved_by_name text,
  saved_at timestamptz not null,
  -- who replaced it (kind 'update') or deleted the article (kind 'delete'), and when
  replaced_by uuid,
  replaced_by_name text,
  replaced_at timestamptz not null default now(),
  kind text not null check (kind in ('update', 'delete'))
);
comment on table public.article_revisions is
  'Earlier versions and deleted articles, written by triggers; staff read them; 50 per article.';
create index article_revisions_article_idx on public.article_revisions (article_id, id desc);
create index article_revisions_replaced_at_idx on public.article_revisions (replaced_at);

create table public.gallery_revisions (
  id bigint generated always as identity primary key,
  gallery_id uuid not null,
  version integer not null,
  name text not null,
  description text,
  -- [{path, caption, alt, position}] in display order
  photos jsonb not null default '[]'::jsonb,
  gallery_created_at timestamptz not null,
  saved_by uuid,
  saved_by_name text,
  saved_at timestamptz not null,
  replaced_by uuid,
  replaced_by_name text,
  replaced_at timestamptz not null default now(),
  kind text not null check (kind in ('update', 'delete'))
);
comment on table public.gallery_revisions is
  'Earlier versions and deleted galleries with their photo list, written by triggers; staff read them; 50 per gallery.';
create index gallery_revisions_gallery_idx on public.gallery_revisions (gallery_id, id desc);
create index gallery_revisions_replaced_at_idx on public.gallery_revisions (replaced_at);

alter table public.article_revisions enable row level security;
alter table public.gallery_revisions enable row level security;
revoke all on table public.article_revisions, public.gallery_revisions from public, anon, authenticated, service_role;
grant select on table public.article_revisions, public.gallery_revisions to authenticated, service_role;
create policy "Staff read article revisions" on public.article_revisions
  for select to authenticated using ((select private.is_staff()));
create policy "Staff read gallery revisions" on public.gallery_revisions
  for select to authenticated using ((select private.is_staff()));

create function private.keep_article_revision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cutoff bigint;
begin
  insert into public.article_revisions (article_id, version, title, category, content, cover_image_url,
    image_gallery_urls, published_at, author_id, article_created_at, saved_by, saved_by_name, saved_at,
    replaced_by, replaced_by_name, kind)
  values (old.id, old.version, old.title, old.category, old.content, old.cover_image_url,
    old.image_gallery_urls, old.published_at, old.author_id, old.created_at, old.updated_by,
    private.person_name(old.updated_by), old.updated_at, auth.uid(), private.person_name(auth.uid()),
    lower(tg_op));
  select r.id into cutoff from public.article_revisions r
    where r.article_id = old.id order by r.id desc offset 50 limit 1;
  if cutoff is not null then
    delete from public.article_revisions r where r.article_id = old.id and r.id <= cutoff;
  end if;
  return null;
end
$$;

create function private.keep_gallery_revision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cutoff bigint;
begin
  insert into public.gallery_revisions (gallery_id, version, name, description, photos, gallery_created_at,
    saved_by, saved_by_name, saved_at, replaced_by, replaced_by_name, kind)
  values (old.id, old.version, old.name, old.description,
    (select coalesce(jsonb_agg(jsonb_build_object('path', p.path, 'caption', p.caption, 'alt', p.alt,
        'position', p.position) order by p.position, p.created_at), '[]'::jsonb)
      from public.gallery_photos p where p.gallery_id = old.id),
    old.created_at, old.updated_by, private.person_name(old.updated_by), old.updated_at,
    auth.uid(), private.person_name(auth.uid()), lower(tg_op));
  select r.id into cutoff from public.gallery_revisions r
    where r.gallery_id = old.id order by r.id desc offset 50 limit 1;
  if cutoff is not null then
    delete from public.gallery_revisions r where r.gallery_id = old.id and r.id <= cutoff;
  end if;
  return old;
end
$$;

create trigger articles_keep_revision after update or delete on public.articles
  for each row execute function private.keep_article_revision();
create trigger galleries_keep_revision_on_update after update on public.galleries
  for each row execute function private.keep_gallery_revision();
-- before the delete: the photo rows go with the gallery (cascade) before any AFTER trigger runs
create trigger galleries_keep_revision_on_delete before delete on public.galleries
  for each row execute function private.keep_gallery_revision();

-- Trash: what was deleted in the last 30 days and is not back. Invoker rights, so the
-- revisions' staff-only policy decides who sees it.
create view public.article_trash with (security_invoker = true) as
  select distinct on (r.article_id)
    r.article_id as id, r.id as revision_id, r.version, r.title, r.category, r.cover_image_url,
    r.published_at, r.author_id, r.replaced_by as deleted_by, r.replaced_by_name as deleted_by_name,
    r.replaced_at as deleted_at
  from public.article_revisions r
  where r.kind = 'delete' and r.replaced_at > now() - interval '30 days'
    and not exists (select 1 from public.articles a where a.id = r.article_id)
  order by r.article_id, r.id desc;

create view public.gallery_trash with (security_invoker = true) as
  select distinct on (r.gallery_id)
    r.gallery_id as id, r.id as revision_id, r.version, r.name, r.description,
    jsonb_array_length(r.photos) as photo_count, r.photos -> 0 ->> 'path' as cover_path,
    r.replaced_by as deleted_by, r.replaced_by_name as deleted_by_name, r.replaced_at as deleted_at
  from public.gallery_revisions r
  where r.kind = 'delete' and r.replaced_at > now() - interval '30 days'
    and not exists (select 1 from public.galleries g where g.id = r.gallery_id)
  order by r.gallery_id, r.id desc;

revoke all on table public.article_trash, public.gallery_trash from public, anon, authenticated, service_role;
grant select on table public.article_trash, public.gallery_trash to authenticated, service_role;

-- Pictures stay while a version that uses them can be restored: any revision of the last 30
-- days, a deleted article's included. Same needles as migration 20261123200300.
create or replace function private.article_image_in_use(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with needles as (
    select distinct '/article_images/' || spelling as needle
    from unnest(array[object_name, private.url_encoded_path(object_name), replace(object_name, '&', '&amp;')]) as spelling
  )
  select exists (
    select 1
    from public.articles a, needles n
    where strpos(a.content, n.needle) > 0
      or strpos(coalesce(a.cover_image_url, ''), n.needle) > 0
      or strpos(array_to_string(a.image_gallery_urls, ' '), n.needle) > 0
  ) or exists (
    select 1
    from public.article_revisions r, needles n
    where r.replaced_at > now() - interval '30 days'
      and (strpos(r.content, n.needle) > 0
        or strpos(coalesce(r.cover_image_url, ''), n.needle) > 0
        or strpos(array_to_string(r.image_gallery_urls, ' '), n.needle) > 0)
  )
$$;

-- A deleted gallery's photos stay while it is in the trash.
create or replace function private.gallery_photo_in_use(bucket_object text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.gallery_photos p where p.path = bucket_object)
    or exists (
      select 1 from public.gallery_revisions r
      where r.kind = 'delete' and r.replaced_at > now() - interval '30 days'
        and r.photos @> jsonb_build_array(jsonb_build_object('path', bucket_object))
        and not exists (select 1 from public.galleries g where g.id = r.gallery_id)
    )
$$;

-- Gallery photo files no gallery and no restorable deleted gallery lists, a day old: the files
-- of galleries whose 30 days in the trash are over. The gallery page removes them through the
-- Storage API, as the content page does for article images (migration 20261123200500).
create function public.abandoned_gallery_photos() returns setof text
language sql stable security invoker set search_path = '' as $$
  select o.name
  from storage.objects o
  where (select private.is_staff())
    and o.bucket_id = 'gallery_photos'
    and o.created_at < now() - interval '1 day'
    and not private.gallery_photo_in_use(o.name)
  order by o.created_at
  limit 200
$$;
revoke execute on function public.abandoned_gallery_photos() from public, anon;
grant execute on function public.abandoned_gallery_photos() to authenticated, service_role;

-- Restores --------------------------------------------------------------------------------
-- Security definer: they write the row as the owner (so the revisions' own checks and the
-- version check still run, but no API policy stands between staff and the trash). Each one
-- checks the caller first.

create function private.require_staff(what text) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (select private.is_staff()) then
    raise exception 'Hanya admin dan superadmin yang dapat %.', what using errcode = '42501';
  end if;
end
$$;

-- An earlier version of a live article becomes its newest version; `expected_version` is the
-- version the editor shows (a stale one gets the same 409 as a stale save).
create function public.restore_article_revision(target_article uuid, revision_id bigint, expected_version integer)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  rev public.article_revisions;
  restored integer;
begin
  perform private.require_staff('memulihkan revisi');
  select * into rev from public.article_revisions r where r.id = revision_id;
  if not found or rev.article_id is distinct from target_article then
    raise exception 'Revisi tidak ditemukan untuk artikel ini.' using errcode = 'PT404';
  end if;
  if rev.replaced_at < now() - interval '30 days' then
    raise exception 'Revisi ini berumur lebih dari 30 hari dan tidak dapat dipulihkan lagi.' using errcode = 'PT410';
  end if;
  update public.articles a
    set title = rev.title, category = rev.category, content = rev.content,
      cover_image_url = rev.cover_image_url, image_gallery_urls = rev.image_gallery_urls,
      published_at = rev.published_at, version = expected_version, updated_by = auth.uid()
    where a.id = target_article
    returning a.version into restored;
  if restored is null then
    raise exception 'Artikel tidak ditemukan; artikel yang dihapus dipulihkan dari Tempat Sampah.' using errcode = 'PT404';
  end if;
  perform private.write_audit('article.restore', 'article', target_article, rev.title,
    jsonb_build_object('version', jsonb_build_object('old', rev.version, 'new', restored)));
  return restored;
end
$$;

-- The trash entry (the latest 'delete' revision) a restore brings back; refuses a row that is not
-- deleted (409), nothing in the trash (404) and an entry older than 30 days (410).
create function private.trash_entry(trash_kind text, target uuid) returns bigint
language plpgsql stable security definer set search_path = '' as $$
declare
  noun text := case trash_kind when 'article' then 'Artikel' else 'Galeri' end;
  live boolean;
  entry bigint;
  deleted_at timestamptz;
begin
  if trash_kind = 'article' then
    live := exists (select 1 from public.articles a where a.id = target);
    select r.id, r.replaced_at into entry, deleted_at from public.article_revisions r
      where r.article_id = target and r.kind = 'delete' order by r.id desc limit 1;
  else
    live := exists (select 1 from public.galleries g where g.id = target);
    select r.id, r.replaced_at into entry, deleted_at from public.gallery_revisions r
      where r.gallery_id = target and r.kind = 'delete' order by r.id desc limit 1;
  end if;
  if live then
    raise exception '% ini tidak berada di Tempat Sampah.', noun using errcode = 'PT409';
  end if;
  if entry is null then
    raise exception '% tidak ditemukan di Tempat Sampah.', noun using errcode = 'PT404';
  end if;
  if deleted_at < now() - interval '30 days' then
    raise exception '% sudah lebih dari 30 hari di Tempat Sampah dan tidak dapat dipulihkan lagi.', noun using errcode = 'PT410';
  end if;
  return entry;
end
$$;

-- A deleted article comes back from the trash with its id (so its URL), author, dates and text.
create function public.restore_deleted_article(target_article uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  rev public.article_revisions;
  entry bigint;
begin
  perform private.require_staff('memulihkan artikel dari Tempat Sampah');
  entry := private.trash_entry('article', target_article);
  select * into rev from public.article_revisions r where r.id = entry;
  insert into public.articles (id, title, category, content, cover_image_url, image_gallery_urls, published_at,
    author_id, created_at, version, updated_by)
  values (rev.article_id, rev.title, rev.category, rev.content, rev.cover_image_url, rev.image_gallery_urls,
    rev.published_at, (select p.id from public.profiles p where p.id = rev.author_id), rev.article_created_at,
    rev.version + 1, auth.uid());
  perform private.write_audit('article.restore', 'article', target_article, rev.title,
    jsonb_build_object('version', jsonb_build_object('old', rev.version, 'new', rev.version + 1)));
  return rev.version + 1;
end
$$;

create function public.restore_deleted_gallery(target_gallery uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  rev public.gallery_revisions;
  entry bigint;
begin
  perform private.require_staff('memulihkan galeri dari Tempat Sampah');
  entry := private.trash_entry('gallery', target_gallery);
  select * into rev from public.gallery_revisions r where r.id = entry;
  insert into public.galleries (id, name, description, created_at, version, updated_by)
  values (rev.gallery_id, rev.name, rev.description, rev.gallery_created_at, rev.version + 1, auth.uid());
  insert into public.gallery_photos (gallery_id, path, caption, alt, position)
  select rev.gallery_id, p ->> 'path', p ->> 'caption', p ->> 'alt', (p ->> 'position')::integer
  from jsonb_array_elements(rev.photos) as p
  on conflict (gallery_id, path) do nothing;
  perform private.write_audit('gallery.restore', 'gallery', target_gallery, rev.name,
    jsonb_build_object('version', jsonb_build_object('old', rev.version, 'new', rev.version + 1)));
  return rev.version + 1;
end
$$;

revoke execute on function private.person_name(uuid), private.check_row_version(), private.stamp_row_version(),
  private.keep_article_revision(), private.keep_gallery_revision(), private.require_staff(text), private.trash_entry(text, uuid),
  private.audit_diff(jsonb, jsonb) from public, anon, authenticated;
revoke execute on function public.restore_article_revision(uuid, bigint, integer), public.restore_deleted_article(uuid),
  public.restore_deleted_gallery(uuid) from public, anon;
grant execute on function public.restore_article_revision(uuid, bigint, integer), public.restore_deleted_article(uuid),
  public.restore_deleted_gallery(uuid) to authenticated, service_role;

-- Presence: who has an article open in the editor. Each open editor writes its own row every
-- few seconds; rows older than a minute are stale. The name is the database's, not the client's.
-- No foreign key to profiles: a second path from articles to profiles would make the SPEC's
-- `articles?select=*,profiles(full_name)` embed ambiguous.
create table public.article_editors (
  article_id uuid not null references public.articles (id) on delete cascade,
  user_id uuid not null default auth.uid(),
  editor_name text,
  seen_at timestamptz not null default now(),
  primary key (article_id, user_id)
);
comment on table public.article_editors is 'Heartbeats of open editors (Sedang disunting oleh ...); staff only.';

create function private.stamp_article_editor() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.user_id := coalesce(auth.uid(), new.user_id);
  new.editor_name := private.person_name(new.user_id);
  new.seen_at := now();
  return new;
end
$$;
revoke execute on function private.stamp_article_editor() from public, anon, authenticated;
create trigger article_editors_stamp before insert or update on public.article_editors
  for each row execute function private.stamp_article_editor();

alter table public.article_editors enable row level security;
revoke all on table public.article_editors from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.article_editors to authenticated, service_role;
create policy "Staff see who edits" on public.article_editors
  for select to authenticated using ((select private.is_staff()));
create policy "Staff announce their own editing" on public.article_editors
  for insert to authenticated with check ((select private.is_staff()) and user_id = (select auth.uid()));
create policy "Staff refresh their own editing" on public.article_editors
  for update to authenticated using (user_id = (select auth.uid()))
  with check ((select private.is_staff()) and user_id = (select auth.uid()));
create policy "Staff end their own editing" on public.article_editors
  for delete to authenticated using (user_id = (select auth.uid()));
