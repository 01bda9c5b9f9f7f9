-- Messages between this site's servers (server/realtime/bus.ts) too large for one NOTIFY
-- (PostgreSQL refuses a payload of 8000 bytes or more): a big client broadcast or presence meta
-- is written here and only its id goes out with NOTIFY 'realtime_bus'; every other server reads
-- the row. A row is kept a minute, long past every listener's read, then pruned by the next write.
-- Idempotent: runs on every start.
create table if not exists realtime.bus_messages (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default now()
);
revoke all on table realtime.bus_messages from public;
create index if not exists bus_messages_created_at on realtime.bus_messages (created_at);
