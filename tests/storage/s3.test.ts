/**
 * STORAGE_BACKEND=s3 against a real S3 server (s3rver, its own process): the storage behaviours
 * the site relies on, with the bytes in the bucket and none under DATA_DIR/storage, and what an
 * outage of the endpoint does.
 */
import { ListObjectsV2Command, GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeS3Client } from '../../server/s3/client.ts';
import { storageS3Settings, type S3Settings } from '../../server/s3/settings.ts';
import { runDoctor } from '../../server/cli/doctor.ts';
import { createUser, serviceClient, signInAs, startTestServer, type TestServer, type TestUser, type TypedClient } from '../support/server.ts';
import { freePort } from '../support/free-port.ts';
import { startS3rver, type S3Server } from '../support/s3rver.ts';
import { asFile, filesUnder, md5, png } from './fixtures.ts';

let s3: S3Server;
let settings: S3Settings;
let server: TestServer;
let admin: TestUser;
let client: TypedClient;

beforeAll(async () => {
  s3 = await startS3rver();
  settings = storageS3Settings(s3.env({ STORAGE_S3_BUCKET: 'skd-files' }))!;
  // the bucket does not exist yet: the server creates it
  server = await startTestServer({ storageS3: settings });
  admin = await createUser(server, { role: 'admin' });
  client = await signInAs(server, admin);
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

async function keysInBucket(): Promise<string[]> {
  const s3Client = makeS3Client(settings);
  const page = await s3Client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  s3Client.destroy();
  return (page.Contents ?? []).map((c) => c.Key!).sort();
}

async function bucketBytes(key: string): Promise<Buffer> {
  const s3Client = makeS3Client(settings);
  const { Body } = await s3Client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
  const bytes = Buffer.from(await Body!.transformToByteArray());
  s3Client.destroy();
  return bytes;
}

const localFiles = () => filesUnder(`${server.dataDir}/storage`).filter((f) => !f.startsWith('.'));

describe('stored files in an S3 bucket', () => {
  it('an upload lands in the bucket under a server-made key, is served with ETag, 304 and ranges, and nothing stays on disk', async () => {
    const bytes = png(8, 8, 30_000, 7);
    const name = `${admin.id}/s3-cover.png`;
    const { error } = await client.storage.from('article_images').upload(name, asFile(bytes, 'c.png', 'image/png'));
    expect(error).toBeNull();

    const keys = await keysInBucket();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^article_images\/[0-9a-f-]{36}$/);
    expect(md5(await bucketBytes(keys[0]))).toBe(md5(bytes));
    expect(localFiles()).toEqual([]);

    const url = client.storage.from('article_images').getPublicUrl(name).data.publicUrl;
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(md5(Buffer.from(await full.arrayBuffer()))).toBe(md5(bytes));
    const etag = full.headers.get('etag')!;
    expect(etag).toBe(`"${md5(bytes)}"`);
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('GPS EXIF is removed before the bytes reach the bucket', async () => {
    const photo = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#335577' } })
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 10/1 3000/100' } })
      .jpeg().toBuffer();
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const before = new Set(await keysInBucket());
    const { error } = await client.storage.from('article_images').upload(`${admin.id}/gps.jpg`, asFile(photo, 'gps.jpg', 'image/jpeg'));
    expect(error).toBeNull();
    const added = (await keysInBucket()).filter((k) => !before.has(k));
    expect(added).toHaveLength(1);
    const stored = await bucketBytes(added[0]);
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('upsert replaces the object and its old key goes; signed URLs, list, copy, move, renditions and remove work', async () => {
    const bucket = client.storage.from('article_images');
    const name = `${admin.id}/ganti.png`;
    expect((await bucket.upload(name, asFile(png(6, 6, 5000, 1), 'a.png', 'image/png'))).error).toBeNull();
    const keysAfterFirst = await keysInBucket();
    const second = png(6, 6, 6000, 2);
    expect((await bucket.upload(name, asFile(second, 'a.png', 'image/png'), { upsert: true })).error).toBeNull();
    const keysAfterSecond = await keysInBucket();
    expect(keysAfterSecond).toHaveLength(keysAfterFirst.length);
    expect(keysAfterSecond.filter((k) => !keysAfterFirst.includes(k))).toHaveLength(1);

    const { data: signed } = await bucket.createSignedUrl(name, 60);
    expect(md5(Buffer.from(await (await fetch(signed!.signedUrl)).arrayBuffer()))).toBe(md5(second));

    const { data: listed } = await bucket.list(admin.id);
    expect(listed!.map((o) => o.name)).toContain('ganti.png');

    expect((await bucket.copy(name, `${admin.id}/salinan.png`)).error).toBeNull();
    expect((await bucket.move(`${admin.id}/salinan.png`, `${admin.id}/pindah.png`)).error).toBeNull();
    const moved = await bucket.download(`${admin.id}/pindah.png`);
    expect(md5(Buffer.from(await moved.data!.arrayBuffer()))).toBe(md5(second));

    const rendition = await fetch(`${server.url}/storage/v1/render/image/public/article_images/${admin.id}/ganti.png?width=40`, { headers: { accept: 'image/webp' } });
    expect(rendition.status).toBe(200);
    expect(rendition.headers.get('content-type')).toBe('image/webp');

    const before = (await keysInBucket()).length;
    expect((await bucket.remove([name, `${admin.id}/pindah.png`])).error).toBeNull();
    expect(await keysInBucket()).toHaveLength(before - 2);
    expect(localFiles()).toEqual([]);
  });

  it('emptying and deleting a bucket removes its objects from the S3 bucket', async () => {
    const service = serviceClient(server);
    expect((await service.storage.createBucket('arsip-sementara', { public: false })).error).toBeNull();
    for (const n of [1, 2]) {
      expect((await service.storage.from('arsip-sementara').upload(`berkas-${n}.png`, asFile(png(4, 4, 1000, n), 'b.png', 'image/png'))).error).toBeNull();
    }
    expect((await keysInBucket()).filter((k) => k.startsWith('arsip-sementara/'))).toHaveLength(2);
    expect((await service.storage.emptyBucket('arsip-sementara')).error).toBeNull();
    expect((await keysInBucket()).filter((k) => k.startsWith('arsip-sementara/'))).toEqual([]);
    expect((await service.storage.deleteBucket('arsip-sementara')).error).toBeNull();
  });

  it('an unreachable endpoint mid-run: upload refused in Indonesian, nothing written, /readyz and the doctor say so; back when it returns', async () => {
    const name = `${admin.id}/saat-putus.png`;
    const rowsBefore = (await server.ctx.db.query('select count(*)::int as n from storage.objects')).rows[0].n;
    await s3.pause();
    try {
      const { error } = await client.storage.from('article_images').upload(name, asFile(png(4, 4, 2000, 3), 'p.png', 'image/png'));
      expect(error).toBeTruthy();
      expect((error as { statusCode?: string }).statusCode).toBe('503');
      expect(error!.message).toMatch(/^Penyimpanan berkas sedang tidak dapat dihubungi/);
      expect((await server.ctx.db.query('select count(*)::int as n from storage.objects')).rows[0].n).toBe(rowsBefore);
      expect(filesUnder(`${server.dataDir}/storage`)).toEqual([]);

      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).checks.storage).toBe('s3 unreachable');

      const findings = await runDoctor({ DATA_DIR: server.dataDir, ...s3.env({ STORAGE_S3_BUCKET: 'skd-files' }) }, { smtpTimeoutMs: 500, clockSynchronised: async () => true });
      const s3Finding = findings.find((f) => f.check === 'stored files (S3)')!;
      expect(s3Finding.verdict).toBe('fail');
      expect(s3Finding.message).toMatch(/cannot be reached.*STORAGE_S3_ENDPOINT/);
    } finally {
      await s3.restart();
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await client.storage.from('article_images').upload(name, asFile(png(4, 4, 2000, 3), 'p.png', 'image/png'))).error).toBeNull();
  });

  it('an endpoint down at start: the server starts, is not ready, and refuses uploads without writing anything', async () => {
    const closedPort = await freePort();
    const down = await startTestServer({ storageS3: storageS3Settings(s3.env({ STORAGE_S3_BUCKET: 'skd-files', STORAGE_S3_ENDPOINT: `http://127.0.0.1:${closedPort}` })) });
    try {
      const ready = await fetch(`${down.url}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).checks.storage).toBe('s3 unreachable');
      const user = await createUser(down, { role: 'admin' });
      const { error } = await (await signInAs(down, user)).storage.from('article_images').upload(`${user.id}/a.png`, asFile(png(4, 4, 1000, 9), 'a.png', 'image/png'));
      expect(error!.message).toMatch(/^Penyimpanan berkas sedang tidak dapat dihubungi/);
      expect((await down.ctx.db.query('select count(*)::int as n from storage.objects')).rows[0].n).toBe(0);
      expect(filesUnder(`${down.dataDir}/storage`)).toEqual([]);
    } finally {
      await down.stop();
    }
  });

  it('wrong credentials: the doctor names them, and a server started with them is not ready', async () => {
    // s3rver checks the key id, not a V4 signature made with a wrong secret
    const env = s3.env({ STORAGE_S3_BUCKET: 'skd-files', AWS_ACCESS_KEY_ID: 'KUNCI-SALAH', AWS_SECRET_ACCESS_KEY: 'salah' });
    const findings = await runDoctor({ DATA_DIR: server.dataDir, ...env }, { smtpTimeoutMs: 500, clockSynchronised: async () => true });
    expect(findings.find((f) => f.check === 'stored files (S3)')!.message).toMatch(/refused the credentials.*AWS_ACCESS_KEY_ID/);

    const wrong = await startTestServer({ storageS3: storageS3Settings(env) });
    try {
      const ready = await fetch(`${wrong.url}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).checks.storage).toBe('s3 unreachable');
    } finally {
      await wrong.stop();
    }
  });
});
