-- Issue 43, point 5: the realtime topics of the admin screens become private channels, authorised
-- by row-level security on realtime.messages as Supabase Realtime Authorization asks it (a private
-- join is admitted when the joining user may SELECT a row of the topic; sending a broadcast or
-- tracking presence when they may INSERT one). A stranger's join of these names is refused, and a
-- public channel of the same name is another room, so its broadcasts and presence never reach
-- the admin sockets.

-- A hosted project (and this server's platform SQL) already has realtime.messages and
-- realtime.topic(), owned by the realtime service: they are made here only where missing, in
-- Supabase's shape, so the policies below always have a table to sit on.
do $$
begin
  if to_regclass('realtime.messages') is null then
    create schema if not exists realtime;
    create table realtime.messages (
      topic text not null,
      extension text not null,
      payload jsonb,
      event text,
      private boolean default false,
      updated_at timestamp without time zone not null default now(),
      inserted_at timestamp without time zone not null default now(),
      id uuid not null default gen_random_uuid() primary key
    );
    grant usage on schema realtime to anon, authenticated, service_role;
    grant select, insert, update on table realtime.messages to anon, authenticated, service_role;
  end if;
  if to_regprocedure('realtime.topic()') is null then
    create function realtime.topic() returns text
    language sql stable
    as 'select nullif(pg_catalog.current_setting(''realtime.topic'', true), '''')::text';
  end if;
end
$$;

-- Idempotent on a table the realtime service created: without RLS every private join passes.
alter table realtime.messages enable row level security;

-- One's own account topics (the admin shell's profile and second-step setting): the owner, while
-- approved. Every approved role uses the admin shell, so these are not staff-only.
drop policy if exists "Own admin topics" on realtime.messages;
create policy "Own admin topics" on realtime.messages for select to authenticated
  using (
    (select realtime.topic()) in (
      'admin-profile:' || (select auth.uid())::text,
      'security-settings:' || (select auth.uid())::text)
    and (select private.is_approved())
  );

-- The inbox's live count: staff only (the contacts it announces are staff-only too).
drop policy if exists "Staff inbox topics" on realtime.messages;
create policy "Staff inbox topics" on realtime.messages for select to authenticated
  using ((select realtime.topic()) like 'contacts-inbox:%' and (select private.is_staff()));

-- No INSERT policy names these topics: the admin screens only listen, so nobody (staff included)
-- may broadcast or track presence on them.
