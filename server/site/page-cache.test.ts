import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ReadCache } from '../http/read-cache.ts';
import { MAX_VARIANTS_PER_ROUTE, PageCache } from './page-cache.ts';

/** The part of the REST read cache the page cache asks: its generation, bumped by every write. */
function fakeReads() {
  const reads = { generation: 0, isCurrent: (g: number) => g === reads.generation };
  return reads;
}

const page = (html: string, status = 200) => async () => ({ html, status });

describe('PageCache', () => {
  it('keeps a page until the next write, with a stable ETag', async () => {
    const reads = fakeReads();
    const pages = new PageCache(() => reads as unknown as ReadCache);
    const stored = await pages.getOrBuild('/kegiatan', page('<p>a</p>'));
    expect(pages.get('/kegiatan')).toBe(stored);
    expect(stored.etag).toMatch(/^W\/".+"$/);
    reads.generation += 1;
    expect(pages.get('/kegiatan')).toBeUndefined();
  });

  it('does not keep a page whose reads overlapped a write', async () => {
    const reads = fakeReads();
    const pages = new PageCache(() => reads as unknown as ReadCache);
    await pages.getOrBuild('/', async () => {
      reads.generation += 1;
      return { html: 'lama', status: 200 };
    });
    expect(pages.get('/')).toBeUndefined();
  });

  it('renders a page once for concurrent requests', async () => {
    const pages = new PageCache(() => undefined);
    let renders = 0;
    const build = async () => {
      renders += 1;
      return { html: 'x', status: 200 };
    };
    const [a, b] = await Promise.all([pages.getOrBuild('/x', build), pages.getOrBuild('/x', build)]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
  });

  it('does not hand a render begun before a write to a request after it', async () => {
    const reads = fakeReads();
    const pages = new PageCache(() => reads as unknown as ReadCache);
    let finish!: (page: { html: string; status: number }) => void;
    const before = pages.getOrBuild('/kegiatan', () => new Promise((resolve) => (finish = resolve)));
    reads.generation += 1;
    const after = pages.getOrBuild('/kegiatan', page('baru'));
    finish({ html: 'lama', status: 200 });
    expect(Buffer.from((await before).bodies.identity).toString()).toBe('lama');
    expect(Buffer.from((await after).bodies.identity).toString()).toBe('baru');
  });

  it('gives each text its own ETag and keeps the status', async () => {
    const pages = new PageCache(() => undefined);
    const a = await pages.getOrBuild('/a', page('a', 404));
    const b = await pages.getOrBuild('/b', page('b'));
    expect(a.etag).not.toBe(b.etag);
    expect(pages.get('/a')?.status).toBe(404);
  });

  it('stores the page compressed once, in each encoding', async () => {
    const html = `<main>${'Skadron 31/Serbu '.repeat(200)}</main>`;
    const stored = await new PageCache(() => undefined).getOrBuild('/', page(html));
    expect(Buffer.from(stored.bodies.identity).toString()).toBe(html);
    expect(gunzipSync(stored.bodies.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(stored.bodies.br).toString()).toBe(html);
    expect(stored.bodies.br.byteLength).toBeLessThan(html.length / 10);
  });
});

describe('page ETag', () => {
  it('ignores the render times in the data block', async () => {
    const pages = new PageCache(() => undefined);
    const a = await pages.getOrBuild('/x', page('<div>k</div><script type="application/json">{"dataUpdatedAt":1,"dehydratedAt":2}</script>'));
    const b = await pages.getOrBuild('/y', page('<div>k</div><script type="application/json">{"dataUpdatedAt":5,"dehydratedAt":9}</script>'));
    expect(a.etag).toBe(b.etag);
  });
});

describe('PageCache variants', () => {
  it('keeps at most MAX_VARIANTS_PER_ROUTE variants of one route, and every other page stays', async () => {
    const reads = fakeReads();
    const pages = new PageCache(() => reads as unknown as ReadCache);
    await pages.getOrBuild('http://situs/', page('beranda'));
    await pages.getOrBuild('http://situs/profil', page('profil'));
    for (let i = 0; i < MAX_VARIANTS_PER_ROUTE + 30; i++) await pages.getOrBuild(`http://situs/kegiatan?cari=banjir-${i}`, page(`hasil ${i}`));
    expect(pages.get('http://situs/')).toBeDefined();
    expect(pages.get('http://situs/profil')).toBeDefined();
    // the oldest searches went, the newest are kept
    expect(pages.get('http://situs/kegiatan?cari=banjir-0')).toBeUndefined();
    const kept = Array.from({ length: MAX_VARIANTS_PER_ROUTE + 30 }, (_, i) => pages.get(`http://situs/kegiatan?cari=banjir-${i}`)).filter(Boolean);
    expect(kept).toHaveLength(MAX_VARIANTS_PER_ROUTE);
    expect(pages.get(`http://situs/kegiatan?cari=banjir-${MAX_VARIANTS_PER_ROUTE + 29}`)).toBeDefined();
  });
});
