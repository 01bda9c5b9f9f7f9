-- Broadcast authorisation and Broadcast from Database, in the shape Supabase Realtime gives every
-- project: realtime.messages with row-level security (its SELECT policies decide who may join a
-- private channel and receive, its INSERT policies who may send or track), realtime.topic() for
-- those policies, and realtime.send() / realtime.broadcast_changes() to broadcast from SQL.
-- The server LISTENs on 'realtime_messages' for the id of each committed broadcast row
-- (server/realtime/message-feed.ts); Supabase reads the same rows from the WAL.
-- Idempotent: runs on every start.

-- Policies name realtime.topic() and realtime.messages; the change queue stays revoked (50_realtime.sql).
grant usage on schema realtime to anon, authenticated, service_role;

-- Not partitioned (Supabase partitions by day): the server deletes a public row once delivered and
-- private rows after ten minutes.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid() primary key,
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
);
alter table realtime.messages enable row level security;
grant select, insert, update on table realtime.messages to anon, authenticated, service_role;
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

create or replace function realtime.topic() returns text
language sql
stable
as $$
  select nullif(pg_catalog.current_setting('realtime.topic', true), '')::text;
$$;

-- As Supabase: runs as the caller, so the INSERT policies apply to what SQL broadcasts, and a
-- refused or failed send is a warning, never an error that would undo the caller's transaction.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
set search_path = ''
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := pg_catalog.gen_random_uuid();
    final_payload := case when payload ? 'id' then payload
                          else pg_catalog.jsonb_set(payload, '{id}', pg_catalog.to_jsonb(generated_id)) end;
    perform pg_catalog.set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

-- For a row trigger: sends {old_record, record, operation, table, schema} on `topic_name`.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW')
returns void
language plpgsql
set search_path = ''
as $$
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  perform realtime.send(
    pg_catalog.jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema),
    event_name, topic_name);
end
$$;

-- Only committed rows notify: the permission probes the server writes and rolls back never do.
create or replace function realtime.notify_broadcast() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.extension = 'broadcast' and (new.payload is not null or new.binary_payload is not null) then
    perform pg_catalog.pg_notify('realtime_messages', new.id::text);
  end if;
  return null;
end
$$;
revoke all on function realtime.notify_broadcast() from public;
create or replace trigger realtime_notify_broadcast
  after insert on realtime.messages
  for each row execute function realtime.notify_broadcast();
