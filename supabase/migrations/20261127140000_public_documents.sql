-- Dokumen Informasi Publik (issue 36 item 1, decision 0029).
--
-- UU 14/2008 asks a public body to publish information periodically ('berkala'), immediately
-- ('serta_merta') and on request ('setiap_saat'). Each document is a row here and a file in the
-- `documents` bucket. Staff write them under the articles' rules: the permissive policies call the
-- private role helpers, the restrictive ones ask for the second step, every accepted update and
-- delete keeps a revision (50 per document), a deleted document stays in a 30-day trash, and every
-- write goes to the audit log. Visitors read published rows only, and a file only while a
-- published row names it: the bucket is not public, so a draft's file is never served to them.

create table public.public_documents (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text,
  category text not null,
  year smallint not null,
  -- the object's name in the `documents` bucket; type and size are copied from the stored object
  file_path text not null,
  file_type text not null,
  file_size bigint not null,
  -- null: a draft
  published_at timestamptz,
  version integer not null default 1 check (version >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
comment on table public.public_documents is
  'Dokumen Informasi Publik (PPID): category berkala, serta_merta or setiap_saat; the file lives in the documents bucket.';
create index public_documents_listing_idx on public.public_documents (category, year desc, published_at desc);

-- Checks ----------------------------------------------------------------------------------------
-- Messages a form can show as they are; the file's type and size come from storage, never from
-- the client, and a file that is not in the bucket is refused.
create function private.check_public_document() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  stored jsonb;
begin
  if new.title is null or btrim(new.title) = '' then
    raise exception 'Judul dokumen wajib diisi.' using errcode = 'PT400';
  end if;
  if length(new.title) > 200 then
    raise exception 'Judul dokumen terlalu panjang (maksimal 200 karakter).' using errcode = 'PT400';
  end if;
  new.title := btrim(new.title);
  new.description := nullif(btrim(coalesce(new.description, '')), '');
  if length(new.description) > 1000 then
    raise exception 'Keterangan dokumen terlalu panjang (maksimal 1000 karakter).' using errcode = 'PT400';
  end if;
  if new.category is null or new.category not in ('berkala', 'serta_merta', 'setiap_saat') then
    raise exception 'Kategori dokumen wajib dipilih: berkala, serta merta, atau setiap saat.' using errcode = 'PT400';
  end if;
  if new.year is null or new.year < 1945 or new.year > extract(year from now())::integer + 1 then
    raise exception 'Tahun dokumen tidak valid.' using errcode = 'PT400';
  end if;
  if tg_op = 'INSERT' or new.file_path is distinct from old.file_path then
    select o.metadata into stored from storage.objects o where o.bucket_id = 'documents' and o.name = new.file_path;
    if stored is null then
      raise exception 'Berkas dokumen tidak ditemukan; unggah berkasnya terlebih dahulu.' using errcode = 'PT400';
    end if;
    new.file_type := stored ->> 'mimetype';
    new.file_size := (stored ->> 'size')::bigint;
  else
    new.file_type := old.file_type;
    new.file_size := old.file_size;
  end if;
  return new;
end
$$;
create trigger public_documents_0_check before insert or update on public.public_documents
  for each row execute function private.check_public_document();

-- Versions: the articles' rules (migration 20261124160000) with this table's noun and audit kind.
create function private.check_document_version() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  base text := nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-overwrite-version';
begin
  if new.version is null then
    raise exception 'Dokumen tidak dapat disimpan tanpa nomor versi.' using errcode = 'PT400',
      hint = 'Kirim kolom version berisi versi yang dibaca.';
  end if;
  if new.version < 1 or new.version > old.version then
    raise exception 'Nomor versi dokumen tidak valid: %.', new.version using errcode = 'PT400',
      hint = format('Versi saat ini %s.', old.version);
  end if;
  if new.version < old.version then
    raise exception 'Dokumen telah diubah oleh pengguna lain.' using errcode = 'PT409',
      detail = jsonb_build_object(
        'version', old.version,
        'updated_at', old.updated_at,
        'updated_by', old.updated_by,
        'updated_by_name', private.person_name(old.updated_by))::text,
      hint = 'Muat ulang versi terbaru atau simpan ulang dengan versi terbaru untuk menimpanya.';
  end if;
  if base ~ '^[0-9]{1,9}$' and base::integer < old.version then
    perform private.write_audit('document.overwrite', 'document', new.id, new.title,
      jsonb_build_object('version', jsonb_build_object('old', base::integer, 'new', old.version + 1),
        'overwritten_by', private.person_name(old.updated_by)));
  end if;
  new.version := old.version + 1;
  return new;
end
$$;

-- Invoker rights on purpose: is_api_request() must see the caller's role.
create function private.stamp_document_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if public.is_api_request() or new.version is null then
      new.version := 1;
    end if;
  elsif new.version = old.version then
    if public.is_api_request() then
      raise exception 'Dokumen tidak dapat disimpan tanpa nomor versi.' using errcode = 'PT400',
        hint = 'Kirim kolom version berisi versi yang dibaca.';
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
create trigger public_documents_version_1_check before update of version on public.public_documents
  for each row execute function private.check_document_version();
create trigger public_documents_version_2_stamp before insert or update on public.public_documents
  for each row execute function private.stamp_document_version();

-- Revisions and trash ---------------------------------------------------------------------------
-- No foreign key to the document: a deleted document's last state is its way back.
create table public.public_document_revisions (
  id bigint generated always as identity primary key,
  document_id uuid not null,
  version integer not null,
  title text not null,
  description text,
  category text not null,
  year smallint not null,
  file_path text not null,
  file_type text not null,
  file_size bigint not null,
  published_at timestamptz,
  document_created_at timestamptz not null,
  saved_by uuid,
  saved_by_name text,
  saved_at timestamptz not null,
  replaced_by uuid,
  replaced_by_name text,
  replaced_at timestamptz not null default now(),
  kind text not null check (kind in ('update', 'delete'))
);
comment on table public.public_document_revisions is
  'Earlier versions and deleted public documents, written by triggers; staff read them; 50 per document.';
create index public_document_revisions_document_idx on public.public_document_revisions (document_id, id desc);
create index public_document_revisions_replaced_at_idx on public.public_document_revisions (replaced_at);

alter table public.public_document_revisions enable row level security;
revoke all on table public.public_document_revisions from public, anon, authenticated, service_role;
grant select on table public.public_document_revisions to authenticated, service_role;
create policy "Staff read public document revisions" on public.public_document_revisions
  for select to authenticated using ((select private.is_staff()));

create function private.keep_document_revision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cutoff bigint;
begin
  insert into public.public_document_revisions (document_id, version, title, description, category, year, file_path,
    file_type, file_size, published_at, document_created_at, saved_by, saved_by_name, saved_at, replaced_by,
    replaced_by_name, kind)
  values (old.id, old.version, old.title, old.description, old.category, old.year, old.file_path, old.file_type,
    old.file_size, old.published_at, old.created_at, old.updated_by, private.person_name(old.updated_by), old.updated_at,
    auth.uid(), private.person_name(auth.uid()), lower(tg_op));
  select r.id into cutoff from public.public_document_revisions r
    where r.document_id = old.id order by r.id desc offset 50 limit 1;
  if cutoff is not null then
    delete from public.public_document_revisions r where r.document_id = old.id and r.id <= cutoff;
  end if;
  return null;
end
$$;
create trigger public_documents_keep_revision after update or delete on public.public_documents
  for each row execute function private.keep_document_revision();

create view public.public_document_trash with (security_invoker = true) as
  select distinct on (r.document_id)
    r.document_id as id, r.id as revision_id, r.version, r.title, r.category, r.year, r.file_type, r.file_size,
    r.published_at, r.replaced_by as deleted_by, r.replaced_by_name as deleted_by_name, r.replaced_at as deleted_at
  from public.public_document_revisions r
  where r.kind = 'delete' and r.replaced_at > now() - interval '30 days'
    and not exists (select 1 from public.public_documents d where d.id = r.document_id)
  order by r.document_id, r.id desc;
revoke all on table public.public_document_trash from public, anon, authenticated, service_role;
grant select on table public.public_document_trash to authenticated, service_role;

-- A deleted document comes back with its id, dates and file. Owner rights to write past the
-- version check; the caller is checked first, and the API calls the invoker wrapper below, which
-- asks for the second step (as migration 20261124180000 does for articles).
create function private.restore_deleted_document(target_document uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  rev public.public_document_revisions;
  live boolean;
begin
  perform private.require_staff('memulihkan dokumen dari Tempat Sampah');
  live := exists (select 1 from public.public_documents d where d.id = target_document);
  if live then
    raise exception 'Dokumen ini tidak berada di Tempat Sampah.' using errcode = 'PT409';
  end if;
  select * into rev from public.public_document_revisions r
    where r.document_id = target_document and r.kind = 'delete' order by r.id desc limit 1;
  if not found then
    raise exception 'Dokumen tidak ditemukan di Tempat Sampah.' using errcode = 'PT404';
  end if;
  if rev.replaced_at < now() - interval '30 days' then
    raise exception 'Dokumen sudah lebih dari 30 hari di Tempat Sampah dan tidak dapat dipulihkan lagi.' using errcode = 'PT410';
  end if;
  insert into public.public_documents (id, title, description, category, year, file_path, file_type, file_size,
    published_at, created_at, version, updated_by)
  values (rev.document_id, rev.title, rev.description, rev.category, rev.year, rev.file_path, rev.file_type,
    rev.file_size, rev.published_at, rev.document_created_at, rev.version + 1, auth.uid());
  perform private.write_audit('document.restore', 'document', target_document, rev.title,
    jsonb_build_object('version', jsonb_build_object('old', rev.version, 'new', rev.version + 1)));
  return rev.version + 1;
end
$$;
revoke execute on function private.restore_deleted_document(uuid) from public, anon;
grant execute on function private.restore_deleted_document(uuid) to authenticated, service_role;

create function public.restore_deleted_document(target_document uuid) returns integer
language plpgsql security invoker set search_path = '' as $$
begin
  perform private.require_second_step();
  return private.restore_deleted_document(target_document);
end
$$;
revoke execute on function public.restore_deleted_document(uuid) from public, anon;
grant execute on function public.restore_deleted_document(uuid) to authenticated, service_role;

-- Audit -----------------------------------------------------------------------------------------
create function private.audit_public_document() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'file_path' end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'file_path' end;
  diff jsonb := private.audit_diff(old_row, new_row);
  verb text;
begin
  if tg_op = 'INSERT' then
    verb := 'create';
  elsif tg_op = 'DELETE' then
    verb := 'delete';
    diff := '{}'::jsonb;
  else
    if diff = '{}'::jsonb and old.file_path is not distinct from new.file_path then
      return new;
    end if;
    verb := case
      when old.published_at is null and new.published_at is not null then 'publish'
      when old.published_at is not null and new.published_at is null then 'unpublish'
      else 'update'
    end;
  end if;
  perform private.write_audit('document.' || verb, 'document', coalesce(new.id, old.id),
    coalesce(new.title, old.title), diff);
  return coalesce(new, old);
end
$$;
create trigger public_documents_audit after insert or update or delete on public.public_documents
  for each row execute function private.audit_public_document();

alter table public.audit_log drop constraint audit_log_target_type_check;
alter table public.audit_log add constraint audit_log_target_type_check
  check (target_type in ('user', 'article', 'gallery', 'settings', 'photo', 'message', 'file', 'unit_page', 'document'));

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
  'unit_page.create', 'unit_page.update', 'unit_page.delete', 'unit_page.overwrite', 'unit_page.restore',
  'document.create', 'document.update', 'document.publish', 'document.unpublish', 'document.delete',
  'document.restore', 'document.overwrite'));

revoke execute on function private.check_public_document(), private.check_document_version(),
  private.stamp_document_version(), private.keep_document_revision(), private.audit_public_document()
  from public, anon, authenticated;

-- Policies --------------------------------------------------------------------------------------
alter table public.public_documents enable row level security;
revoke all on table public.public_documents from public, anon, authenticated, service_role;
grant select on table public.public_documents to anon, authenticated, service_role;
grant insert, update, delete on table public.public_documents to authenticated, service_role;

create policy "Anyone can read published documents" on public.public_documents
  for select to anon, authenticated using (published_at is not null and published_at <= now());
create policy "Staff can read every document" on public.public_documents
  for select to authenticated using ((select private.is_staff()));
create policy "Staff can create documents" on public.public_documents
  for insert to authenticated with check ((select private.is_staff()));
create policy "Staff can update documents" on public.public_documents
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "Staff can delete documents" on public.public_documents
  for delete to authenticated using ((select private.is_staff()));

create policy "Second step for writes" on public.public_documents as restrictive
  for insert to authenticated with check ((select private.second_step_satisfied()));
create policy "Second step for updates" on public.public_documents as restrictive
  for update to authenticated using ((select private.second_step_satisfied()));
create policy "Second step for deletes" on public.public_documents as restrictive
  for delete to authenticated using ((select private.second_step_satisfied()));

