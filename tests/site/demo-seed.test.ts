/** Issue 44: a demo install's /galeri shows the galleries its dashboard counts. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../support/template-db.ts';
import { anonClient, startTestServer, type TestServer } from '../support/server.ts';

const base = process.env.TEST_DATABASE_URL_BASE;

describe.skipIf(!base)('the demo seed', () => {
  let server: TestServer;

  beforeAll(async () => {
    // an empty database: the demo content is loaded only into a new one
    const name = `demo_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${pg.escapeIdentifier(name)} template template0`);
    await admin.end();
    server = await startTestServer({ databaseUrl: withDatabase(base!, name), seedDemo: true });
  }, 120_000);
  afterAll(() => server?.stop());

  it('gives every demo gallery photos the public gallery page lists, stored and served', async () => {
    const anon = anonClient(server);
    const counted = await anon.from('galleries').select('id', { count: 'exact', head: true });
    // the public gallery list's own query (src/features/gallery/api/public-galleries.ts)
    const { data: shown } = await anon.from('galleries').select('id,name,photos:gallery_photos!inner(path,alt,caption)')
    expect(counted.count).toBe(3);
    expect(shown?.map((gallery) => gallery.name).sort()).toEqual(['Bakti Sosial', 'Latihan Formasi 2026', 'Pemeliharaan Pesawat']);
    for (const gallery of shown ?? []) {
      expect(gallery.photos.length).toBeGreaterThanOrEqual(2);
      for (const photo of gallery.photos) {
        expect(photo.alt).toBeTruthy();
        const file = await fetch(anon.storage.from('gallery_photos').getPublicUrl(photo.path).data.publicUrl);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/webp');
        expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
    }
  });
});
