/**
 * Issue 42 item 6 on the site's own pages (needs `npm run build`): rows written by SQL with the
 * triggers off are served by the real renderer, and the watch names the page, the field and the
 * guard's reason for each; the templates' own hidden text (menus, labels for screen readers) is
 * not reported.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runWatch } from '../../server/integrity/watch.ts';
import { useTestServer } from '../support/use-test-server.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 180_000 });

const repo = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(repo, 'dist/index.html')) && existsSync(path.join(repo, 'dist-ssr/entry-server.js'));
const REASON = 'Kata yang lazim di spam judi: ';

describe.skipIf(!built)('the watch on the site\'s own pages', () => {
  const t = useTestServer({ serveSite: true });
  const root = mkdtempSync(path.join(os.tmpdir(), 'skd-real-'));
  mkdirSync(path.join(root, 'dist'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reports the body, title, category, byline and past commander with page, field and reason', async () => {
    const author = await t.createUser({ role: 'admin', fullName: 'Serda Humas' });
    const ids = await t.server.ctx.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      const article = async (title: string, content: string, category: string | null, by: string | null) => (await tx.query<{ id: string }>(
        `insert into public.articles (title, content, category, author_id, published_at) values ($1, $2, $3, $4, now() - interval '1 minute') returning id`,
        [title, content, category, by])).rows[0].id;
      await tx.query('update public.profiles set full_name = $2 where id = $1', [author.id, 'Daftar m\u0430xwin 88']);
      return {
        body: await article('Latihan malam', '<p>Kunjungi ga<wbr>cor sekarang.</p>', 'Latihan', null),
        title: await article('Info T\u200bOGEL', '<p>Berita kegiatan.</p>', 'Latihan', null),
        category: await article('Apel pagi', '<p>Apel pagi.</p>', 'SLOTGACOR', null),
        byline: await article('Bakti sosial', '<p>Bakti sosial di desa.</p>', 'Latihan', author.id),
        commander: (await tx.query<{ id: string }>(`insert into public.past_commanders (ordinal, rank, name, period) values (903, 'Letkol Cpn', 'Situs ga\u00adcor', '2001') returning id`)).rows[0].id,
      };
    });
    const { findings } = await runWatch({ db: t.server.ctx.db, siteUrl: t.url, root, pace: null });
    const onPage = (url: string, field: string) => findings.some((f) => f.kind === 'unaccounted' && f.subject === `${t.url}${url}`
      && f.detail.startsWith(`Di halaman, ${field}: ${REASON}`));
    expect(onPage(`/berita/${ids.body}`, `Isi artikel "Latihan malam" (${ids.body})`)).toBe(true);
    expect(onPage(`/berita/${ids.title}`, `Judul artikel (${ids.title})`)).toBe(true);
    expect(onPage(`/berita/${ids.category}`, `Kategori artikel "Apel pagi" (${ids.category})`)).toBe(true);
    expect(onPage(`/berita/${ids.byline}`, `Nama profil sebagai penulis artikel (${author.id})`)).toBe(true);
    expect(findings.some((f) => f.kind === 'unaccounted' && f.detail.startsWith(`Di halaman, Komandan terdahulu (${ids.commander}): ${REASON}`))).toBe(true);
    expect(findings.filter((f) => f.kind === 'hidden' || f.kind === 'watch')).toEqual([]);
  });
});
