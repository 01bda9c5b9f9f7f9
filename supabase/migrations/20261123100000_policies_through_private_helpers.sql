-- Supabase's database linter (splinter) clean: every policy calls auth.uid() and the role helpers
-- through a sub-select (evaluated once per statement, not per row), one permissive policy per
-- role and action, and no SECURITY DEFINER function in the exposed schema that anon or
-- authenticated can call. The public copies of the role helpers go; the private ones
-- (20261123000100) are not reachable through /rest/v1/rpc.

-- profiles: the three read rules, the two update rules, one delete rule, each as one policy
drop policy "Users can read their own profile" on public.profiles;
drop policy "Approved users can read approved profiles" on public.profiles;
drop policy "Staff can read all profiles" on public.profiles;
drop policy "Approved users can update their own profile" on public.profiles;
drop policy "Superadmins can update other profiles" on public.profiles;
drop policy "Superadmins can delete other non-superadmin profiles" on public.profiles;

-- Everyone reads their own profile; approved personnel read approved colleagues (dashboard count,
-- author names); contact data of people still waiting or refused is for staff only.
create policy "Read own, approved colleagues, or all as staff" on public.profiles
  for select to authenticated using (
    id = (select auth.uid())
    or (status = 'approved' and (select private.is_approved()))
    or (select private.is_staff())
  );
-- Approved users edit their own profile; a superadmin edits others (guard_profile_update limits
-- which columns each may change).
create policy "Approved users update their own, superadmins update others" on public.profiles
  for update to authenticated
  using (
    (id = (select auth.uid()) and (select private.is_approved()))
    or ((select private.is_superadmin()) and id <> (select auth.uid()))
  )
  with check (
    id = (select auth.uid())
    or ((select private.is_superadmin()) and id <> (select auth.uid()))
  );
create policy "Superadmins can delete other non-superadmin profiles" on public.profiles
  for delete to authenticated using (
    (select private.is_superadmin()) and id <> (select auth.uid()) and role <> 'superadmin'
  );

-- articles and galleries: staff write
drop policy "Staff can create articles" on public.articles;
drop policy "Staff can update articles" on public.articles;
drop policy "Staff can delete articles" on public.articles;
create policy "Staff can create articles" on public.articles
  for insert to authenticated with check ((select private.is_staff()));
create policy "Staff can update articles" on public.articles
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "Staff can delete articles" on public.articles
  for delete to authenticated using ((select private.is_staff()));

drop policy "Staff can create galleries" on public.galleries;
drop policy "Staff can update galleries" on public.galleries;
drop policy "Staff can delete galleries" on public.galleries;
create policy "Staff can create galleries" on public.galleries
  for insert to authenticated with check ((select private.is_staff()));
create policy "Staff can update galleries" on public.galleries
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "Staff can delete galleries" on public.galleries
  for delete to authenticated using ((select private.is_staff()));

-- contacts: a visitor's message carries the server's time (prepare_contact sets it), so no sender
-- can backdate one past the flood guard's window or reorder the inbox, even if that trigger is
-- ever replaced. Text and address rules stay table constraints, which answer with a clear 400.
drop policy "Anyone can send a contact message" on public.contacts;
create policy "Anyone can send a contact message stamped now" on public.contacts
  for insert to anon, authenticated with check (created_at = now());
drop policy "Staff can read contact messages" on public.contacts;
drop policy "Staff can delete contact messages" on public.contacts;
create policy "Staff can read contact messages" on public.contacts
  for select to authenticated using ((select private.is_staff()));
create policy "Staff can delete contact messages" on public.contacts
  for delete to authenticated using ((select private.is_staff()));

-- storage: the same rules through the private helpers
drop policy "Staff can upload article images into their own folder" on storage.objects;
drop policy "Staff can update article images in their own folder" on storage.objects;
drop policy "Staff can delete article images in their own folder" on storage.objects;
drop policy "Approved users can upload their own avatar" on storage.objects;
drop policy "Approved users can replace their own avatar" on storage.objects;
drop policy "Approved users can delete their own avatar" on storage.objects;

create policy "Staff can upload article images into their own folder" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'article_images' and (select private.is_staff())
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );
create policy "Staff can update article images in their own folder" on storage.objects
  for update to authenticated
  using (bucket_id = 'article_images' and (select private.is_staff())
    and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'article_images' and (select private.is_staff())
    and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Staff can delete article images in their own folder" on storage.objects
  for delete to authenticated using (
    bucket_id = 'article_images' and (select private.is_staff())
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );
create policy "Approved users can upload their own avatar" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'avatars' and (select private.is_approved())
    and position('/' in name) = 0 and starts_with(name, (select auth.uid())::text || '-')
  );
create policy "Approved users can replace their own avatar" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (select private.is_approved())
    and starts_with(name, (select auth.uid())::text || '-'))
  with check (bucket_id = 'avatars' and (select private.is_approved())
    and position('/' in name) = 0 and starts_with(name, (select auth.uid())::text || '-'));
create policy "Approved users can delete their own avatar" on storage.objects
  for delete to authenticated using (
    bucket_id = 'avatars' and (select private.is_approved())
    and starts_with(name, (select auth.uid())::text || '-')
  );

-- The users list stays the RPC get_all_users (supabase.rpc('get_all_users')), but as SECURITY
-- INVOKER over a private SECURITY DEFINER function, so nothing privileged is callable in public.
create function private.all_users()
returns table (id uuid, full_name text, email text, role public.app_role, status public.account_status)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_superadmin() then
    raise exception 'Hanya superadmin yang dapat melihat daftar pengguna.' using errcode = '42501';
  end if;
  return query
    select p.id, p.full_name, coalesce(p.email, u.email)::text, p.role, p.status
    from public.profiles p left join auth.users u on u.id = p.id
    order by p.created_at desc;
end
$$;
revoke execute on function private.all_users() from public, anon;
grant execute on function private.all_users() to authenticated, service_role;

create or replace function public.get_all_users()
returns table (id uuid, full_name text, email text, role public.app_role, status public.account_status)
language sql stable security invoker set search_path = '' as $$
  select * from private.all_users()
$$;
alter function public.get_all_users() security invoker;
revoke execute on function public.get_all_users() from public, anon;
grant execute on function public.get_all_users() to authenticated, service_role;

-- The column guard runs as the caller and asked the public helper; it asks the private one now.
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
  if new.role is distinct from old.role or new.status is distinct from old.status then
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

drop function public.is_superadmin();
drop function public.is_staff();
drop function public.is_approved();
drop function public.current_profile_role();
