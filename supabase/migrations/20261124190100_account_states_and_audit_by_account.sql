-- Issue 23, the accounts half:
--  1. Clear account states: 'suspended' apart from 'rejected', and a reason only a superadmin writes,
--     mailed to the member through the account_notices outbox (with the second step's reset).
--  2. The audit log names actors by account: the e-mail at the time is kept, and the view
--     audit_entries gives every entry its actor's current name and e-mail from actor_id (a name the
--     actor chose and changed back no longer stands in the log); profile edits, renames included,
--     are entries of their own.
--  3. Gallery photos, the inbox and stored files are audited by triggers like articles, so no
--     client skips them; internal columns (search_vector, excerpt) stay out of every entry.

-- 1. Account states -----------------------------------------------------------------------------

alter table public.profiles
  add column status_reason text constraint profiles_status_reason_length check (status_reason is null or length(status_reason) <= 500);
comment on column public.profiles.status_reason is
  'Why the superadmin rejected or suspended the account; written by a superadmin only, cleared on approval.';
-- Updatable like status: the column guard below lets only a superadmin change it.
grant update (status_reason) on public.profiles to authenticated;

-- Suspensions made before this migration were 'rejected' after an approval: the audit log knows
-- which. Rewritten without a log entry of its own (nobody acted now).
alter table public.profiles disable trigger profiles_audit;
update public.profiles p set status = 'suspended'
where p.status = 'rejected'
  and (select a.action from public.audit_log a
       where a.target_type = 'user' and a.target_id = p.id and a.action like 'user.%' and a.changes ? 'status'
       order by a.occurred_at desc, a.id desc limit 1) = 'user.suspend';
alter table public.profiles enable trigger profiles_audit;

-- The column rules of 20261123100000, plus the reason: only a superadmin writes it, about another
-- account. Text a member chose can therefore never reach the mail that carries the reason.
create or replace function public.guard_profile_update() returns trigger
language plpgsql set search_path = '' as $$
declare
  own boolean := new.id = auth.uid();
begin
  if not public.is_api_request() then
    return new;
  end if;
  if new.id is distinct from old.id or new.email is distinct from old.email
     or new.created_at is distinct from old.created_at then
    raise exception 'Kolom ini tidak dapat diubah.' using errcode = '42501';
  end if;
  if new.role is distinct from old.role or new.status is distinct from old.status
     or new.status_reason is distinct from old.status_reason then
    if own then
      raise exception 'Anda tidak dapat mengubah peran atau status akun Anda sendiri.' using errcode = '42501';
    end if;
    if not private.is_superadmin() then
      raise exception 'Hanya superadmin yang dapat mengubah peran atau status.' using errcode = '42501';
    end if;
    if old.role = 'superadmin' then
      raise exception 'Peran atau status superadmin tidak dapat diubah melalui aplikasi.' using errcode = '42501';
    end if;
    if new.role = 'superadmin' then
      raise exception 'Peran superadmin tidak dapat diberikan melalui aplikasi.' using errcode = '42501';
    end if;
  end if;
  if not own and (new.full_name is distinct from old.full_name or new.username is distinct from old.username
     or new.phone_number is distinct from old.phone_number or new.avatar_url is distinct from old.avatar_url) then
    raise exception 'Anda hanya dapat mengubah data diri Anda sendiri.' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function public.guard_profile_update() from public, anon, authenticated;

-- A reason belongs to a refusal or a suspension; an approved or pending account has none.
create function private.tidy_status_reason() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.status_reason := nullif(btrim(new.status_reason), '');
  if new.status in ('approved', 'pending') then
    new.status_reason := null;
  end if;
  return new;
end
$$;
revoke execute on function private.tidy_status_reason() from public, anon, authenticated;
create trigger profiles_tidy_status_reason before insert or update on public.profiles
  for each row execute function private.tidy_status_reason();

-- The outbox gains the refusal, the suspension (with the superadmin's reason, copied when the
-- decision is made) and the reset of the second step.
alter table private.account_notices drop constraint account_notices_kind_check;
alter table private.account_notices add constraint account_notices_kind_check
  check (kind in ('approved', 'rejected', 'suspended', 'second_step_reset'));
alter table private.account_notices add column reason text;

-- Decisions made through the API are mailed (the operator command and migrations are not, as
-- before); a reset of the second step is mailed whoever made it, since it weakens the account.
create or replace function private.queue_approval_notice() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.status is distinct from new.status and (select auth.uid()) is not null
     and new.status in ('approved', 'rejected', 'suspended') then
    insert into private.account_notices (profile_id, kind, reason)
    values (new.id, new.status::text, case when new.status <> 'approved' then new.status_reason end);
    perform pg_notify('account_notices', '');
  end if;
  return new;
end
$$;
revoke execute on function private.queue_approval_notice() from public, anon, authenticated;

-- 2. Actors by account ---------------------------------------------------------------------------

alter table public.audit_log add column actor_email text;
comment on column public.audit_log.actor_name is
  'The name the actor had chosen at that moment (kept for the record; audit_entries shows the current account).';
comment on column public.audit_log.actor_email is 'The actor''s e-mail at that moment; names a deleted account.';

create or replace function private.write_audit(action text, target_type text, target_id uuid, target_label text, changes jsonb)
returns void language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  name text;
  mail text;
begin
  if uid is not null then
    select coalesce(nullif(btrim(p.full_name), ''), p.email), p.email into name, mail from public.profiles p where p.id = uid;
    if mail is null then
      select u.email into mail from auth.users u where u.id = uid;
    end if;
  end if;
  insert into public.audit_log (actor_id, actor_name, actor_email, action, target_type, target_id, target_label, changes)
  values (uid, name, mail, action, target_type, target_id, left(target_label, 200), coalesce(changes, '{}'::jsonb));
end
$$;
revoke execute on function private.write_audit(text, text, uuid, text, jsonb) from public, anon, authenticated;

-- What the superadmin reads: each entry with its actor's account as it is now. Invoker rights, so
-- the audit log's own policy (superadmins only) and the profiles policies apply.
create view public.audit_entries with (security_invoker = true) as
  select a.id, a.occurred_at, a.actor_id, a.action, a.target_type, a.target_id, a.target_label, a.changes,
    p.full_name as actor_full_name,
    coalesce(p.email, a.actor_email) as actor_email,
    (a.actor_id is not null and p.id is null) as actor_deleted,
    coalesce(nullif(btrim(tp.full_name), ''), tp.email) as target_current_label
  from public.audit_log a
  left join public.profiles p on p.id = a.actor_id
  left join public.profiles tp on a.target_type = 'user' and tp.id = a.target_id;
comment on view public.audit_entries is
  'The audit log with each actor''s current account (name and e-mail from actor_id), and an account target''s current name.';
revoke all on public.audit_entries from public, anon, authenticated, service_role;
grant select on public.audit_entries to authenticated, service_role;

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'user.approve', 'user.reject', 'user.suspend', 'user.restore', 'user.pending', 'user.role', 'user.delete',
  'user.mfa_reset', 'user.profile', 'settings.mfa_required',
  'article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete',
  'article.restore', 'article.overwrite',
  'gallery.create', 'gallery.update', 'gallery.delete', 'gallery.restore', 'gallery.overwrite',
  'photo.create', 'photo.update', 'photo.delete',
  'message.update', 'message.delete',
  'file.upload', 'file.replace', 'file.delete'));
alter table public.audit_log drop constraint audit_log_target_type_check;
alter table public.audit_log add constraint audit_log_target_type_check
  check (target_type in ('user', 'article', 'gallery', 'settings', 'photo', 'message', 'file'));

-- Status decisions by the new status (with the reason the superadmin gave), role changes, and
-- the account's own edits (name, username, phone, picture) as 'user.profile'.
create or replace function private.audit_profile() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  label text;
  edits jsonb;
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
      case new.status
        when 'approved' then case when old.status = 'suspended' then 'user.restore' else 'user.approve' end
        when 'rejected' then 'user.reject'
        when 'suspended' then 'user.suspend'
        else 'user.pending'
      end, 'user', new.id, label,
      jsonb_build_object('status', jsonb_build_object('old', old.status, 'new', new.status))
        || case when new.status_reason is not null then jsonb_build_object('reason', new.status_reason) else '{}'::jsonb end);
  end if;
  if new.role is distinct from old.role then
    perform private.write_audit('user.role', 'user', new.id, label,
      jsonb_build_object('role', jsonb_build_object('old', old.role, 'new', new.role)));
  end if;
  edits := private.audit_diff(
    jsonb_build_object('full_name', old.full_name, 'username', old.username, 'phone_number', old.phone_number, 'avatar_url', old.avatar_url),
    jsonb_build_object('full_name', new.full_name, 'username', new.username, 'phone_number', new.phone_number, 'avatar_url', new.avatar_url));
  if edits <> '{}'::jsonb then
    perform private.write_audit('user.profile', 'user', new.id, label, edits);
  end if;
  return new;
end
$$;
revoke execute on function private.audit_profile() from public, anon, authenticated;
drop trigger profiles_audit on public.profiles;
create trigger profiles_audit after update or delete on public.profiles
  for each row execute function private.audit_profile();

-- Columns the database derives (the card excerpt, the search vector) and bookkeeping never enter
-- an entry: they told a reader nothing and repeated the text.
create or replace function private.audit_diff(old_row jsonb, new_row jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_object_agg(key, jsonb_build_object('old', private.audit_cut(old_row -> key), 'new', private.audit_cut(new_row -> key))), '{}'::jsonb)
  from jsonb_object_keys(coalesce(new_row, '{}'::jsonb) || coalesce(old_row, '{}'::jsonb)) as key
  where key not in ('id', 'created_at', 'updated_at', 'version', 'updated_by', 'excerpt', 'search_vector')
    and coalesce(old_row -> key, 'null'::jsonb) is distinct from coalesce(new_row -> key, 'null'::jsonb)
$$;
revoke execute on function private.audit_diff(jsonb, jsonb) from public, anon, authenticated;

-- 3. Photos, the inbox, stored files -------------------------------------------------------------

-- Only what a person does: a photo removed with its gallery (a cascade, one trigger level down)
-- is told by the gallery's own entry, and a reorder (position only) is not an edit of a photo.
create function private.audit_photo() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_now public.gallery_photos := coalesce(new, old);
  gallery text;
  diff jsonb;
begin
  if pg_trigger_depth() > 1 then
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
create trigger gallery_photos_audit after insert or update or delete on public.gallery_photos
  for each row execute function private.audit_photo();

-- The inbox: marking read or unread, archiving, deleting. A visitor's new message is not an act of
-- staff and is not logged.
create function private.audit_message() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_now public.contacts := coalesce(new, old);
  label text := coalesce(nullif(btrim(row_now.subject), ''), 'Pesan dari ' || row_now.name);
  diff jsonb;
begin
  if tg_op = 'DELETE' then
    perform private.write_audit('message.delete', 'message', old.id, label,
      jsonb_build_object('sender', old.name, 'email', old.email, 'received_at', old.created_at));
    return old;
  end if;
  diff := private.audit_diff(jsonb_build_object('read_at', old.read_at, 'archived_at', old.archived_at),
    jsonb_build_object('read_at', new.read_at, 'archived_at', new.archived_at));
  if diff <> '{}'::jsonb then
    perform private.write_audit('message.update', 'message', new.id, label, diff);
  end if;
  return new;
end
$$;
revoke execute on function private.audit_message() from public, anon, authenticated;
create trigger contacts_audit after update or delete on public.contacts
  for each row execute function private.audit_message();

-- Stored files: every upload, replacement and deletion made through the API (a signed-in person or
-- the service key), read from the request's JWT since a definer function's current_user is its
-- owner. The server's own upkeep carries no JWT, and a file removed by another trigger (cleanup
-- after an article's delete) is told by that article's entry.
create function private.audit_file() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_now storage.objects := coalesce(new, old);
begin
  if pg_trigger_depth() > 1
     or coalesce((select auth.jwt()) ->> 'role', '') not in ('anon', 'authenticated', 'service_role') then
    return row_now;
  end if;
  if tg_op = 'UPDATE' and new.version is not distinct from old.version then
    return new;
  end if;
  perform private.write_audit('file.' || case tg_op when 'INSERT' then 'upload' when 'UPDATE' then 'replace' else 'delete' end,
    'file', row_now.id, row_now.name,
    jsonb_build_object('bucket', row_now.bucket_id, 'size', (row_now.metadata ->> 'size')::bigint));
  return row_now;
end
$$;
revoke execute on function private.audit_file() from public, anon, authenticated;
create trigger objects_audit after insert or update or delete on storage.objects
  for each row execute function private.audit_file();

-- 4. The reset of a second step that removed a factor is mailed to the member (the operator
-- command, server/auth/accounts.ts, queues the same notice).
create or replace function private.reset_second_step(member uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  label text;
  removed integer;
begin
  if not private.is_superadmin() then
    raise exception 'Hanya superadmin yang dapat mengatur ulang verifikasi dua langkah.' using errcode = '42501';
  end if;
  if not private.second_step_satisfied() then
    raise exception 'Masukkan kode verifikasi dua langkah Anda terlebih dahulu.' using errcode = '42501';
  end if;
  if member = (select auth.uid()) then
    raise exception 'Atur verifikasi dua langkah Anda sendiri di halaman Akun Saya.' using errcode = '42501';
  end if;
  select coalesce(nullif(btrim(p.full_name), ''), p.email) into label from public.profiles p where p.id = member;
  if not found then
    raise exception 'Pengguna tidak ditemukan.' using errcode = 'P0002';
  end if;
  delete from auth.mfa_factors where user_id = member;
  get diagnostics removed = row_count;
  delete from auth.sessions where user_id = member;
  perform private.write_audit('user.mfa_reset', 'user', member, label, '{}'::jsonb);
  if removed > 0 then
    insert into private.account_notices (profile_id, kind) values (member, 'second_step_reset');
    perform pg_notify('account_notices', '');
  end if;
end
$$;
revoke execute on function private.reset_second_step(uuid) from public, anon;
grant execute on function private.reset_second_step(uuid) to authenticated, service_role;
