-- Where a backup's copy off the machine went (BACKUP_S3_BUCKET, issue 45): the superadmin
-- dashboard's backup card names it, so an operator sees at a glance that the last backup also
-- left the machine. Null: no copy was made (no BACKUP_S3_BUCKET) or it failed.
alter table private.backup_runs
  add column offsite text check (offsite is null or (offsite like 's3://%' and length(offsite) <= 1100));

-- The return type grows a column: both functions are replaced, keeping their rights.
drop function public.last_backup();
drop function private.last_backup();

create function private.last_backup()
returns table (created_at timestamptz, finished_at timestamptz, file text, size_bytes bigint, offsite text)
language sql
stable
security definer
set search_path = ''
as $$
  select r.created_at, r.finished_at, r.file, r.size_bytes, r.offsite
    from (values (1)) as one (x)
    left join lateral (
      select b.created_at, b.finished_at, b.file, b.size_bytes, b.offsite
        from private.backup_runs b
       order by b.finished_at desc, b.id desc
       limit 1
    ) r on true
   where (select private.is_superadmin())
$$;
revoke execute on function private.last_backup() from public, anon;
grant execute on function private.last_backup() to authenticated, service_role;

create function public.last_backup()
returns table (created_at timestamptz, finished_at timestamptz, file text, size_bytes bigint, offsite text)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.last_backup()
$$;
revoke execute on function public.last_backup() from public, anon;
grant execute on function public.last_backup() to authenticated, service_role;
