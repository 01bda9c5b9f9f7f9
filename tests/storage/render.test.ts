/** The image transformation endpoint, called the way storage-js builds its URLs. */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import sharp from 'sharp';
import { asFile, filesUnder } from './fixtures.ts';
import { admin, adminClient, expectStorageError, server, storageDir, useStorageWorld } from './world.ts';

useStorageWorld();

const bucket = () => adminClient.storage.from('article_images');
const WEBP = { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' };

async function uploadPhoto(name: string, width = 1600, height = 1200): Promise<string> {
  const photo = await sharp({ create: { width, height, channels: 3, background: '#30506a' } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#e0c040"/></svg>`) }])
    .jpeg({ quality: 90 }).toBuffer();
  const full = `${admin.id}/${name}`;
  expect((await bucket().upload(full, asFile(photo, name, 'image/jpeg'))).error).toBeNull();
  return full;
}

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, meta: response.status === 200 ? await sharp(bytes).metadata() : undefined };
}

describe('render/image/public', () => {
  it('serves the size asked for, as WebP to browsers that take it and in the original format otherwise', async () => {
    const name = await uploadPhoto('render-a.jpg');
    const url = bucket().getPublicUrl(name, { transform: { width: 400 } }).data.publicUrl;
    expect(url).toBe(`${server.url}/storage/v1/render/image/public/article_images/${name}?width=400`);

    const browser = await fetchImage(url, WEBP);
    expect(browser.response.status).toBe(200);
    expect(browser.response.headers.get('content-type')).toBe('image/webp');
    expect(browser.response.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(browser.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(browser.meta).toMatchObject({ format: 'webp', width: 400, height: 300 });

    const plain = await fetchImage(url);
    expect(plain.meta).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    const origin = await fetchImage(bucket().getPublicUrl(name, { transform: { width: 200, format: 'origin' } }).data.publicUrl, WEBP);
    expect(origin.meta).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
  });

  it('follows the resize modes and never enlarges', async () => {
    const name = await uploadPhoto('render-modes.jpg');
    const size = async (transform: Parameters<ReturnType<typeof bucket>['getPublicUrl']>[1]) => {
      const { meta } = await fetchImage(bucket().getPublicUrl(name, transform).data.publicUrl, WEBP);
      return [meta!.width, meta!.height];
    };
    expect(await size({ transform: { width: 400, height: 400 } })).toEqual([400, 400]);
    expect(await size({ transform: { width: 400, height: 400, resize: 'cover' } })).toEqual([400, 400]);
    expect(await size({ transform: { width: 400, height: 400, resize: 'contain' } })).toEqual([400, 300]);
    expect(await size({ transform: { width: 400, height: 100, resize: 'fill' } })).toEqual([400, 100]);
    expect(await size({ transform: { height: 120 } })).toEqual([160, 120]);
    expect(await size({ transform: { width: 2500 } })).toEqual([1600, 1200]);
  });

  it('lower quality gives fewer bytes', async () => {
    const name = await uploadPhoto('render-quality.jpg');
    const low = await fetchImage(bucket().getPublicUrl(name, { transform: { width: 800, quality: 20 } }).data.publicUrl, WEBP);
    const high = await fetchImage(bucket().getPublicUrl(name, { transform: { width: 800, quality: 100 } }).data.publicUrl, WEBP);
    expect(low.bytes.length).toBeLessThan(high.bytes.length);
  });

  it('refuses out-of-range parameters with a Supabase-shaped 400 before touching the image', async () => {
    const name = await uploadPhoto('render-bad.jpg', 64, 48);
    const base = `${server.url}/storage/v1/render/image/public/article_images/${name}`;
    for (const query of ['width=0', 'width=2501', 'height=-5', 'width=12.5', 'width=abc', 'quality=19', 'quality=101', 'resize=stretch', 'format=png']) {
      const response = await fetch(`${base}?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ statusCode: '400', code: 'InvalidRequest', message: expect.stringMatching(/^querystring\//) });
    }
    const missing = await fetch(`${server.url}/storage/v1/render/image/public/article_images/${admin.id}/nope.jpg?width=10`);
    expect(await missing.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('renders once, answers repeats from the disk cache and 304s, and forgets renditions of removed objects', async () => {
    const name = await uploadPhoto('render-cache.jpg');
    const url = bucket().getPublicUrl(name, { transform: { width: 300, height: 200 } }).data.publicUrl;
    const first = await fetchImage(url, WEBP);
    const renders = path.join(storageDir(), '.renders');
    const cached = filesUnder(renders);
    expect(cached.some((f) => f.endsWith('.webp'))).toBe(true);
    const again = await fetchImage(url, WEBP);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(filesUnder(renders)).toEqual(cached);
    const etag = first.response.headers.get('etag')!;
    expect((await fetch(url, { headers: { ...WEBP, 'if-none-match': etag } })).status).toBe(304);

    const { data: info } = await bucket().info(name);
    const version = (info as unknown as { version: string }).version;
    expect(filesUnder(path.join(renders, version)).length).toBeGreaterThan(0);
    expect((await bucket().remove([name])).error).toBeNull();
    expect(filesUnder(path.join(renders, version))).toEqual([]);
    expect((await fetch(url, { headers: WEBP })).status).toBe(400);
  });

  it('download(path, { transform }) reads through the authenticated route as the caller', async () => {
    const name = await uploadPhoto('render-auth.jpg');
    const { data, error } = await bucket().download(name, { transform: { width: 100, format: 'origin' } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    // 100 px is rounded up to the next rendition size
    expect(meta).toMatchObject({ width: 120, height: 90 });
    const nobody = await adminClient.storage.from('nope').download(name, { transform: { width: 100 } });
    expectStorageError(nobody.error, '404');
  });
});
