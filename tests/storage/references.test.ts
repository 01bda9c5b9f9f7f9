/**
 * A picture a published article shows stays, however the article spells its URL: every way a
 * browser and Storage read as the same object is stored as one canonical URL, which the
 * "still in use" check finds (migration 20261124120000).
 */
import { describe, expect, it } from 'vitest';
import { asFile, png } from './fixtures.ts';
import { admin, admin2Client, adminClient, server, useStorageWorld } from './world.ts';

useStorageWorld();

const images = () => adminClient.storage.from('article_images');

async function uploadPicture(name: string): Promise<string> {
  const full = `${admin.id}/${name}`;
  expect((await images().upload(full, asFile(png(8, 8, 0, name.length), name, 'image/png'))).error).toBeNull();
  return full;
}

async function publish(fields: { content?: string; cover_image_url?: string; image_gallery_urls?: string[] }) {
  const { data, error } = await adminClient.from('articles')
    .insert({ title: 'Latihan terbang malam', content: '<p>Isi</p>', author_id: admin.id, ...fields })
    .select('content, cover_image_url, image_gallery_urls').single();
  expect(error).toBeNull();
  return data!;
}

/** Another staff member's cleanup, as the site runs it after an edit. */
async function cleanupRemoves(name: string): Promise<boolean> {
  const { data, error } = await admin2Client.storage.from('article_images').remove([name]);
  expect(error).toBeNull();
  return data!.length > 0;
}

describe('image references in articles', () => {
  const base = () => `${server.url}/storage/v1/object/public/article_images`;

  it('keeps a picture whose URL in the HTML is another percent-encoding of its name', async () => {
    const spellings = [
      (id: string, file: string) => `${base()}/${id}%2F${file}`,
      (id: string, file: string) => `${base()}/${id}%2f${file}`,
      (id: string, file: string) => `${base()}/${id}/${file.replace('a', '%61')}`,
      (id: string, file: string) => `${base()}/${id}/${file.replace('-', '%2D')}`,
      (id: string, file: string) => `${base()}/${id}&#47;${file}`,
      (id: string, file: string) => `${base()}/${id}&sol;${file}`,
      (id: string, file: string) => `${base()}/x/..\\${id}/./${file}`,
      (id: string, file: string) => `${base()}/${id}/${file.slice(0, 3)}\n${file.slice(3)}`,
      (id: string, file: string) => `${server.url}/storage/v1/render/image/public/article_images/${id}/${file.replace('.', '%2E')}?width=800`,
    ];
    for (const [i, spell] of spellings.entries()) {
      const file = `peta-operasi-${i}.png`;
      const name = await uploadPicture(file);
      const url = spell(admin.id, file);
      const stored = await publish({ content: `<p>Rute</p><img src="${url}" alt="Peta">` });

      // the browser shows it: the URL as written names the object
      const decodedForBrowser = url.replace(/&#47;|&sol;/g, '/').replace(/\n/g, '').replace(/\\/g, '/');
      expect((await fetch(decodedForBrowser)).status, url).toBe(200);
      expect(await cleanupRemoves(name), url).toBe(false);
      // stored canonical, the way the in-use check spells the name
      expect(stored.content, url).toContain(`/article_images/${name}`);
      expect((await fetch(`${base()}/${name}`)).status, url).toBe(200);
    }
  });

  it('keeps a picture named by an encoded cover or gallery URL', async () => {
    const cover = await uploadPicture('sampul-latihan.png');
    const gallery = await uploadPicture('galeri-latihan.png');
    const stored = await publish({
      cover_image_url: `${base()}/${admin.id}%2Fsampul-latihan.png`,
      image_gallery_urls: [`${base()}/${admin.id}/gal%65ri-latihan.png`],
    });
    expect(await cleanupRemoves(cover)).toBe(false);
    expect(await cleanupRemoves(gallery)).toBe(false);
    expect(stored.cover_image_url).toBe(`${base()}/${cover}`);
    expect(stored.image_gallery_urls).toEqual([`${base()}/${gallery}`]);
  });

  it('leaves other URLs and text exactly as written, and still lets unused pictures go', async () => {
    const content = '<p>Lihat <a href="https://example.com/a%2Fb?x=1&amp;y=2">tautan</a> &amp; 5 = 5</p>';
    expect((await publish({ content })).content).toBe(content);
    const unused = await uploadPicture('tidak-dipakai.png');
    expect(await cleanupRemoves(unused)).toBe(true);
  });
});
