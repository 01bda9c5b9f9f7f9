-- Change capture for Realtime postgres_changes. Supabase decodes the WAL of the
-- supabase_realtime publication; the server does not decode the WAL (that needs a replication slot and a decoder plugin), so every published table gets an
-- AFTER row trigger that queues the change here and sends its id with NOTIFY (payloads over
-- 8000 bytes would not fit in the notification itself). The server LISTENs on 'realtime', reads
-- the queued rows, delivers them and prunes old ones.
-- Idempotent: runs on every start, on the embedded PostgreSQL 17 and on any PostgreSQL 15+ (DATABASE_URL).
create schema if not exists realtime;
-- The queue holds row images; only the owner (the server) reads it.
revoke all on schema realtime from public;

create table if not exists realtime.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  type text not null check (type in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb,
  -- Transaction commit time is not visible to a trigger; the clock at capture is the closest.
  commit_timestamp timestamptz not null default clock_timestamp()
);
revoke all on table realtime.changes from public;

-- old_record follows replica identity as Supabase does: the whole old row with
-- REPLICA IDENTITY FULL, otherwise only the primary-key columns.
create or replace function realtime.capture_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change_id bigint;
  old_image jsonb;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if (select c.relreplident from pg_catalog.pg_class c where c.oid = tg_relid) = 'f' then
      old_image := pg_catalog.to_jsonb(old);
    else
      select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}'::jsonb)
        into old_image
        from pg_catalog.jsonb_each(pg_catalog.to_jsonb(old)) as e
       where e.key in (
         select a.attname
           from pg_catalog.pg_index i
           join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
          where i.indrelid = tg_relid and i.indisprimary);
    end if;
  end if;
  insert into realtime.changes (schema_name, table_name, type, record, old_record)
  values (tg_table_schema, tg_table_name, tg_op,
          case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end, old_image)
  returning id into change_id;
  perform pg_catalog.pg_notify('realtime', change_id::text);
  return null;
end
$$;
revoke all on function realtime.capture_change() from public;

-- Puts the capture trigger on every table in supabase_realtime and takes it off tables that
-- left the publication. Returns how many triggers it created or dropped.
create or replace function realtime.sync_capture_triggers() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  t record;
  changed integer;
begin
  changed := realtime.add_missing_triggers('realtime_capture_change', array(
    select c.oid::regclass
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p')
       and n.nspname not in ('realtime', 'pg_catalog', 'information_schema')
       and exists (select 1 from pg_catalog.pg_publication_tables p
                    where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)),
    'after insert or update or delete on %s for each row execute function realtime.capture_change()');
  for t in
    select c.oid, n.nspname, c.relname
      from pg_catalog.pg_trigger g
      join pg_catalog.pg_class c on c.oid = g.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where g.tgname = 'realtime_capture_change'
       and not exists (select 1 from pg_catalog.pg_publication_tables p
                        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute pg_catalog.format('drop trigger realtime_capture_change on %I.%I', t.nspname, t.relname);
    changed := changed + 1;
  end loop;
  return changed;
end
$$;
revoke all on function realtime.sync_capture_triggers() from public;

-- Replaced by realtime.evaluate_as_subscribers.
drop function if exists realtime.check_visibility(text, text[], jsonb);

-- Row visibility and postgres_changes filters for several subscriber groups of one change, each
-- evaluated as the group's role with its claims and the settings an API request gets
-- (request-context.ts), so policies and privileges decide. `statements` is a list of
-- {claims, query, params}: `query`, built by the server from quoted identifiers, reads the values
-- as ($1::text[])[n] and yields boolean[] (visible, then one per filter). SECURITY INVOKER on
-- purpose: switching role is checked against the session user. The settings are transaction-local
-- and the server runs this in a read-only transaction with a short statement_timeout
-- (server/realtime/evaluate.ts); if it fails, each group is evaluated alone. Only the server may
-- call it (a caller allowed to switch roles could otherwise pick any of them).
create or replace function realtime.evaluate_as_subscribers(statements jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  statement jsonb;
  result boolean[];
  results jsonb := '[]';
begin
  for statement in select * from pg_catalog.jsonb_array_elements(statements) loop
    perform pg_catalog.set_config('search_path', 'public, extensions', true),
            pg_catalog.set_config('request.jwt.claims', (statement -> 'claims')::text, true),
            pg_catalog.set_config('request.jwt.claim.role', statement -> 'claims' ->> 'role', true),
            pg_catalog.set_config('request.jwt.claim.sub', coalesce(statement -> 'claims' ->> 'sub', ''), true),
            pg_catalog.set_config('request.method', 'GET', true),
            pg_catalog.set_config('request.path', '/realtime/v1/websocket', true),
            pg_catalog.set_config('request.headers', '{}', true),
            pg_catalog.set_config('role', statement -> 'claims' ->> 'role', true);
    execute statement ->> 'query' into result
      using array(select pg_catalog.jsonb_array_elements_text(statement -> 'params'));
    results := results || pg_catalog.jsonb_build_array(result);
  end loop;
  return results;
end
$$;
revoke all on function realtime.evaluate_as_subscribers(jsonb) from public;

create or replace function realtime.sync_capture_triggers_on_ddl() returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.sync_capture_triggers();
end
$$;

-- Event triggers need a superuser (the embedded server connects as one; a managed PostgreSQL may not). Without it
-- the server's syncCaptureTriggers() after migrations still does the same work.
do $$
begin
  if (select rolsuper from pg_catalog.pg_roles where rolname = current_user)
     and not exists (select 1 from pg_catalog.pg_event_trigger where evtname = 'realtime_sync_capture_triggers') then
    create event trigger realtime_sync_capture_triggers on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO')
      execute function realtime.sync_capture_triggers_on_ddl();
  end if;
end
$$;

-- Puts trigger `trigger_name` on each of `tables` that lacks it; `definition` is the rest of the
-- CREATE TRIGGER statement with %s where the table goes. Returns how many it created. Shared by
-- the capture triggers here and the write notifications (60_write_notify.sql); only those
-- SECURITY DEFINER functions call it, so it runs as their owner.
create or replace function realtime.add_missing_triggers(trigger_name text, tables regclass[], definition text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  t regclass;
  created integer := 0;
begin
  foreach t in array tables loop
    continue when exists (select 1 from pg_catalog.pg_trigger g where g.tgrelid = t and g.tgname = trigger_name);
    -- With an empty search_path a regclass prints schema-qualified and quoted.
    execute pg_catalog.format('create trigger %I ' || definition, trigger_name, t);
    created := created + 1;
  end loop;
  return created;
end
$$;
revoke all on function realtime.add_missing_triggers(text, regclass[], text) from public;

select realtime.sync_capture_triggers();
