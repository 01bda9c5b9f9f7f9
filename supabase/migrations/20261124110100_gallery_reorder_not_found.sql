-- reorder_gallery_photos answered 500 when a listed photo was missing (issue 20): PostgREST maps
-- every PL/pgSQL SQLSTATE but P0001 to 500. Raised with SQLSTATE PGRST, PostgREST (11.2 and later,
-- and this project's server, server/rest/errors.ts) answers the status and error body the
-- function names: 404 with the same code P0002 and message as before.
create or replace function public.reorder_gallery_photos(gallery_id uuid, photo_ids uuid[]) returns integer
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
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0002', 'message', 'Foto tidak ditemukan atau Anda tidak memiliki izin.')::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  return placed;
end
$$;
