-- Contact inbox (issue 11): staff mark messages read or archived. Visitors still only insert.
alter table public.contacts add column read_at timestamptz;
alter table public.contacts add column archived_at timestamptz;
create index contacts_unread_idx on public.contacts (created_at desc) where read_at is null and archived_at is null;

-- Only the two inbox columns are writable, and only by staff: a message's text is what the visitor sent.
grant update (read_at, archived_at) on public.contacts to authenticated;
create policy "Staff can mark contact messages" on public.contacts
  for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()));

-- The sidebar's unread count stays live; realtime checks row-level security per subscriber,
-- so only staff receive these changes.
alter publication supabase_realtime add table public.contacts;
