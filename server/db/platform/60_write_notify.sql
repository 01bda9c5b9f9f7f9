-- Write notifications for the REST read cache (server/http/read-cache.ts): every table in the
-- API schema gets an AFTER ... FOR EACH STATEMENT trigger that sends NOTIFY table_write, so a
-- cached anonymous answer is dropped the moment any writer commits (this server, another server
-- on the same database, or an operator's SQL). NOTIFY is delivered at commit, never for a rollback.
-- Idempotent: runs on every start.
create schema if not exists realtime;

create or replace function realtime.notify_table_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('table_write', tg_table_schema || '.' || tg_table_name);
  return null;
end
$$;
revoke all on function realtime.notify_table_write() from public;

create or replace function realtime.sync_write_triggers() returns integer
language sql
security definer
set search_path = ''
as $$
  select realtime.add_missing_triggers('zz_notify_table_write', array(
    select c.oid::regclass
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p')
       and n.nspname = 'public'
       and not c.relispartition),
    'after insert or update or delete or truncate on %s for each statement execute function realtime.notify_table_write()');
$$;
revoke all on function realtime.sync_write_triggers() from public;
