import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fromRoot } from './paths.ts';

/** A request to this server's own API, in process. */
type LocalRequest = (path: string, init: RequestInit) => Promise<Response>;

/**
 * The demo galleries' photos: the site's own drawn pictures (public/images, made locally by
 * e2e/support/generate-placeholder-images.mjs; nothing is downloaded). /galeri lists a gallery
 * once it has a photo, so without these a demo install showed an empty page while the dashboard
 * counted 3 galleries.
 */
const PHOTOS: Record<string, { file: string; alt: string; caption: string }[]> = {
  'Latihan Formasi 2026': [
    { file: 'hero/hero-formasi-1600.webp', alt: 'Helikopter skadron terbang dalam formasi', caption: 'Terbang formasi di atas daerah latihan.' },
    { file: 'equipment/mi17-v5-1.webp', alt: 'Helikopter MI-17 V5 di landasan', caption: 'MI-17 V5 bersiap lepas landas.' },
    { file: 'equipment/mi35p-1.webp', alt: 'Helikopter MI-35P di landasan', caption: 'MI-35P dalam latihan formasi.' },
  ],
  'Bakti Sosial': [
    { file: 'persit/persit-1.webp', alt: 'Personel dan warga dalam kegiatan bakti sosial', caption: 'Bakti sosial bersama masyarakat sekitar pangkalan.' },
    { file: 'persit/persit-2.webp', alt: 'Pembagian bantuan kepada warga', caption: 'Pembagian bantuan kepada warga.' },
  ],
  'Pemeliharaan Pesawat': [
    { file: 'equipment/mi17-v5-2.webp', alt: 'Teknisi memeriksa helikopter MI-17 V5', caption: 'Pemeriksaan rutin MI-17 V5.' },
    { file: 'equipment/mi35p-2.webp', alt: 'Teknisi memeriksa helikopter MI-35P', caption: 'Pemeliharaan berkala MI-35P.' },
  ],
};

/**
 * Stores the demo galleries' photos through the storage API (so the file goes wherever this site
 * keeps files, disk or S3) and lists them, as an admin's upload would. Run once, right after the
 * demo content was loaded into a new database.
 */
export async function seedGalleryPhotos(request: LocalRequest, serviceKey: string): Promise<void> {
  const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` };
  const answer = await request('/rest/v1/galleries?select=id,name', { headers });
  if (!answer.ok) throw new Error(`demo galleries: HTTP ${answer.status}`);
  for (const gallery of (await answer.json()) as { id: string; name: string }[]) {
    const photos = PHOTOS[gallery.name] ?? [];
    for (const [position, photo] of photos.entries()) {
      const path = `${gallery.id}/${randomUUID()}.webp`;
      const stored = await request(`/storage/v1/object/gallery_photos/${path}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'image/webp', 'Cache-Control': 'max-age=31536000' },
        body: await readFile(fromRoot('public', 'images', photo.file)),
      });
      if (!stored.ok) throw new Error(`demo photo ${photo.file}: HTTP ${stored.status} ${await stored.text()}`);
      const listed = await request('/rest/v1/gallery_photos', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify({ gallery_id: gallery.id, path, position, alt: photo.alt, caption: photo.caption }),
      });
      if (!listed.ok) throw new Error(`demo photo row: HTTP ${listed.status} ${await listed.text()}`);
    }
  }
}
