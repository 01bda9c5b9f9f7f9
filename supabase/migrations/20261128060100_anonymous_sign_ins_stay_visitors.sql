-- Anonymous sign-ins (GoTrue's POST /signup without e-mail or phone, AUTH_ANONYMOUS_SIGN_INS here,
-- `enable_anonymous_sign_ins` on hosted Supabase) give a real `authenticated` token whose claims
-- carry `is_anonymous: true`. Every site rule granted to `authenticated` assumes a person who
-- signed up with an address and was approved by a superadmin, so an anonymous user is held to what
-- a visitor may do: no profile (nothing to approve), no staff role even if one appeared, no writes
-- to site tables or buckets, no staff-only reads. The rules sit in SQL so a hosted project with
-- anonymous sign-ins switched on is held the same way. Buckets and tables the project owner adds
-- stay governed by their own policies, as on Supabase.

create function private.is_anonymous_user() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((select auth.jwt()) ->> 'is_anonymous', '') = 'true'
$$;
revoke execute on function private.is_anonymous_user() from public;
grant execute on function private.is_anonymous_user() to anon, authenticated, service_role;

-- The root of is_approved, is_staff and is_superadmin: an anonymous token has no site role.
create or replace function private.current_profile_role() returns public.app_role
language plpgsql stable security definer set search_path = '' as $$
begin
  if private.is_anonymous_user() then
    return null;
  end if;
  return (
    select p.role from public.profiles p
    where p.id = auth.uid() and p.status = 'approved'
      and exists (
        select 1 from auth.sessions s
        where s.user_id = p.id
          and s.id::text = auth.jwt() ->> 'session_id'
          and (s.not_after is null or s.not_after > now())
      )
  );
end
$$;

-- No profile for an anonymous user: it would wait in the superadmin's approval list.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.is_anonymous then
    return new;
  end if;
  insert into public.profiles (id, full_name, username, phone_number, email, role, status)
  values (
    new.id,
    nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'username'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'phone_number'), ''),
    new.email,
    'user',
    'pending'
  );
  return new;
end
$$;

-- An anonymous user who adds a confirmed e-mail becomes a permanent account (GoTrue clears
-- is_anonymous then) and from that moment is a sign-up like any other: the same pending profile.
create trigger on_auth_user_made_permanent after update of is_anonymous on auth.users
  for each row when (old.is_anonymous and not new.is_anonymous)
  execute function public.handle_new_user();

-- The two site rules granted to every signed-in user that do not go through the role helpers.
create policy "Anonymous sign-ins send no contact messages" on public.contacts
  as restrictive for insert to authenticated
  with check (not (select private.is_anonymous_user()));
create policy "Anonymous sign-ins read no security settings" on public.security_settings
  as restrictive for select to authenticated
  using (not (select private.is_anonymous_user()));

-- Storage: in the site's buckets an anonymous user reads what a visitor reads (a published
-- document's file) and writes nothing; other buckets keep their own policies.
create policy "Anonymous sign-ins read site buckets as visitors" on storage.objects
  as restrictive for select to authenticated
  using (
    not (select private.is_anonymous_user())
    or bucket_id not in ('article_images', 'avatars', 'gallery_photos', 'unit_photos', 'documents')
    or (bucket_id = 'documents' and (select private.document_file_published(objects.name)))
  );
create policy "Anonymous sign-ins upload to no site bucket" on storage.objects
  as restrictive for insert to authenticated
  with check (
    not (select private.is_anonymous_user())
    or bucket_id not in ('article_images', 'avatars', 'gallery_photos', 'unit_photos', 'documents')
  );
create policy "Anonymous sign-ins replace nothing in site buckets" on storage.objects
  as restrictive for update to authenticated
  using (
    not (select private.is_anonymous_user())
    or bucket_id not in ('article_images', 'avatars', 'gallery_photos', 'unit_photos', 'documents')
  );
create policy "Anonymous sign-ins delete nothing in site buckets" on storage.objects
  as restrictive for delete to authenticated
  using (
    not (select private.is_anonymous_user())
    or bucket_id not in ('article_images', 'avatars', 'gallery_photos', 'unit_photos', 'documents')
  );
