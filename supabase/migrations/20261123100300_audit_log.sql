-- Audit log (issue 14): who approved, rejected, suspended, restored, promoted or deleted which
-- account, and who created, edited, published or deleted which article or gallery. Rows are
-- written only by the triggers below (SECURITY DEFINER, in the private schema), whatever path the
-- change took (API, operator command, SQL). Nobody writes, edits or deletes a row through the API:
-- the API roles have SELECT at most, and a trigger refuses UPDATE, DELETE and TRUNCATE for every
-- role, the owner included. The superadmin reads it at /admin/riwayat.

create table public.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  -- no foreign key: the entry outlives the account that made it
  actor_id uuid,
  -- the actor's name when it happened; null for the operator command, migrations and SQL
  actor_name text,
  action text not null check (action in (
    'user.approve', 'user.reject', 'user.suspend', 'user.restore', 'user.pending', 'user.role', 'user.delete',
    'article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete',
    'gallery.create', 'gallery.update', 'gallery.delete')),
  target_type text not null check (target_type in ('user', 'article', 'gallery')),
  target_id uuid not null,
  target_label text,
  -- {"column": {"old": ..., "new": ...}}; long texts cut to 200 characters
  changes jsonb not null default '{}'::jsonb
);
comment on table public.audit_log is 'Append-only activity log, written by triggers; read by superadmins.';
create index audit_log_occurred_at_idx on public.audit_log (occurred_at desc, id desc);
create index audit_log_actor_idx on public.audit_log (actor_id, occurred_at desc);
create index audit_log_action_idx on public.audit_log (action, occurred_at desc);

alter table public.audit_log enable row level security;
revoke all on table public.audit_log from public, anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;
create policy "Superadmins read the audit log" on public.audit_log
  for select to authenticated using ((select private.is_superadmin()));

create function private.refuse_audit_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'Riwayat aktivitas tidak dapat diubah atau dihapus.' using errcode = '42501';
end
$$;
revoke execute on function private.refuse_audit_change() from public, anon, authenticated;
create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

-- One entry, with the acting person (the JWT subject) and their name at that moment.
create function private.write_audit(action text, target_type text, target_id uuid, target_label text, changes jsonb)
returns void language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  name text;
begin
  if uid is not null then
    select coalesce(nullif(btrim(p.full_name), ''), p.email) into name from public.profiles p where p.id = uid;
  end if;
  insert into public.audit_log (actor_id, actor_name, action, target_type, target_id, target_label, changes)
  values (uid, name, action, target_type, target_id, left(target_label, 200), coalesce(changes, '{}'::jsonb));
end
$$;

create function private.audit_cut(value jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select case when jsonb_typeof(value) = 'string' and length(value #>> '{}') > 200
    then to_jsonb(left(value #>> '{}', 200) || '…') else value end
$$;

-- The columns that differ between two versions of a row, as {"column": {"old": ..., "new": ...}}.
create function private.audit_diff(old_row jsonb, new_row jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_object_agg(key, jsonb_build_object('old', private.audit_cut(old_row -> key), 'new', private.audit_cut(new_row -> key))), '{}'::jsonb)
  from jsonb_object_keys(coalesce(new_row, '{}'::jsonb) || coalesce(old_row, '{}'::jsonb)) as key
  where key not in ('id', 'created_at', 'updated_at')
    and (old_row -> key) is distinct from (new_row -> key)
$$;

create function private.audit_profile() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  label text;
begin
  if tg_op = 'DELETE' then
    label := coalesce(nullif(btrim(old.full_name), ''), old.email);
    perform private.write_audit('user.delete', 'user', old.id, label,
      jsonb_build_object('email', old.email, 'role', old.role, 'status', old.status));
    return old;
  end if;
  label := coalesce(nullif(btrim(new.full_name), ''), new.email);
  if new.status is distinct from old.status then
    perform private.write_audit(
      case
        when old.status = 'pending' and new.status = 'approved' then 'user.approve'
        when old.status = 'pending' and new.status = 'rejected' then 'user.reject'
        when new.status = 'rejected' then 'user.suspend'
        when new.status = 'approved' then 'user.restore'
        else 'user.pending'
      end, 'user', new.id, label,
      jsonb_build_object('status', jsonb_build_object('old', old.status, 'new', new.status)));
  end if;
  if new.role is distinct from old.role then
    perform private.write_audit('user.role', 'user', new.id, label,
      jsonb_build_object('role', jsonb_build_object('old', old.role, 'new', new.role)));
  end if;
  return new;
end
$$;

create trigger profiles_audit after update of status, role or delete on public.profiles
  for each row execute function private.audit_profile();

-- Articles and galleries: create, edit, publish or unpublish (articles.published_at set or
-- cleared), delete. The label is the title or name; the changed columns go in `changes`.
create function private.audit_content() returns trigger
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

create trigger articles_audit after insert or update or delete on public.articles
  for each row execute function private.audit_content();
create trigger galleries_audit after insert or update or delete on public.galleries
  for each row execute function private.audit_content();

revoke execute on function private.write_audit(text, text, uuid, text, jsonb), private.audit_diff(jsonb, jsonb),
  private.audit_cut(jsonb), private.audit_profile(), private.audit_content() from public, anon, authenticated;
