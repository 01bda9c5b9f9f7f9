-- Finished backups (`npm run backup` and the server's BACKUP_SCHEDULE), so the superadmin
-- dashboard can show the age of the last good one (docs/decisions/0015-backup-restore-upgrade.md).
-- Written by the backup command as the database owner; nobody reaches the table through the API.
-- On a hosted Supabase project it stays empty: Supabase's own backups are not recorded here.
create table private.backup_runs (
  id bigint generated always as identity primary key,
  file text not null check (length(file) between 1 and 255),
  size_bytes bigint not null check (size_bytes >= 0),
  -- the moment of the database snapshot: what a restore brings back
  created_at timestamptz not null,
  finished_at timestamptz not null default now()
);
revoke all on table private.backup_runs from public, anon, authenticated;

-- The newest finished backup. A superadmin always gets one row (all null before the first
-- backup), so the dashboard knows to show the card; everyone else gets no row. The table is
-- read by a SECURITY DEFINER helper in the private schema; the API sees an invoker wrapper.
create function private.last_backup()
returns table (created_at timestamptz, finished_at timestamptz, file text, size_bytes bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select r.created_at, r.finished_at, r.file, r.size_bytes
    from (values (1)) as one (x)
    left join lateral (
      select b.created_at, b.finished_at, b.file, b.size_bytes
        from private.backup_runs b
       order by b.finished_at desc, b.id desc
       limit 1
    ) r on true
   where (select private.is_superadmin())
$$;
revoke execute on function private.last_backup() from public, anon;
grant execute on function private.last_backup() to authenticated, service_role;

create function public.last_backup()
returns table (created_at timestamptz, finished_at timestamptz, file text, size_bytes bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.last_backup()
$$;
revoke execute on function public.last_backup() from public, anon;
grant execute on function public.last_backup() to authenticated, service_role;
