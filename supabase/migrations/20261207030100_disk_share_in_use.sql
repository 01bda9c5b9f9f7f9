-- Issue 44 ("SPEC's placeholder figures become true"): the dashboard's 'Penyimpanan: NN% Penuh'
-- shows the real share of the disk in use, as df counts it (used / (used + available to
-- unprivileged users), rounded up). The server records the disk's size beside the free space;
-- the share (not the sizes) is told to every approved account, since the Status Sistem card is
-- on everyone's dashboard. No row, or a row from before this column: null ('belum diukur').
alter table private.disk_space add column total_bytes bigint check (total_bytes is null or total_bytes > 0);
comment on column private.disk_space.total_bytes is
  'Used plus available bytes of the disk of DATA_DIR (df''s size for its Use%), measured with free_bytes.';

create function private.disk_used_percent() returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select least(100, ceil(100.0 * (d.total_bytes - least(d.free_bytes, d.total_bytes)) / d.total_bytes))::integer
    from private.disk_space d
   where d.total_bytes is not null and (select private.is_approved())
$$;
revoke execute on function private.disk_used_percent() from public, anon;
grant execute on function private.disk_used_percent() to authenticated, service_role;

create function public.disk_used_percent() returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select private.disk_used_percent()
$$;
revoke execute on function public.disk_used_percent() from public, anon;
grant execute on function public.disk_used_percent() to authenticated, service_role;
