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

create or replace function private.integrity_reject(hold_id bigint) returns void
language plpgsql security definer set search_path = '' as $$
declare
  hold public.integrity_holds := private.pending_hold(hold_id);
begin
  update public.integrity_holds set status = 'rejected', decided_by = (select auth.uid()), decided_at = now() where id = hold.id;
  perform private.write_audit('integrity.reject', case when hold.table_name = 'articles' then 'article' else 'unit_page' end,
    hold.row_id, hold.label, jsonb_build_object('reasons', to_jsonb(hold.reasons)));
  perform pg_notify('integrity_notices', '');
end
$$;
