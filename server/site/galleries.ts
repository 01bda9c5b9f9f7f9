import type { ServerContext } from '../context.ts';
import { asRequest } from '../db/request-context.ts';
import { isUuid } from '../http/uuid.ts';

export interface GalleryMeta {
  id: string;
  name: string;
  description: string | null;
  cover_path: string | null;
}

/** A gallery for the /galeri/{id} page's status and meta tags, read as the anonymous role. */
export async function findGallery(ctx: ServerContext, id: string): Promise<GalleryMeta | undefined> {
  if (!isUuid(id)) return undefined;
  return asRequest(ctx.db, { claims: { role: 'anon' }, readOnly: true }, async (tx) => {
    const { rows } = await tx.query<GalleryMeta>(
      `select g.id, g.name, g.description,
         (select p.path from public.gallery_photos p where p.gallery_id = g.id order by p.position, p.created_at limit 1) as cover_path
       from public.galleries g where g.id = $1`,
      [id],
    );
    return rows[0];
  });
}
