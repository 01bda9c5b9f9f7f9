-- Issue 44: Riwayat Aktivitas told a restore from Tempat Sampah twice, once as 'Memulihkan ...' and
-- once as 'Membuat ...' with every field (a gallery also as 'Menambah foto galeri' per photo), and
-- told a new article's empty fields as changes ('Keterangan gambar diubah | Gambar galeri: urutan
-- diubah' for an article without pictures).

-- The row a restore function of this transaction is putting back. The API's restore functions set
-- it around their work; nothing a client sends can (PostgREST and our server set only request.*).
create function private.restoring(target uuid) returns boolean
language sql stable set search_path = '' as $$
  select current_setting('app.restoring', true) is not distinct from target::text
$$;
revoke execute on function private.restoring(uuid) from public, anon, authenticated;

-- A new row's empty values (no pictures, no captions) are not changes; everything else as before.
create or replace function private.audit_diff(old_row jsonb, new_row jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_object_agg(key, jsonb_build_object('old', private.audit_cut(old_row -> key), 'new', private.audit_cut(new_row -> key))), '{}'::jsonb)
  from jsonb_object_keys(coalesce(new_row, '{}'::jsonb) || coalesce(old_row, '{}'::jsonb)) as key
  where key not in ('id', 'created_at', 'updated_at', 'version', 'updated_by', 'excerpt', 'search_vector')
    and coalesce(old_row -> key, 'null'::jsonb) is distinct from coalesce(new_row -> key, 'null'::jsonb)
    and not (old_row is null and coalesce(new_row -> key, 'null'::jsonb) in ('null'::jsonb, '[]'::jsonb, '{}'::jsonb, '""'::jsonb))
$$;
revoke execute on function private.audit_diff(jsonb, jsonb) from public, anon, authenticated;

create or replace function private.audit_content() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  kind text := case tg_table_name when 'articles' then 'article' else 'gallery' end;
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  label text := coalesce(new_row ->> 'title', new_row ->> 'name', old_row ->> 'title', old_row ->> 'name');
  diff jsonb := private.audit_diff(old_row, new_row);
  verb text;
begin
  if tg_op = 'INSERT' then
    -- the restore function writes its own entry
    if private.restoring(new.id) then
      return new;
    end if;
    verb := 'create';
  elsif tg_op = 'DELETE' then
    verb := 'delete';
    diff := '{}'::jsonb;
  else
    if diff = '{}'::jsonb then
      return new;
    end if;
    verb := case
      when kind = 'article' and old_row ->> 'published_at' is null and new_row ->> 'published_at' is not null then 'publish'
      when kind = 'article' and old_row ->> 'published_at' is not null and new_row ->> 'published_at' is null then 'unpublish'
      else 'update'
    end;
  end if;
  perform private.write_audit(kind || '.' || verb, kind, coalesce(new_row ->> 'id', old_row ->> 'id')::uuid, label, diff);
  return coalesce(new, old);
end
$$;
revoke execute on function private.audit_content() from public, anon, authenticated;

create or replace function private.audit_photo() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_now public.gallery_photos := coalesce(new, old);
  gallery text;
  diff jsonb;
begin
  if pg_trigger_depth() > 1 or (tg_op = 'INSERT' and private.restoring(new.gallery_id)) then
    return row_now;
  end if;
  select g.name into gallery from public.galleries g where g.id = row_now.gallery_id;
  if tg_op = 'UPDATE' then
    diff := private.audit_diff(jsonb_build_object('caption', old.caption, 'alt', old.alt),
      jsonb_build_object('caption', new.caption, 'alt', new.alt));
    if diff = '{}'::jsonb then
      return new;
    end if;
  elsif tg_op = 'INSERT' then
    diff := private.audit_diff(null, jsonb_build_object('caption', new.caption, 'alt', new.alt, 'file', new.path));
  else
    diff := private.audit_diff(jsonb_build_object('caption', old.caption, 'file', old.path), null);
  end if;
  perform private.write_audit('photo.' || case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    'photo', row_now.id, coalesce(gallery, 'Galeri terhapus'), diff);
  return row_now;
end
$$;
revoke execute on function private.audit_photo() from public, anon, authenticated;

create or replace function private.audit_public_document() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'file_path' end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'file_path' end;
  diff jsonb := private.audit_diff(old_row, new_row);
  verb text;
begin
  if tg_op = 'INSERT' then
    if private.restoring(new.id) then
      return new;
    end if;
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
revoke execute on function private.audit_public_document() from public, anon, authenticated;

-- The API's restore functions mark the row they put back for the transaction. `kind` is one of
-- the three below (only they call this), naming private.restore_deleted_<kind>.
create function private.restore_marked(kind text, target uuid) returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  restored integer;
begin
  perform private.require_second_step();
  perform set_config('app.restoring', target::text, true);
  execute format('select private.%I($1)', 'restore_deleted_' || kind) into restored using target;
  perform set_config('app.restoring', '', true);
  return restored;
end
$$;
revoke execute on function private.restore_marked(text, uuid) from public, anon;
grant execute on function private.restore_marked(text, uuid) to authenticated, service_role;

create or replace function public.restore_deleted_article(target_article uuid) returns integer
language sql security invoker set search_path = '' as $$
  select private.restore_marked('article', target_article)
$$;

create or replace function public.restore_deleted_gallery(target_gallery uuid) returns integer
language sql security invoker set search_path = '' as $$
  select private.restore_marked('gallery', target_gallery)
$$;

create or replace function public.restore_deleted_document(target_document uuid) returns integer
language sql security invoker set search_path = '' as $$
  select private.restore_marked('document', target_document)
$$;
