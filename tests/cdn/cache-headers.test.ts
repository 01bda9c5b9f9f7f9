/**
 * Issue 36: every public route tells a CDN what it may keep (CDN-Cache-Control and
 * Surrogate-Control beside the browser's Cache-Control) and what it shows (Cache-Tag,
 * Surrogate-Key); nothing that depends on who asks is shared-cacheable. On the built site.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../../src/lib/pages.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile, png } from '../storage/fixtures.ts';
import { pdf } from '../storage/document-fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/index.html')) && existsSync(path.join(root, 'dist-ssr/entry-server.js'));
const SHARED = /^public, max-age=60, stale-while-revalidate=\d+, stale-if-error=\d+$/;

describe.skipIf(!built)('cache headers', () => {
  const t = useTestServer({ serveSite: true });
  let articleId: string;
  let galleryId: string;
  let imagePath: string;
  let documentPath: string;
  let userToken: string;

  beforeAll(async () => {
    const { user, client } = await t.signedIn({ role: 'admin', status: 'approved' });
    userToken = (await client.auth.getSession()).data.session!.access_token;
    articleId = (await t.service().from('articles').insert({ title: 'Berita Tag', content: '<p>x</p>', published_at: new Date().toISOString() }).select('id').single()).data!.id;
    galleryId = (await t.service().from('galleries').insert({ name: 'Galeri Tag' }).select('id').single()).data!.id;
    imagePath = `${user.id}/foto.png`;
    expect((await client.storage.from('article_images').upload(imagePath, asFile(png(8, 8), 'foto.png', 'image/png'))).error).toBeNull();
    documentPath = `${user.id}/perkom.pdf`;
    expect((await client.storage.from('documents').upload(documentPath, asFile(pdf('Perkom'), 'perkom.pdf', 'application/pdf'))).error).toBeNull();
    expect((await client.from('public_documents').insert({
      title: 'Perkom', category: 'berkala', year: 2026, file_path: documentPath, file_type: '', file_size: 0, published_at: new Date().toISOString(),
    })).error).toBeNull();
  });

  const shared = (res: Response, ...tags: string[]) => {
    expect(res.headers.get('cdn-cache-control')).toMatch(SHARED);
    expect(res.headers.get('surrogate-control')).toMatch(/^max-age=60, stale-while-revalidate=\d+, stale-if-error=\d+$/);
    const cacheTags = res.headers.get('cache-tag')!.split(',');
    for (const tag of tags) expect(cacheTags).toContain(tag);
    expect(res.headers.get('surrogate-key')!.split(' ')).toEqual(cacheTags);
  };
  const notShared = (res: Response) => {
    expect(res.headers.get('cdn-cache-control')).toBe('no-store');
    expect(res.headers.get('surrogate-control')).toBe('no-store');
    expect(res.headers.get('cache-tag')).toBeNull();
    expect(res.headers.get('cache-control')).toMatch(/private|no-store/);
  };

  it('lets a CDN keep every public page for a minute, tagged, while browsers revalidate', async () => {
    const expected: Record<string, string[]> = {
      '/': ['articles'], '/kegiatan': ['articles'], '/galeri': ['galleries'], '/profil': ['unit-pages'], '/struktur': ['unit-pages'],
      '/kebijakan-privasi': ['info-kebijakan-privasi'], '/aksesibilitas': ['info-aksesibilitas'],
      '/informasi-publik': ['info-informasi-publik', 'documents'], '/kontak': [],
    };
    for (const page of publicPages.filter((p) => p.path !== '/login')) {
      // twice: the second answer comes from the page cache and must say the same
      for (const round of [1, 2]) {
        const res = await fetch(`${t.url}${page.path}`);
        expect(res.status, `${page.path} (${round})`).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        shared(res, 'pages', ...expected[page.path]);
      }
    }
    shared(await fetch(`${t.url}/berita/${articleId}`), 'pages', `article-${articleId}`);
    shared(await fetch(`${t.url}/galeri/${galleryId}`), 'pages', `gallery-${galleryId}`);
    shared(await fetch(`${t.url}/rss.xml`), 'feed', 'articles');
    shared(await fetch(`${t.url}/sitemap.xml`), 'sitemap', 'articles', 'documents');
    const missing = await fetch(`${t.url}/berita/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    shared(missing, 'article-00000000-0000-4000-8000-000000000000');
  });

  it('lets a CDN keep public files and a published document fetched as a visitor', async () => {
    shared(await fetch(`${t.url}/storage/v1/object/public/article_images/${imagePath}`), 'files', 'bucket-article_images');
    shared(await fetch(`${t.url}/storage/v1/object/authenticated/documents/${documentPath}?apikey=${t.server.anonKey}`), 'documents');
  });

  it('keeps sign-in, the back office and every API answer out of shared caches', async () => {
    notShared(await fetch(`${t.url}/login`));
    notShared(await fetch(`${t.url}/admin/dashboard`));
    const asUser = { apikey: t.server.anonKey, Authorization: `Bearer ${userToken}` };
    notShared(await fetch(`${t.url}/rest/v1/profiles?select=*`, { headers: asUser }));
    notShared(await fetch(`${t.url}/auth/v1/user`, { headers: asUser }));
    notShared(await fetch(`${t.url}/storage/v1/object/authenticated/documents/${documentPath}`, { headers: asUser }));
    notShared(await fetch(`${t.url}/rest/v1/articles?select=id`, { headers: { apikey: t.server.anonKey } }));
  });
});
