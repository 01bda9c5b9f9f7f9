-- Permission helpers, bookkeeping triggers and the account lifecycle.
-- Helpers are security definer with an empty search_path so policies can read profiles without
-- recursing into profiles' own policies, and nobody can shadow the objects they use.

create function public.current_profile_role() returns public.app_role
language sql stable security definer set search_path = '' as $$
  select p.role from public.profiles p where p.id = auth.uid() and p.status = 'approved'
$$;

create function public.is_approved() returns boolean
language sql stable security definer set search_path = '' as $$
  select public.current_profile_role() is not null
$$;

create function public.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(public.current_profile_role() in ('admin', 'superadmin'), false)
$$;

create function public.is_superadmin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(public.current_profile_role() = 'superadmin', false)
$$;

-- True when the statement comes through the API roles (not migrations, seeding or service work).
create function public.is_api_request() returns boolean
language sql stable set search_path = '' as $$
  select current_user in ('anon', 'authenticated')
$$;

create function public.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;

create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();
create trigger articles_set_updated_at before insert or update on public.articles
  for each row execute function public.set_updated_at();
create trigger galleries_set_updated_at before insert or update on public.galleries
  for each row execute function public.set_updated_at();

-- New auth user -> profile. Role and status are never taken from user metadata.
create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
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

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

create function public.sync_profile_email() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.sync_profile_email();

-- What an API caller may change on a profile. RLS already limits which rows; this limits columns.
-- Runs as the invoker on purpose: is_api_request() must see the caller's role.
create function public.guard_profile_update() returns trigger
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
    if not public.is_superadmin() then
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

create trigger profiles_guard_update before update on public.profiles
  for each row execute function public.guard_profile_update();

-- A profile that stops being approved loses its sessions at once (refresh fails, GET /user 403).
create function public.revoke_sessions_when_unapproved() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'approved' and old.status is distinct from new.status then
    delete from auth.sessions where user_id = new.id;
  end if;
  return new;
end
$$;

create trigger profiles_revoke_sessions after update of status on public.profiles
  for each row execute function public.revoke_sessions_when_unapproved();

-- Deleting a profile deletes its login too, so the e-mail can register again.
create function public.delete_auth_user_of_profile() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from auth.users where id = old.id;
  return old;
end
$$;

create trigger profiles_delete_auth_user after delete on public.profiles
  for each row execute function public.delete_auth_user_of_profile();

-- Editing an article makes the editor its author (SPEC section 7 sends author_id on update);
-- nobody can attribute an article to someone else.
create function public.guard_article_author() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_request() and new.author_id is distinct from auth.uid()
     and (tg_op = 'INSERT' or new.author_id is distinct from old.author_id) then
    raise exception 'author_id harus sama dengan pengguna yang sedang masuk.' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger articles_guard_author before insert or update on public.articles
  for each row execute function public.guard_article_author();

-- Contact form: blank optional fields become null; a sender cannot flood the inbox.
-- In a schema PostgREST does not expose, so it is not callable as an RPC.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

create function private.contact_flood_detected(sender text) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select count(*) from public.contacts c
          where c.email = sender and c.created_at > now() - interval '10 minutes') >= 5
      or (select count(*) from public.contacts c where c.created_at > now() - interval '1 minute') >= 60
$$;

create function public.prepare_contact() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.phone := nullif(btrim(new.phone), '');
  new.subject := nullif(btrim(new.subject), '');
  new.email := lower(btrim(new.email));
  new.created_at := now();
  if public.is_api_request() then
    if private.contact_flood_detected(new.email) then
      raise exception 'Terlalu banyak pesan dikirim. Silakan coba lagi beberapa menit lagi.'
        using errcode = 'P0001', hint = 'rate_limited';
    end if;
  end if;
  return new;
end
$$;

create trigger contacts_prepare before insert on public.contacts
  for each row execute function public.prepare_contact();

-- Users page (superadmin only). Raises instead of returning nothing so the UI can say why.
create function public.get_all_users()
returns table (id uuid, full_name text, email text, role public.app_role, status public.account_status)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_superadmin() then
    raise exception 'Hanya superadmin yang dapat melihat daftar pengguna.' using errcode = '42501';
  end if;
  return query
    select p.id, p.full_name, coalesce(p.email, u.email)::text, p.role, p.status
    from public.profiles p left join auth.users u on u.id = p.id
    order by p.created_at desc;
end
$$;

-- Internal helpers are not part of the API.
revoke execute on function public.handle_new_user(), public.sync_profile_email(),
  public.guard_profile_update(), public.revoke_sessions_when_unapproved(),
  public.delete_auth_user_of_profile(), public.guard_article_author(), public.prepare_contact(),
  public.set_updated_at() from anon, authenticated, public;
revoke execute on function public.get_all_users() from anon, public;
