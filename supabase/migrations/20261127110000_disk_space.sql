-- The free space of the server's disk (DATA_DIR) as the server last measured it, for the
-- superadmin dashboard (docs/decisions/0025-availability-under-floods-crashes-and-full-disks.md).
-- One row, written by the server as the database owner every minute; nobody reaches the table
-- through the API. On a hosted Supabase project it stays empty and the dashboard shows no card.
create table private.disk_space (
  id boolean primary key default true check (id),
  free_bytes bigint not null check (free_bytes >= 0),
  reserve_bytes bigint not null check (reserve_bytes >= 0),
  measured_at timestamptz not null default now()
);
revoke all on table private.disk_space from public, anon, authenticated;

-- The last measurement, to a superadmin only (no row to anyone else, and none before the first).
create function private.disk_space()
returns table (free_bytes bigint, reserve_bytes bigint, measured_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select d.free_bytes, d.reserve_bytes, d.measured_at
    from private.disk_space d
   where (select private.is_superadmin())
$$;
revoke execute on function private.disk_space() from public, anon;
grant execute on function private.disk_space() to authenticated, service_role;

create function public.disk_space()
returns table (free_bytes bigint, reserve_bytes bigint, measured_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.disk_space()
$$;
revoke execute on function public.disk_space() from public, anon;
grant execute on function public.disk_space() to authenticated, service_role;
