-- Tempat Sampah for the unit pages, as articles and galleries have it: a deleted post or past
-- commander stays restorable for 30 days from its 'delete' revision (same id), and its photo
-- counts as in use meanwhile, so the Storage API refuses to delete it. Profile texts and the
-- information pages cannot be deleted, so they never reach the trash.

create view public.unit_page_trash with (security_invoker = true) as
  select distinct on (r.row_id)
    r.row_id as id, r.id as revision_id, r.table_name, r.version, r.label, r.data,
    r.replaced_by_name as deleted_by_name, r.replaced_at as deleted_at
  from public.unit_page_revisions r
  where r.kind = 'delete' and r.table_name in ('unit_posts', 'past_commanders')
    and r.replaced_at > now() - interval '30 days'
    and not exists (select 1 from public.unit_posts p where p.id = r.row_id)
    and not exists (select 1 from public.past_commanders c where c.id = r.row_id)
  order by r.row_id, r.id desc;
revoke all on table public.unit_page_trash from public, anon, authenticated, service_role;
grant select on table public.unit_page_trash to authenticated, service_role;

-- A restore is written to the audit log as one, not as the insert it is made of.
create or replace function private.audit_unit_page() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  diff jsonb := private.audit_diff(old_row, new_row);
  verb text := case tg_op when 'INSERT' then 'create' when 'DELETE' then 'delete' else 'update' end;
begin
  if tg_op = 'UPDATE' and diff = '{}'::jsonb then
    return null;
  end if;
  if tg_op = 'INSERT' and current_setting('skadron.unit_restore', true) = 'on' then
    verb := 'restore';
    diff := jsonb_build_object('version', jsonb_build_object('old', new.version - 1, 'new', new.version));
  end if;
  perform private.write_audit('unit_page.' || verb, 'unit_page', coalesce(new_row ->> 'id', old_row ->> 'id')::uuid,
    private.unit_label(tg_table_name, coalesce(new_row, old_row)),
    case when tg_op = 'DELETE' then '{}'::jsonb else diff end);
  return null;
end
$$;

create function private.restore_unit_row(target uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  rev public.unit_page_revisions;
  restored jsonb;
begin
  perform private.require_staff('memulihkan isi halaman satuan dari Tempat Sampah');
  if exists (select 1 from public.unit_posts p where p.id = target)
    or exists (select 1 from public.past_commanders c where c.id = target) then
    raise exception 'Isi ini tidak berada di Tempat Sampah.' using errcode = 'PT409';
  end if;
  select * into rev from public.unit_page_revisions r
    where r.row_id = target and r.kind = 'delete' and r.table_name in ('unit_posts', 'past_commanders')
    order by r.id desc limit 1;
  if not found then
    raise exception 'Isi ini tidak ditemukan di Tempat Sampah.' using errcode = 'PT404';
  end if;
  if rev.replaced_at < now() - interval '30 days' then
    raise exception 'Isi ini sudah lebih dari 30 hari di Tempat Sampah dan tidak dapat dipulihkan lagi.' using errcode = 'PT410';
  end if;
  restored := rev.data || jsonb_build_object('version', rev.version + 1, 'updated_at', now(), 'updated_by', auth.uid());
  perform set_config('skadron.unit_restore', 'on', true);
  if rev.table_name = 'unit_posts' then
    insert into public.unit_posts select * from jsonb_populate_record(null::public.unit_posts, restored);
  else
    if exists (select 1 from public.past_commanders c where c.ordinal = (rev.data ->> 'ordinal')::smallint) then
      raise exception 'Urutan komandan ke-% sudah dipakai; ubah atau hapus komandan itu dahulu.', rev.data ->> 'ordinal'
        using errcode = 'PT409';
    end if;
    insert into public.past_commanders select * from jsonb_populate_record(null::public.past_commanders, restored);
  end if;
  perform set_config('skadron.unit_restore', 'off', true);
  return rev.version + 1;
end
$$;
revoke execute on function private.restore_unit_row(uuid) from public, anon;
grant execute on function private.restore_unit_row(uuid) to authenticated, service_role;

-- The API's name, with invoker rights: the second step is asked for first, as for every restore.
create function public.restore_unit_row(target uuid) returns integer
language plpgsql security invoker set search_path = '' as $$
begin
  perform private.require_second_step();
  return private.restore_unit_row(target);
end
$$;
revoke execute on function public.restore_unit_row(uuid) from public, anon;
grant execute on function public.restore_unit_row(uuid) to authenticated, service_role;

-- A photo stays while a version that shows it can be brought back (any revision of the last 30 days).
create or replace function private.unit_photo_in_use(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with needle as (select '/unit_photos/' || object_name as tail)
  select exists (select 1 from public.unit_texts t, needle where right(t.photo_url, length(needle.tail)) = needle.tail)
    or exists (select 1 from public.unit_posts p, needle where right(p.photo_url, length(needle.tail)) = needle.tail)
    or exists (select 1 from public.past_commanders c, needle where right(c.photo_url, length(needle.tail)) = needle.tail)
    or exists (select 1 from public.unit_page_revisions r, needle
               where r.replaced_at > now() - interval '30 days'
                 and right(r.data ->> 'photo_url', length(needle.tail)) = needle.tail)
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
  'unit_page.create', 'unit_page.update', 'unit_page.delete', 'unit_page.overwrite', 'unit_page.restore'));
