/** Gallery photos (issue 11): who may read and write rows and files, and what deleting a gallery takes along. */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

const photo = async () => new File(
  [new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#557799' } }).webp().toBuffer())],
  'foto.webp', { type: 'image/webp' },
);

async function staffWithGallery() {
  const { client } = await t.signedIn({ role: 'admin' });
  const { data, error } = await client.from('galleries').insert({ name: 'Latihan Terjun' }).select('id').single();
  expect(error).toBeNull();
  return { client, galleryId: data!.id };
}

describe('gallery_photos', () => {
  it('staff add photos in order; visitors read them; personnel cannot write', async () => {
    const { client, galleryId } = await staffWithGallery();
    const path = `${galleryId}/a.webp`;
    expect((await client.storage.from('gallery_photos').upload(path, await photo())).error).toBeNull();
    const { error } = await client.from('gallery_photos').insert([
      { gallery_id: galleryId, path, caption: 'Pendaratan', alt: 'Helikopter mendarat di lapangan', position: 1 },
      { gallery_id: galleryId, path: `${galleryId}/b.webp`, position: 0 },
    ]);
    expect(error).toBeNull();

    const { data } = await t.anon().from('gallery_photos').select('path, caption, alt').eq('gallery_id', galleryId).order('position');
    expect(data).toEqual([
      { path: `${galleryId}/b.webp`, caption: null, alt: null },
      { path, caption: 'Pendaratan', alt: 'Helikopter mendarat di lapangan' },
    ]);
    expect((await fetch(t.anon().storage.from('gallery_photos').getPublicUrl(path).data.publicUrl)).status).toBe(200);

    const { client: personnel } = await t.signedIn({ role: 'user' });
    const denied = await personnel.from('gallery_photos').insert({ gallery_id: galleryId, path: `${galleryId}/x.webp` });
    expect(denied.error?.code).toBe('42501');
    const upload = await personnel.storage.from('gallery_photos').upload(`${galleryId}/x.webp`, await photo());
    expect(upload.error).toBeTruthy();
    const { data: removed } = await personnel.from('gallery_photos').delete().eq('gallery_id', galleryId).select('id');
    expect(removed).toEqual([]);
  });

  it('files go only into the folder of an existing gallery, and any staff member may remove them', async () => {
    const { client, galleryId } = await staffWithGallery();
    const stray = await client.storage.from('gallery_photos').upload(`${crypto.randomUUID()}/a.webp`, await photo());
    expect((stray.error as unknown as { statusCode: string }).statusCode).toBe('403');
    const top = await client.storage.from('gallery_photos').upload('a.webp', await photo());
    expect(top.error).toBeTruthy();

    expect((await client.storage.from('gallery_photos').upload(`${galleryId}/c.webp`, await photo())).error).toBeNull();
    const { client: other } = await t.signedIn({ role: 'superadmin' });
    const { data } = await other.storage.from('gallery_photos').remove([`${galleryId}/c.webp`]);
    expect(data).toHaveLength(1);
  });

  it('deleting a gallery deletes its photo rows', async () => {
    const { client, galleryId } = await staffWithGallery();
    expect((await client.from('gallery_photos').insert({ gallery_id: galleryId, path: `${galleryId}/d.webp` })).error).toBeNull();
    expect((await client.from('galleries').delete().eq('id', galleryId)).error).toBeNull();
    const { data } = await t.service().from('gallery_photos').select('id').eq('gallery_id', galleryId);
    expect(data).toEqual([]);
  });

  it('reorders in one statement: all of the order or none of it, staff only', async () => {
    const { client, galleryId } = await staffWithGallery();
    const { data: rows } = await client.from('gallery_photos')
      .insert(['a', 'b', 'c'].map((n, position) => ({ gallery_id: galleryId, path: `${galleryId}/${n}.webp`, position })))
      .select('id, path');
    const id = (name: string) => rows!.find((row) => row.path.endsWith(`/${name}.webp`))!.id;
    const order = async () => (await t.anon().from('gallery_photos').select('path').eq('gallery_id', galleryId).order('position'))
      .data!.map((row) => row.path.slice(-6, -5));

    const { data: placed, error } = await client.rpc('reorder_gallery_photos', { gallery_id: galleryId, photo_ids: [id('c'), id('a'), id('b')] });
    expect(error).toBeNull();
    expect(placed).toBe(3);
    expect(await order()).toEqual(['c', 'a', 'b']);

    // a photo of another gallery in the list undoes the whole order, not just its own row
    const { galleryId: otherGallery } = await staffWithGallery();
    const { data: stranger } = await client.from('gallery_photos').insert({ gallery_id: otherGallery, path: `${otherGallery}/x.webp` }).select('id').single();
    const mixed = await client.rpc('reorder_gallery_photos', { gallery_id: galleryId, photo_ids: [id('b'), id('a'), stranger!.id, id('c')] });
    expect(mixed.error?.code).toBe('P0002');
    // PostgREST's answer for a function that raises SQLSTATE PGRST with status 404 (not 500)
    expect(mixed.status).toBe(404);
    expect(mixed.error?.message).toBe('Foto tidak ditemukan atau Anda tidak memiliki izin.');
    expect(await order()).toEqual(['c', 'a', 'b']);

    const { client: personnel } = await t.signedIn({ role: 'user' });
    const denied = await personnel.rpc('reorder_gallery_photos', { gallery_id: galleryId, photo_ids: [id('a'), id('b'), id('c')] });
    expect(denied.error).toBeTruthy();
    const anonymous = await t.anon().rpc('reorder_gallery_photos', { gallery_id: galleryId, photo_ids: [id('a'), id('b'), id('c')] });
    expect(anonymous.error).toBeTruthy();
    expect(await order()).toEqual(['c', 'a', 'b']);
  });
});
