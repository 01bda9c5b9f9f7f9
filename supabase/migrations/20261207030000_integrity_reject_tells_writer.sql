-- Issue 44 (medium 3): a rejected held save is told to the one who saved it. The rejection wakes
-- the integrity mail worker (server/integrity/notices.ts), which mails the writer once and marks
-- the hold in writer_notified_at; the editor and Manajemen Konten read the rejection and its
-- reasons from the hold itself (staff may already read integrity_holds).

alter table public.integrity_holds add column writer_notified_at timestamptz;
comment on column public.integrity_holds.writer_notified_at is
  'When the writer was mailed that the held save was rejected; rejections from before this column count as told.';

-- rejections made before the writer could be told are not mailed months late
update public.integrity_holds set writer_notified_at = coalesce(decided_at, now()) where status = 'rejected';

create index integrity_holds_writer_untold_idx on public.integrity_holds (id)
  where status = 'rejected' and writer_notified_at is null;

-- Any rejection (integrity_reject, or an operator's SQL) wakes the worker; so integrity_reject
-- itself stays as it was.
create function private.integrity_hold_rejected() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform pg_notify('integrity_notices', '');
  return null;
end
$$;
create trigger integrity_hold_rejected after update of status on public.integrity_holds
  for each row when (new.status = 'rejected' and old.status is distinct from 'rejected')
  execute function private.integrity_hold_rejected();
