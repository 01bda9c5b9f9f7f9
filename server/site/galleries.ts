import { isUuid } from '../http/uuid.ts';
import type { SiteApi } from './api.ts';

export interface GalleryMeta {
  id: string;
  name: string;
  description: string | null;
  cover_path: string | null;
}

interface GalleryRow {
  id: string;
  name: string;
  description: string | null;
  gallery_photos: { path: string }[];
}

/**
 * A gallery for the /galeri/{id} page's status and meta tags, through the public REST API with
 * the anon key (as the browser reads it), with its first photo as the cover.
 */
export async function findGallery(api: SiteApi, id: string): Promise<GalleryMeta | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await api.get<GalleryRow>('galleries', {
    select: 'id,name,description,gallery_photos(path)',
    id: `eq.${id}`,
    'gallery_photos.order': 'position.asc,created_at.asc',
    'gallery_photos.limit': '1',
  });
  const row = rows[0];
  if (!row) return undefined;
  return { id: row.id, name: row.name, description: row.description, cover_path: row.gallery_photos[0]?.path ?? null };
}
