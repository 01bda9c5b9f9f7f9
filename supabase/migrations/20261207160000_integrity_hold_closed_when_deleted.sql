-- Issue 42/44: a held gallery or photo whose item is deleted before a superadmin decides.
--
-- 20261207100000 releases a held new gallery or photo by inserting it. When the gallery was
-- deleted meanwhile, a held new photo's release failed on the foreign key with a raw database
-- error, and a held edit of a deleted gallery or photo was inserted again: the release brought a
-- deleted item back to the site. Deleting a gallery or a photo now closes the holds that can no
-- longer be published as they were saved (status 'superseded', decided at the deletion), so they
-- leave the list at Integritas Situs; a superadmin acting on a list loaded before that is told in
-- Indonesian why there is nothing left to release or reject. 'superseded', not 'rejected': no one
-- judged the content, and a rejection would mail the writer that a superadmin refused it.

create function private.integrity_close_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.integrity_holds h set status = 'superseded', decided_at = now()
  where h.status = 'pending'
    and (h.row_id = old.id
      or (tg_table_name = 'galleries' and h.table_name = 'gallery_photos' and h.proposed ->> 'gallery_id' = old.id::text));
  return null;
end
$$;
revoke execute on function private.integrity_close_deleted() from public, anon, authenticated;

create trigger galleries_integrity_close after delete on public.galleries
  for each row execute function private.integrity_close_deleted();
create trigger gallery_photos_integrity_close after delete on public.gallery_photos
  for each row execute function private.integrity_close_deleted();

-- held photos left waiting for a gallery deleted before this migration
update public.integrity_holds h set status = 'superseded', decided_at = now()
where h.status = 'pending' and h.table_name = 'gallery_photos'
  and not exists (select 1 from public.galleries g where g.id = (h.proposed ->> 'gallery_id')::uuid);

-- As in 20261127120200, telling why a hold closed by a deletion cannot be decided.
create or replace function private.pending_hold(hold_id bigint) returns public.integrity_holds
language plpgsql security definer set search_path = '' as $$
declare
  hold public.integrity_holds;
  row_exists boolean;
begin
  if not (select private.is_superadmin()) then
    raise exception 'Hanya superadmin yang dapat memutuskan isi yang ditahan.' using errcode = 'PT403';
  end if;
  select * into hold from public.integrity_holds h where h.id = hold_id for update;
  if not found then
    raise exception 'Isi yang ditahan tidak ditemukan.' using errcode = 'PT404';
  end if;
  if hold.status = 'superseded' and hold.table_name in ('galleries', 'gallery_photos') then
    if hold.table_name = 'gallery_photos'
      and not exists (select 1 from public.galleries g where g.id = (hold.proposed ->> 'gallery_id')::uuid) then
      raise exception 'Galeri foto ini sudah dihapus, jadi foto yang ditahan tidak dapat dirilis lagi. Penahanannya sudah ditutup.'
        using errcode = 'PT404';
    end if;
    execute format('select exists (select 1 from public.%I t where t.id = $1)', hold.table_name) into row_exists using hold.row_id;
    if not row_exists then
      raise exception 'Isi yang ditahan sudah dihapus, jadi tidak dapat dirilis lagi. Penahanannya sudah ditutup.' using errcode = 'PT404';
    end if;
  end if;
  if hold.status <> 'pending' then
    raise exception 'Isi ini sudah diputuskan atau digantikan oleh simpanan yang lebih baru.' using errcode = 'PT409';
  end if;
  return hold;
end
$$;
