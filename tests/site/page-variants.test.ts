/** Issue 31: made-up query values on a public route render no new page. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/index.html')) && existsSync(path.join(root, 'dist-ssr/entry-server.js'));

describe.skipIf(!built)('/kegiatan with unknown categories', () => {
  // the page cache follows the read cache's generation, as in production
  const t = useTestServer({ serveSite: true, readCache: true });

  const pageMisses = async () => {
    const text = await (await fetch(`${t.url}/metrics`)).text();
    return Number(/^cache_requests_total\{cache="page",result="miss"\} (\d+)/m.exec(text)?.[1] ?? 0);
  };

  it('answers every made-up category with the one not-found page, rendered once, and a real one with its list', async () => {
    const { user, client } = await t.signedIn({ role: 'admin' });
    const { error } = await client.from('articles').insert({
      title: 'Latihan Navigasi Malam', content: '<p>Isi</p>', author_id: user.id, category: 'Latihan', published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(error).toBeNull();

    // the first made-up values start the reading of the categories; once it is current, a new
    // made-up value is answered from the one cached not-found page
    let n = 0;
    const madeUp = () => fetch(`${t.url}/kegiatan?kategori=pemanasan-${n++}`);
    await expect.poll(async () => {
      const before = await pageMisses();
      expect((await madeUp()).status).toBe(404);
      return (await pageMisses()) - before;
    }, { timeout: 10_000 }).toBe(0);
    const before = await pageMisses();
    for (let i = 0; i < 20; i++) expect((await fetch(`${t.url}/kegiatan?kategori=banjir-${i}-${Date.now()}`)).status).toBe(404);
    expect(await pageMisses() - before).toBe(0);

    const real = await fetch(`${t.url}/kegiatan?kategori=latihan`);
    expect(real.status).toBe(200);
    expect(await real.text()).toContain('Latihan Navigasi Malam');
  });
});
