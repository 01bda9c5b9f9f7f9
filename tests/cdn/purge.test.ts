/**
 * Issue 36: a content change makes the server call the CDN's purge endpoint (here a local stand-in
 * for Cloudflare's API) with the tags of the pages it touched; failures are retried; a CDN that
 * hangs never holds up the save.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceClient, startTestServer, type TestServer } from '../support/server.ts';
import { purgeEndpoint } from './purge-endpoint.ts';
import { CdnPurger } from '../../server/site/cdn-purge.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

let cdn: Awaited<ReturnType<typeof purgeEndpoint>>;
let server: TestServer;

beforeAll(async () => {
  cdn = await purgeEndpoint();
  server = await startTestServer({ cdnPurge: { url: cdn.url, token: 'cf-token-uji', format: 'cloudflare' } });
});
afterAll(async () => {
  await server?.stop();
  await cdn?.close();
});

describe('purge on change', () => {
  it('drops every page when the server starts (a new build may change them all)', async () => {
    const call = await cdn.callWith('pages');
    expect(call).toMatchObject({ method: 'POST', authorization: 'Bearer cf-token-uji' });
  });

  it('purges an article, the lists it is on, and nothing else', async () => {
    const { data } = await serviceClient(server).from('articles')
      .insert({ title: 'Latihan Terbang Malam', content: '<p>Isi</p>', published_at: new Date().toISOString() }).select('id').single();
    const call = await cdn.callWith(`article-${data!.id}`);
    expect(call.tags.sort()).toEqual(['articles', `article-${data!.id}`].sort());
  });

  it('purges a gallery with the gallery list, the unit pages for a post, and one information page', async () => {
    const service = serviceClient(server);
    const { data: gallery } = await service.from('galleries').insert({ name: 'Bakti Sosial' }).select('id').single();
    await cdn.callWith(`gallery-${gallery!.id}`, 'galleries');
    const { data: post } = await service.from('unit_posts').select('id, version').limit(1).single();
    await service.from('unit_posts').update({ note: 'Diperbarui', version: post!.version }).eq('id', post!.id);
    await cdn.callWith('unit-pages');
    const { data: page } = await service.from('info_pages').select('id, version').eq('slug', 'aksesibilitas').single();
    await service.from('info_pages').update({ title: 'Pernyataan Aksesibilitas Baru', version: page!.version }).eq('id', page!.id);
    await cdn.callWith('info-aksesibilitas');
  });

  it('retries a purge the CDN refuses until it goes through', async () => {
    cdn.failNext(2);
    const before = cdn.calls.length;
    const { data } = await serviceClient(server).from('articles').insert({ title: 'Coba Ulang', content: '<p>x</p>' }).select('id').single();
    await cdn.callWith(`article-${data!.id}`);
    await server.purger!.flush();
    const tries = cdn.calls.slice(before).filter((call) => call.tags.includes(`article-${data!.id}`));
    expect(tries).toHaveLength(3);
    expect(tries.map((call) => call.answered)).toEqual([true, true, true]);
  });

  it('never holds up a save while the CDN hangs', async () => {
    cdn.hold();
    const before = cdn.calls.length;
    const saved = await serviceClient(server).from('articles').insert({ title: 'Saat CDN Lambat', content: '<p>x</p>' }).select('id').single();
    expect(saved.error).toBeNull();
    const call = await cdn.callWith(`article-${saved.data!.id}`);
    // the save came back while its purge call was still waiting for the CDN
    expect(call.answered).toBe(false);
    expect(cdn.calls.length).toBeGreaterThan(before);
    cdn.release();
  });
});

describe('the surrogate-key format (Caddy, Varnish, Fastly-style caches)', () => {
  it('sends PURGE with the tags in a Surrogate-Key header', async () => {
    let deliver: (payload: string) => void = () => undefined;
    const purger = new CdnPurger({ listen: async (_channel, onPayload) => { deliver = onPayload; return async () => undefined; } },
      { url: cdn.url, token: undefined, format: 'surrogate-key' }, []);
    await purger.start();
    deliver('gallery-g1,galleries');
    await purger.flush();
    const call = await cdn.callWith('gallery-g1');
    expect(call).toMatchObject({ method: 'PURGE', authorization: undefined, surrogateKey: 'pages, gallery-g1, galleries' });
    await purger.stop();
  });
});
