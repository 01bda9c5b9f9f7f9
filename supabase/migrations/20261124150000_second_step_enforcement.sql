-- Two-step verification enforced by the database (issue 23), in the pattern Supabase documents
-- for MFA: restrictive policies that read the `aal` claim of the caller's JWT and whether the
-- caller has a verified factor in auth.mfa_factors. For an account with a verified factor, every
-- write needs an aal2 session; when the superadmin makes a second step required, so does every
-- write of an admin or superadmin without one (who must enrol first). Reads never need aal2.
-- Runs unchanged on hosted Supabase, whose auth schema has the same mfa_factors table.

-- The one setting, a single row; off on a new site so the first sign-in works.
create table public.security_settings (
  id boolean primary key default true check (id),
  mfa_required_for_staff boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid
);
comment on table public.security_settings is 'Site-wide security settings (one row), changed by a superadmin.';
insert into public.security_settings (id) values (true);

alter table public.security_settings enable row level security;
revoke all on table public.security_settings from public, anon, authenticated;
grant select on table public.security_settings to authenticated;
grant update (mfa_required_for_staff) on table public.security_settings to authenticated;
grant all on table public.security_settings to service_role;

create policy "Signed-in users read the security settings" on public.security_settings
  for select to authenticated using (true);
-- Turning the requirement on needs the superadmin's own second step, so nobody switches it on
-- from a session a password alone opened.
create policy "Superadmins change the security settings" on public.security_settings
  for update to authenticated
  using ((select private.is_superadmin()))
  with check ((select private.is_superadmin()) and (not mfa_required_for_staff or ((select auth.jwt()) ->> 'aal') = 'aal2'));

create function public.stamp_security_settings() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end
$$;
create trigger security_settings_stamp before update on public.security_settings
  for each row execute function public.stamp_security_settings();

-- The one helper every restrictive policy calls: may this caller write at its current level?
create function private.second_step_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
    or (
      not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
      and not (
        coalesce((select s.mfa_required_for_staff from public.security_settings s where s.id), false)
        and coalesce(private.current_profile_role() in ('admin', 'superadmin'), false)
      )
    )
$$;
revoke execute on function private.second_step_satisfied() from public;
grant execute on function private.second_step_satisfied() to authenticated, service_role;

-- Restrictive: they narrow the permissive policies above them, never widen them.
create policy "Second step for writes" on public.articles as restrictive
  for insert to authenticated with check ((select private.second_step_satisfied()));
create policy "Second step for updates" on public.articles as restrictive
  for update to authenticated using ((select private.second_step_satisfied()));
create policy "Second step for deletes" on public.articles as restrictive
  for delete to authenticated using ((select private.second_step_satisfied()));

create policy "Second step for writes" on public.galleries as restrictive
  for insert to authenticated with check ((select private.second_step_satisfied()));
create policy "Second step for updates" on public.galleries as restrictive
  for update to authenticated using ((select private.second_step_satisfied()));
create policy "Second step for deletes" on public.galleries as restrictive
  for delete to authenticated using ((select private.second_step_satisfied()));

create policy "Second step for writes" on public.gallery_photos as restrictive
  for insert to authenticated with check ((select private.second_step_satisfied()));
create policy "Second step for updates" on public.gallery_photos as restrictive
  for update to authenticated using ((select private.second_step_satisfied()));
create policy "Second step for deletes" on public.gallery_photos as restrictive
  for delete to authenticated using ((select private.second_step_satisfied()));

-- the inbox: marking and deleting (sending a message stays open to every visitor)
create policy "Second step for updates" on public.contacts as restrictive
  for update to authenticated using ((select private.second_step_satisfied()));
create policy "Second step for deletes" on public.contacts as restrictive
  for delete to authenticated using ((select private.second_step_satisfied()));

-- approving, rejecting, suspending, promoting, deleting accounts, and one's own profile
create policy "Second step for updates" on public.profiles as restrictive
  for update to authenticated using ((select private.second_step_satisfied()));
create policy "Second step for deletes" on public.profiles as restrictive
  for delete to authenticated using ((select private.second_step_satisfied()));

create policy "Second step for updates" on public.security_settings as restrictive
  for update to authenticated using ((select private.second_step_satisfied()));

-- uploads, replacements and deletions of every stored file
create policy "Second step for uploads" on storage.objects as restrictive
  for insert to authenticated with check ((select private.second_step_satisfied()));
create policy "Second step for replacements" on storage.objects as restrictive
  for update to authenticated using ((select private.second_step_satisfied()));
create policy "Second step for file deletes" on storage.objects as restrictive
  for delete to authenticated using ((select private.second_step_satisfied()));

-- Audit entries for the reset of a member's second step and for the setting.
alter table public.audit_log drop constraint if exists audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'user.approve', 'user.reject', 'user.suspend', 'user.restore', 'user.pending', 'user.role', 'user.delete',
  'user.mfa_reset', 'settings.mfa_required',
  'article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete',
  'gallery.create', 'gallery.update', 'gallery.delete'));
alter table public.audit_log drop constraint if exists audit_log_target_type_check;
alter table public.audit_log add constraint audit_log_target_type_check
  check (target_type in ('user', 'article', 'gallery', 'settings'));

create function private.audit_security_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.mfa_required_for_staff is distinct from old.mfa_required_for_staff then
    perform private.write_audit('settings.mfa_required', 'settings', '00000000-0000-0000-0000-000000000000'::uuid,
      'Verifikasi dua langkah wajib untuk admin',
      jsonb_build_object('mfa_required_for_staff', jsonb_build_object('old', old.mfa_required_for_staff, 'new', new.mfa_required_for_staff)));
  end if;
  return new;
end
$$;
revoke execute on function private.audit_security_settings() from public, anon, authenticated;
create trigger security_settings_audit after update on public.security_settings
  for each row execute function private.audit_security_settings();

-- A superadmin removes a member's factors (a lost phone): the member signs in with the password
-- again and enrols anew. Their sessions end, so whoever held one must sign in again too.
create function private.reset_second_step(member uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  label text;
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
  delete from auth.sessions where user_id = member;
  perform private.write_audit('user.mfa_reset', 'user', member, label, '{}'::jsonb);
end
$$;
revoke execute on function private.reset_second_step(uuid) from public, anon;
grant execute on function private.reset_second_step(uuid) to authenticated, service_role;

create function public.reset_second_step(member uuid) returns void
language sql security invoker set search_path = '' as $$
  select private.reset_second_step(member)
$$;
revoke execute on function public.reset_second_step(uuid) from public, anon;
grant execute on function public.reset_second_step(uuid) to authenticated, service_role;

-- Which members have a second step, for the superadmin's user list.
create function private.members_with_second_step() returns setof uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_superadmin() then
    raise exception 'Hanya superadmin yang dapat melihat daftar pengguna.' using errcode = '42501';
  end if;
  return query select distinct f.user_id from auth.mfa_factors f where f.status = 'verified';
end
$$;
revoke execute on function private.members_with_second_step() from public, anon;
grant execute on function private.members_with_second_step() to authenticated, service_role;

create function public.members_with_second_step() returns setof uuid
language sql stable security invoker set search_path = '' as $$
  select * from private.members_with_second_step()
$$;
revoke execute on function public.members_with_second_step() from public, anon;
grant execute on function public.members_with_second_step() to authenticated, service_role;
