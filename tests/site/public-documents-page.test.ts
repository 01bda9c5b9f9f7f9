/** Issue 36: /informasi-publik lists published documents as server-rendered HTML, searchable and downloadable without JavaScript. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile } from '../storage/fixtures.ts';
import { pdf } from '../storage/document-fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/index.html')) && existsSync(path.join(root, 'dist-ssr/entry-server.js'));

describe.skipIf(!built)('/informasi-publik without JavaScript', () => {
  const t = useTestServer({ serveSite: true });
  const files: Record<string, string> = {};

  beforeAll(async () => {
    const { user, client } = await t.signedIn({ role: 'admin', status: 'approved' });
    for (const [title, category, year, published] of [
      ['Peraturan Komandan Nomor 7', 'setiap_saat', 2026, true],
      ['Laporan Tahunan Satuan', 'berkala', 2025, true],
      ['Rancangan Belum Terbit', 'berkala', 2026, false],
    ] as const) {
      const name = `${user.id}/${title.replace(/\W+/g, '-')}.pdf`;
      const upload = await client.storage.from('documents').upload(name, asFile(pdf(title), 'x.pdf', 'application/pdf'));
      expect(upload.error).toBeNull();
      const { error } = await client.from('public_documents').insert({
        title, category, year, file_path: name, file_type: '', file_size: 0, published_at: published ? '2026-03-02T03:00:00Z' : null,
      });
      expect(error).toBeNull();
      files[title] = name;
    }
  });

  const page = async (query = '') => (await fetch(`${t.url}/informasi-publik${query}`)).text();

  it('keeps the page text and lists published documents by category and year, with type, size and date', async () => {
    const html = await page();
    expect(html).toContain('Daftar Dokumen Informasi Publik');
    // the list's heading, not the 'Lihat Daftar Dokumen...' link at the top of the page
    expect(html.indexOf('Terakhir diperbarui')).toBeLessThan(html.indexOf('id="dokumen-judul"'));
    expect(html).toContain('Peraturan Komandan Nomor 7');
    expect(html).toContain('Informasi Setiap Saat');
    expect(html).toContain('Tahun 2025');
    expect(html).toMatch(/PDF · 1 KB · 2 Maret 2026/);
    expect(html).toContain('aria-label="Unduh Peraturan Komandan Nomor 7 (PDF, 1 KB)"');
    expect(html).not.toContain('Rancangan Belum Terbit');
  });

  it('answers the search form as a page', async () => {
    const html = await page('?cari=laporan&kategori=berkala');
    expect(html).toContain('1 dokumen ditemukan');
    // the page's data block holds every published document; the list shows the one found
    expect(html).toContain('aria-label="Unduh Laporan Tahunan Satuan (PDF, 1 KB)"');
    expect(html).not.toContain('aria-label="Unduh Peraturan Komandan Nomor 7');
  });

  it('gives each document a plain link that downloads the file', async () => {
    const html = await page();
    const href = /href="([^"]*Peraturan-Komandan[^"]*)"/.exec(html)![1].replaceAll('&amp;', '&');
    const res = await fetch(new URL(href, t.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toContain('Peraturan Komandan Nomor 7');
  });

  it('names the download by the document title and lets no browser keep the file for an hour', async () => {
    const html = await page();
    const href = /href="([^"]*Laporan-Tahunan[^"]*)"/.exec(html)![1].replaceAll('&amp;', '&');
    const res = await fetch(new URL(href, t.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Laporan Tahunan Satuan.pdf"; filename*=UTF-8''Laporan%20Tahunan%20Satuan.pdf`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('cache-tag')).toContain('documents');
  });

  it('answers a withdrawn document link in a browser with an Indonesian page pointing to /informasi-publik', async () => {
    const { user, client } = await t.signedIn({ role: 'admin', status: 'approved' });
    const title = 'Peraturan Ditarik';
    const name = `${user.id}/ditarik.pdf`;
    expect((await client.storage.from('documents').upload(name, asFile(pdf(title), 'x.pdf', 'application/pdf'))).error).toBeNull();
    const inserted = await client.from('public_documents').insert({
      title, category: 'berkala', year: 2026, file_path: name, file_type: '', file_size: 0, published_at: '2026-03-02T03:00:00Z',
    }).select('id, version').single();
    expect(inserted.error).toBeNull();
    const loc = new URL(/<loc>([^<]*ditarik\.pdf[^<]*)<\/loc>/.exec(await (await fetch(`${t.url}/sitemap.xml`)).text())![1].replaceAll('&#38;', '&'));
    const link = `${t.url}${loc.pathname}${loc.search}`;
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    expect((await fetch(link, { headers: browser })).status).toBe(200);

    const withdrawn = await client.from('public_documents').update({ published_at: null, version: inserted.data!.version })
      .eq('id', inserted.data!.id);
    expect(withdrawn.error).toBeNull();
    const res = await fetch(link, { headers: browser });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body).toContain('Dokumen tidak lagi tersedia');
    expect(body).toContain('href="/informasi-publik#dokumen"');
    expect(body).not.toContain('NoSuchKey');
    expect(res.headers.get('cache-tag')).toContain('documents');
    // a program asking for the file keeps the API's error
    const api = await fetch(link);
    expect(api.status).toBeGreaterThanOrEqual(400);
    expect((await api.json()).message).toBeTruthy();
  });

  it('puts the published files in the sitemap, not the draft', async () => {
    const sitemap = await (await fetch(`${t.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/storage/v1/object/authenticated/documents/${files['Laporan Tahunan Satuan'].split('/').map(encodeURIComponent).join('/')}?apikey=`);
    expect(sitemap).not.toContain('Rancangan');
  });
});
