import { Hono, type Context } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageCache } from './page-cache.ts';
import { canonicalPath, pageKey, publicOrigin, servePageCache } from './serve-page.ts';

/** The key and origin a request gets, the peer being `peer` (as the node adapter reports it). */
async function seen(url: string, headers: Record<string, string>, trustProxy: string[], peer = '127.0.0.1') {
  const app = new Hono();
  let out = { key: '', origin: '' };
  app.get('*', (c: Context) => {
    out = { key: pageKey(c, trustProxy), origin: publicOrigin(c, trustProxy) };
    return c.text('');
  });
  await app.request(url, { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return out;
}

describe('page cache keys', () => {
  it('keep only the query parameters the route reads', () => {
    const path = (url: string) => canonicalPath(new URL(url, 'http://x'));
    expect(path('/?bust=1')).toBe('/');
    expect(path('/berita/abc?utm_source=x&bust=2')).toBe('/berita/abc');
    expect(path('/kegiatan?bust=3&halaman=2&kategori=Latihan')).toBe('/kegiatan?kategori=Latihan&halaman=2');
    expect(path('/kegiatan?halaman=1&cari=%20heli%20')).toBe('/kegiatan?cari=heli');
    // every unreadable page number is one page (the 404)
    expect(path('/kegiatan?halaman=abc')).toBe(path('/kegiatan?halaman=-1&bust=4'));
  });

  it('believe X-Forwarded-Host and -Proto only from a proxy named in TRUST_PROXY', async () => {
    const forged = { host: 'skadron.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const direct = await seen('http://skadron.example/?bust=9', forged, []);
    expect(direct.origin).toBe('http://skadron.example');
    expect(direct.key).toBe('http://skadron.example/');
    const untrustedPeer = await seen('http://skadron.example/', forged, ['10.0.0.1'], '192.0.2.9');
    expect(untrustedPeer.origin).toBe('http://skadron.example');
    const proxied = await seen('http://skadron.example/', forged, ['127.0.0.1']);
    expect(proxied.origin).toBe('https://evil.example');
  });
});

describe('pages rendered from a failed read', () => {
  it('are answered but never kept', async () => {
    const pages = new PageCache(() => undefined);
    let renders = 0;
    const failing = async () => {
      renders += 1;
      return { html: '<p>kosong</p>', status: 200, cacheable: false };
    };
    expect((await pages.getOrBuild('/', failing)).html).toBe('<p>kosong</p>');
    expect(pages.get('/')).toBeUndefined();
    await pages.getOrBuild('/', failing);
    expect(renders).toBe(2);
    await pages.getOrBuild('/', async () => ({ html: '<p>isi</p>', status: 200 }));
    expect(pages.get('/')?.html).toBe('<p>isi</p>');
  });
});

describe('URLs with parameters the page does not read', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are served from the page\'s entry, a flooding client waiting a second for each past its allowance', async () => {
    vi.useFakeTimers();
    const pages = new PageCache(() => undefined);
    let renders = 0;
    const app = new Hono();
    app.use('*', servePageCache(pages, []));
    app.get('*', async (c) => {
      const page = await pages.getOrBuild(pageKey(c, []), async () => {
        renders += 1;
        return { html: '<p>beranda</p>', status: 200 };
      });
      return c.html(page.html);
    });
    const env = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
    const get = (path: string, address = '192.0.2.1') => app.request(`http://skadron.example${path}`, {}, env(address));
    for (let i = 0; i < 20; i++) expect((await get(`/?bust=${i}`)).status).toBe(200);
    expect(renders).toBe(1);

    let answered = false;
    const paced = Promise.resolve(get('/?bust=21')).then((res) => {
      answered = true;
      return res;
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(answered).toBe(false);
    // the page itself, and other clients, are not held back
    expect((await get('/')).status).toBe(200);
    expect((await get('/?bust=22', '192.0.2.2')).status).toBe(200);
    await vi.advanceTimersByTimeAsync(600);
    expect(answered).toBe(true);
    expect(await (await paced).text()).toBe('<p>beranda</p>');
    expect(renders).toBe(1);
  });
});
