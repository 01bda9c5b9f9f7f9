/** What the embedded storage does with image bytes: metadata removed, bad images refused, nothing lost. */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { asFile, filesUnder, md5, pngDeclaring } from './fixtures.ts';
import { admin, adminClient, expectStorageError, rawFetch, storageDir, useStorageWorld } from './world.ts';

useStorageWorld();

const GPS = { GPSLatitudeRef: 'S', GPSLatitude: '6/1 10/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '106/1 49/1 0/1' };
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
  + '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="6,10.5S"/></rdf:RDF></x:xmpmeta>';

/** A phone-like photo: a wide image whose EXIF says "rotate 90°", with camera, GPS and XMP data. */
async function photoWithGps(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const base = sharp({ create: { width: 120, height: 80, channels: 3, background: '#4a6b3c' } })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' }, IFD3: GPS })
    .withXmp(XMP);
  const bytes = await base.toFormat(format).toBuffer();
  // orientation is written separately (withExif ignores it); only JPEG readers honour it here
  return format === 'jpeg' ? sharp(bytes).keepExif().withMetadata({ orientation: 6 }).jpeg().toBuffer() : bytes;
}

async function served(path: string): Promise<Buffer> {
  const { data } = adminClient.storage.from('article_images').getPublicUrl(path);
  const response = await fetch(data.publicUrl);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('metadata removal', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`a ${format.toUpperCase()} with GPS EXIF and XMP is stored without them`, async () => {
      const original = await photoWithGps(format);
      const before = await sharp(original).metadata();
      expect(before.exif).toBeDefined();
      expect(before.xmp).toBeDefined();
      expect(before.exif!.includes('PhoneMaker')).toBe(true);

      const name = `${admin.id}/gps-${format}.${format}`;
      const { error } = await adminClient.storage.from('article_images').upload(name, asFile(original, `p.${format}`, `image/${format}`));
      expect(error).toBeNull();

      const bytes = await served(name);
      const after = await sharp(bytes).metadata();
      expect(after.format).toBe(format);
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      for (const secret of ['PhoneMaker', 'Pocket 12', '6,10.5S', 'xmpmeta']) expect(bytes.includes(secret)).toBe(false);
      // the listing's size and ETag describe the bytes actually served
      const { data: listed } = await adminClient.storage.from('article_images').list(admin.id, { search: `gps-${format}` });
      expect(listed![0].metadata).toMatchObject({ size: bytes.length, eTag: `"${md5(bytes)}"` });
    });
  }

  it('turns a JPEG the way its EXIF orientation said before dropping the EXIF', async () => {
    const original = await photoWithGps('jpeg');
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const name = `${admin.id}/rotated.jpg`;
    expect((await adminClient.storage.from('article_images').upload(name, asFile(original, 'r.jpg', 'image/jpeg'))).error).toBeNull();
    const after = await sharp(await served(name)).metadata();
    expect({ width: after.width, height: after.height, orientation: after.orientation }).toEqual({ width: 80, height: 120, orientation: undefined });
  });

  it('keeps a clean WebP (what the site\'s browser pipeline uploads) byte for byte', async () => {
    const clean = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#123456' } }).webp({ quality: 80 }).toBuffer();
    const name = `${admin.id}/clean.webp`;
    expect((await adminClient.storage.from('article_images').upload(name, asFile(clean, 'c.webp', 'image/webp'))).error).toBeNull();
    expect(md5(await served(name))).toBe(md5(clean));
  });

  it('cleans uploads sent without supabase-js too (raw body with a token)', async () => {
    const original = await photoWithGps('jpeg');
    const token = (await adminClient.auth.getSession()).data.session!.access_token;
    const response = await rawFetch(`/storage/v1/object/article_images/${admin.id}/raw.jpg`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, body: new Uint8Array(original),
    });
    expect(response.status).toBe(200);
    expect((await served(`${admin.id}/raw.jpg`)).includes('GPS')).toBe(false);
  });
});

describe('bad image bytes', () => {
  it('refuses a truncated JPEG with InvalidImage and writes nothing', async () => {
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3300' } }).jpeg().toBuffer();
    const before = filesUnder(storageDir());
    const { error } = await adminClient.storage.from('article_images')
      .upload(`${admin.id}/broken.jpg`, asFile(whole.subarray(0, Math.floor(whole.length * 0.6)), 'b.jpg', 'image/jpeg'));
    expectStorageError(error, '422', 'not a valid image');
    expect(filesUnder(storageDir())).toEqual(before);
  });

  it('refuses a small PNG declaring 50,000 x 50,000 pixels before decoding it', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(10_000);
    const before = filesUnder(storageDir());
    const { error } = await adminClient.storage.from('article_images').upload(`${admin.id}/bomb.png`, asFile(bomb, 'bomb.png', 'image/png'));
    expectStorageError(error, '422', 'The image is 50000 x 50000 pixels; at most 100 megapixels are accepted');
    expect(filesUnder(storageDir())).toEqual(before);
  });

  it('refuses text posing as a JPEG by its bytes', async () => {
    const { error } = await adminClient.storage.from('article_images')
      .upload(`${admin.id}/notes.jpg`, asFile(Buffer.from('catatan rapat, bukan foto'), 'notes.jpg', 'image/jpeg'));
    expectStorageError(error, '415', 'mime type text/plain is not supported');
  });

  it('a damaged replacement leaves the stored image as it was', async () => {
    const good = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00aa00' } }).jpeg().toBuffer();
    const name = `${admin.id}/keep.jpg`;
    const bucket = adminClient.storage.from('article_images');
    expect((await bucket.upload(name, asFile(good, 'k.jpg', 'image/jpeg'))).error).toBeNull();
    const damaged = good.subarray(0, good.length - 200);
    expectStorageError((await bucket.upload(name, asFile(damaged, 'k.jpg', 'image/jpeg'), { upsert: true })).error, '422');
    expect(md5(await served(name))).toBe(md5(good));
  });
});
