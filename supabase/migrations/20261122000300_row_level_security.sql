-- Row-level security: the only gate between the API and the data (ARCHITECTURE.md, security model).

alter table public.profiles enable row level security;
alter table public.articles enable row level security;
alter table public.galleries enable row level security;
alter table public.contacts enable row level security;

-- profiles
create policy "Users can read their own profile" on public.profiles
  for select to authenticated using (id = auth.uid());
-- Approved personnel see their approved colleagues (dashboard count, author names); contact data
-- of people still waiting or refused is for staff only.
create policy "Approved users can read approved profiles" on public.profiles
  for select to authenticated using (status = 'approved' and public.is_approved());
create policy "Staff can read all profiles" on public.profiles
  for select to authenticated using (public.is_staff());
create policy "Approved users can update their own profile" on public.profiles
  for update to authenticated using (id = auth.uid() and public.is_approved())
  with check (id = auth.uid());
create policy "Superadmins can update other profiles" on public.profiles
  for update to authenticated using (public.is_superadmin() and id <> auth.uid())
  with check (public.is_superadmin() and id <> auth.uid());
create policy "Superadmins can delete other non-superadmin profiles" on public.profiles
  for delete to authenticated using (public.is_superadmin() and id <> auth.uid() and role <> 'superadmin');

-- Profiles are created only by the signup trigger.
revoke insert on public.profiles from anon, authenticated;
revoke update on public.profiles from anon, authenticated;
grant update (full_name, username, phone_number, avatar_url, updated_at, role, status)
  on public.profiles to authenticated;

-- articles
create policy "Anyone can read articles" on public.articles
  for select to anon, authenticated using (true);
create policy "Staff can create articles" on public.articles
  for insert to authenticated with check (public.is_staff());
create policy "Staff can update articles" on public.articles
  for update to authenticated using (public.is_staff()) with check (public.is_staff());
create policy "Staff can delete articles" on public.articles
  for delete to authenticated using (public.is_staff());

-- galleries
create policy "Anyone can read galleries" on public.galleries
  for select to anon, authenticated using (true);
create policy "Staff can create galleries" on public.galleries
  for insert to authenticated with check (public.is_staff());
create policy "Staff can update galleries" on public.galleries
  for update to authenticated using (public.is_staff()) with check (public.is_staff());
create policy "Staff can delete galleries" on public.galleries
  for delete to authenticated using (public.is_staff());

-- contacts
create policy "Anyone can send a contact message" on public.contacts
  for insert to anon, authenticated with check (true);
create policy "Staff can read contact messages" on public.contacts
  for select to authenticated using (public.is_staff());
create policy "Staff can delete contact messages" on public.contacts
  for delete to authenticated using (public.is_staff());
revoke update on public.contacts from anon, authenticated;

alter publication supabase_realtime add table public.profiles;
