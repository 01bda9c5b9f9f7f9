-- Reordering a gallery's photos in one statement (issue 11): several separate updates could
-- leave half an order behind when one fails or two staff members reorder at once. Security
-- invoker, so row-level security decides as for any update: staff only.
create function public.reorder_gallery_photos(gallery_id uuid, photo_ids uuid[]) returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  placed integer;
begin
  update public.gallery_photos p
  set position = o.ord - 1
  from unnest(photo_ids) with ordinality as o(id, ord)
  where p.id = o.id and p.gallery_id = reorder_gallery_photos.gallery_id;
  get diagnostics placed = row_count;
  -- every listed photo is placed, or none: a photo of another gallery, a removed or repeated one,
  -- or a caller row-level security lets update nothing undoes the whole order
  if placed <> coalesce(cardinality(photo_ids), 0) then
    raise exception 'Foto tidak ditemukan atau Anda tidak memiliki izin.' using errcode = 'P0002';
  end if;
  return placed;
end
$$;

revoke execute on function public.reorder_gallery_photos(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_gallery_photos(uuid, uuid[]) to authenticated, service_role;
