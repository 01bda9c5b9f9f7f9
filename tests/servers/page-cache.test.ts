/**
 * The page cache of one server drops a page when content changes through another server of the
 * site (the NOTIFY of the write reaches both). On the built site.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, startTestServer, type TestServer } from '../support/server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/index.html')) && existsSync(path.join(root, 'dist-ssr/entry-server.js'));

describe.skipIf(!built)('page cache across servers', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ serveSite: true, readCache: true });
    second = await startTestServer({ serveSite: true, readCache: true, databaseUrl: first.ctx.config.databaseUrl });
  });

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  const page = async (server: TestServer) => (await fetch(`${server.url}/kegiatan`)).text();

  it('shows an article published through one server on the other server\'s cached page', async () => {
    const title = `Latihan Gabungan ${Date.now()}`;
    expect(await page(second)).not.toContain(title);
    expect(await page(second)).not.toContain(title);
    const { error } = await serviceClient(first).from('articles')
      .insert({ title, content: '<p>Isi</p>', published_at: new Date(Date.now() - 60_000).toISOString() });
    expect(error).toBeNull();
    await expect.poll(() => page(second), { timeout: 5_000, interval: 100 }).toContain(title);
  });
});
