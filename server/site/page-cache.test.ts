import { describe, expect, it } from 'vitest';
import type { ReadCache } from '../http/read-cache.ts';
import { PageCache } from './page-cache.ts';

/** The part of the REST read cache the page cache asks: its generation, bumped by every write. */
function fakeReads() {
  const reads = { generation: 0, isCurrent: (g: number) => g === reads.generation };
  return reads;
}

describe('PageCache', () => {
  it('keeps a page until the next write, with a stable ETag', () => {
    const reads = fakeReads();
    const pages = new PageCache(() => reads as unknown as ReadCache);
    const stored = pages.set('/kegiatan', { html: '<p>a</p>', status: 200 }, pages.mark());
    expect(pages.get('/kegiatan')).toEqual(stored);
    expect(stored.etag).toMatch(/^W\/".+"$/);
    reads.generation += 1;
    expect(pages.get('/kegiatan')).toBeUndefined();
  });

  it('does not keep a page whose reads overlapped a write', () => {
    const reads = fakeReads();
    const pages = new PageCache(() => reads as unknown as ReadCache);
    const mark = pages.mark();
    reads.generation += 1;
    pages.set('/', { html: 'lama', status: 200 }, mark);
    expect(pages.get('/')).toBeUndefined();
  });

  it('gives each text its own ETag and keeps the status', () => {
    const pages = new PageCache(() => undefined);
    const a = pages.set('/a', { html: 'a', status: 404 }, 0);
    const b = pages.set('/b', { html: 'b', status: 200 }, 0);
    expect(a.etag).not.toBe(b.etag);
    expect(pages.get('/a')?.status).toBe(404);
  });
});

describe('page ETag', () => {
  it('ignores the render times in the data block', () => {
    const pages = new PageCache(() => undefined);
    const a = pages.set('/x', { html: '<div>k</div><script type="application/json">{"dataUpdatedAt":1,"dehydratedAt":2}</script>', status: 200 }, 0);
    const b = pages.set('/x', { html: '<div>k</div><script type="application/json">{"dataUpdatedAt":5,"dehydratedAt":9}</script>', status: 200 }, 0);
    expect(a.etag).toBe(b.etag);
  });
});
