-- Issue 44 / issue 42 item 4: 20261207160000 closes the holds of a deleted gallery or photo; every
-- other held table now does the same. A deleted article (moved to Tempat Sampah: the row is deleted,
-- the trash is its last revision), public document, unit post, past commander, unit text or
-- information page left its pending holds waiting at Integritas Situs, where a release answered
-- 'Isi yang ditahan sudah dihapus.' (an article) or, for a unit page, inserted the deleted row again.
-- The deletion now marks them 'superseded' with decided_at = the deletion time, through the same
-- trigger function. Restoring an article or unit page from Tempat Sampah brings back its last saved
-- version, not the held change: that hold stays closed and the writer saves the change again.
--
-- A save that supersedes a hold leaves decided_at null; a deletion sets it. pending_hold tells the two
-- apart by that, so a list loaded before the deletion gets the deletion's reason for every table,
-- also after the article was restored.

do $$
declare
  held text;
begin
  foreach held in array array['articles', 'public_documents', 'unit_posts', 'past_commanders', 'unit_texts', 'info_pages'] loop
    execute format('create trigger %I after delete on public.%I for each row execute function private.integrity_close_deleted()',
      held || '_integrity_close', held);
  end loop;
end
$$;

-- Holds left waiting for an article or document deleted before this migration. A held new article or
-- document is saved as a draft, so a missing row means a deletion; a held new unit page row is never
-- inserted, so its missing row proves nothing and those holds stay for a superadmin.
update public.integrity_holds h set status = 'superseded', decided_at = now()
where h.status = 'pending' and (
  (h.table_name = 'articles' and not exists (select 1 from public.articles a where a.id = h.row_id))
  or (h.table_name = 'public_documents' and not exists (select 1 from public.public_documents d where d.id = h.row_id)));

-- As in 20261207160000, for a hold of any table closed by a deletion.
create or replace function private.pending_hold(hold_id bigint) returns public.integrity_holds
language plpgsql security definer set search_path = '' as $$
declare
  hold public.integrity_holds;
begin
  if not (select private.is_superadmin()) then
    raise exception 'Hanya superadmin yang dapat memutuskan isi yang ditahan.' using errcode = 'PT403';
  end if;
  select * into hold from public.integrity_holds h where h.id = hold_id for update;
  if not found then
    raise exception 'Isi yang ditahan tidak ditemukan.' using errcode = 'PT404';
  end if;
  if hold.status = 'superseded' and hold.decided_at is not null then
    if hold.table_name = 'gallery_photos'
      and not exists (select 1 from public.galleries g where g.id = (hold.proposed ->> 'gallery_id')::uuid) then
      raise exception 'Galeri foto ini sudah dihapus, jadi foto yang ditahan tidak dapat dirilis lagi. Penahanannya sudah ditutup.'
        using errcode = 'PT404';
    end if;
    raise exception 'Isi yang ditahan sudah dihapus, jadi tidak dapat dirilis lagi. Penahanannya sudah ditutup.' using errcode = 'PT404';
  end if;
  if hold.status <> 'pending' then
    raise exception 'Isi ini sudah diputuskan atau digantikan oleh simpanan yang lebih baru.' using errcode = 'PT409';
  end if;
  return hold;
end
$$;
