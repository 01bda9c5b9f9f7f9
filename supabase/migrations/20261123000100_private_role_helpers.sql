-- The role helpers policies use, in the schema the API does not expose, so no one can call them
-- as /rest/v1/rpc/*. Policies call them through a sub-select so they run once per statement.
-- The public copies stay until every policy has moved (a later migration drops them).

create function private.current_profile_role() returns public.app_role
language sql stable security definer set search_path = '' as $$
  select p.role from public.profiles p where p.id = (select auth.uid()) and p.status = 'approved'
$$;

create function private.is_approved() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.current_profile_role() is not null
$$;

create function private.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.current_profile_role() in ('admin', 'superadmin'), false)
$$;

create function private.is_superadmin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.current_profile_role() = 'superadmin', false)
$$;

revoke execute on function private.current_profile_role(), private.is_approved(), private.is_staff(),
  private.is_superadmin() from public;
grant execute on function private.current_profile_role(), private.is_approved(), private.is_staff(),
  private.is_superadmin() to anon, authenticated, service_role;
