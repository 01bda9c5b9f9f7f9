/**
 * Image renditions and uploads under attack: a flood of sizes, a full disk budget, a full render
 * queue, one address asking for ever new renditions, a GIF that declares 100 large frames, and
 * files that are not the image they claim to be. Each answer is what the attacker sees.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { TestUser, TypedClient } from '../support/server.ts';
import { parseTransform } from '../../server/storage/render.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile, filesUnder, gifDeclaring, jpeg, png } from './fixtures.ts';

// a 1 MiB rendition budget, one waiting render, the real per-address rate; X-Forwarded-For
// from loopback is believed, so each test picks its own client addresses
const t = useTestServer({ renderCacheMb: 1, renderQueue: 1, rateLimitScale: 1, trustProxy: ['127.0.0.1'] });
const BUDGET = 1024 * 1024;
const WEBP = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

let admin: TestUser;
let client: TypedClient;
beforeAll(async () => {
  ({ user: admin, client } = await t.signedIn({ role: 'admin' }));
});

const storageDir = () => path.join(t.server.dataDir, 'storage');
const rendersDir = () => path.join(storageDir(), '.renders');
const renderedBytes = () => filesUnder(rendersDir()).reduce((sum, f) => sum + statSync(path.join(rendersDir(), f)).size, 0);
const renditionDirs = (): string[] => {
  try {
    return readdirSync(rendersDir(), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
};

async function upload(name: string, bytes: Buffer, type: string) {
  return client.storage.from('article_images').upload(`${admin.id}/${name}`, asFile(bytes, name, type));
}

async function uploaded(name: string, bytes: Buffer, type = 'image/jpeg'): Promise<string> {
  expect((await upload(name, bytes, type)).error).toBeNull();
  return `${t.url}/storage/v1/render/image/public/article_images/${admin.id}/${name}`;
}

function render(url: string, query: string, address: string, accept = WEBP) {
  return fetch(`${url}?${query}`, { headers: { 'x-forwarded-for': address, accept } });
}

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#30506a' } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#e0c040"/></svg>`) }])
    .jpeg({ quality: 90 }).toBuffer();
}

async function expectSlowDown(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual({ statusCode: String(status), code: 'SlowDown', error: 'slow_down', message: 'Please reduce your request rate.' });
}

describe('renditions', () => {
  it('serves the sizes the site asks for exactly as asked', () => {
    // src/lib/images/transform.ts: srcset widths, 4:3 cards and 1200:630 share images
    for (const width of [320, 480, 640, 800, 1200, 1600]) {
      expect(parseTransform({ width: String(width) })).toMatchObject({ width, height: undefined, quality: 80 });
      for (const aspect of [4 / 3, 1200 / 630]) {
        const height = Math.round(width / aspect);
        expect(parseTransform({ width: String(width), height: String(height), resize: 'cover' })).toMatchObject({ width, height });
      }
    }
  });

  it('a flood of 1,000 distinct sizes of one image keeps at most 32 renditions of it', async () => {
    const url = await uploaded('flood.jpg', await photo(200, 150));
    const before = new Set(renditionDirs());
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < 1000; i = next++) {
        // every request a new size and shape, from its own address (a botnet: no rate applies)
        const response = await render(url, `width=${1 + i}&height=${1000 - i}`, `10.1.${i >> 8}.${i & 255}`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    };
    await Promise.all([worker(), worker()]);
    const [dir] = renditionDirs().filter((d) => !before.has(d));
    expect(filesUnder(path.join(rendersDir(), dir)).length).toBeLessThanOrEqual(32);
  });

  it('renditions of many images stay within RENDER_CACHE_MB, the latest ones kept', async () => {
    let served = 0;
    for (const n of [1, 2, 3]) {
      const url = await uploaded(`budget-${n}.jpg`, await jpeg(1600, 1200));
      for (const width of [1200, 960, 800, 640]) {
        const response = await render(url, `width=${width}&quality=100`, '10.2.0.1');
        expect(response.status).toBe(200);
        served += (await response.arrayBuffer()).byteLength;
        expect(renderedBytes()).toBeLessThanOrEqual(BUDGET);
      }
    }
    // far more was rendered than the budget holds; the most recent rendition is still on disk
    expect(served).toBeGreaterThan(3 * BUDGET);
    expect(renderedBytes()).toBeGreaterThan(0);
  });

  it('a full render queue answers 503 SlowDown with Retry-After at once; later the rendition is served', async () => {
    const url = await uploaded('queue.jpg', await photo(2500, 1875));
    const queries = [320, 400, 480, 640, 800, 960, 1200, 1600, 2000, 2500].flatMap((w) => [`width=${w}&quality=40`, `width=${w}&quality=60`]);
    const responses = await Promise.all(queries.map((q, i) => render(url, q, `10.3.0.${i}`)));
    const refused = responses.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) await expectSlowDown(response, 503);
    for (const response of responses.filter((r) => r.status !== 503)) {
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const again = await render(url, queries[responses.indexOf(refused[0])], '10.3.1.1');
    expect(again.status).toBe(200);
  });

  it('one address gets a limited number of new renditions per minute; kept ones stay free, others are not affected', async () => {
    const url = await uploaded('rate.jpg', await jpeg(64, 48));
    const sizes = [40, 80, 120, 160, 200, 240, 320, 400, 480, 640, 800, 960, 1200, 1600, 2000, 2500];
    const queries = ['cover', 'contain', 'fill'].flatMap((resize) => [20, 40, 60, 80, 100]
      .flatMap((quality) => sizes.map((width) => `width=${width}&quality=${quality}&resize=${resize}`)));
    let i = 0;
    let last = '';
    for (; i < queries.length; i++) {
      const response = await render(url, queries[i], '10.4.0.1');
      if (response.status !== 200) {
        await expectSlowDown(response, 429);
        break;
      }
      await response.arrayBuffer();
      last = queries[i];
    }
    // a gallery page's worth of new renditions and more, but not without end
    expect(i).toBeGreaterThanOrEqual(60);
    expect(i).toBeLessThan(queries.length);
    expect((await render(url, last, '10.4.0.1')).status).toBe(200);
    expect((await render(url, queries[i], '10.4.0.2')).status).toBe(200);
  });
});

describe('uploads are the images they claim to be', () => {
  const nothingStored = async (name: string, attempt: () => Promise<{ error: unknown }>, statuses: string[]) => {
    const before = filesUnder(storageDir()).filter((f) => !f.startsWith('.renders'));
    const { error } = await attempt();
    expect(error, name).toBeTruthy();
    expect(statuses, name).toContain((error as { statusCode: string }).statusCode);
    expect(filesUnder(storageDir()).filter((f) => !f.startsWith('.renders')), name).toEqual(before);
    const { data } = await client.storage.from('article_images').list(admin.id, { search: name });
    expect(data, name).toEqual([]);
  };

  it('a 2.3 kB GIF declaring 100 frames of 1000 x 1000 is refused before it is stored', async () => {
    const bomb = gifDeclaring(100, 1000, 1000);
    expect(bomb.length).toBeLessThan(2500);
    await nothingStored('bomb.gif', () => upload('bomb.gif', bomb, 'image/gif'), ['422']);
  });

  it('an ordinary animated GIF is stored and rendered', async () => {
    const url = await uploaded('kibaran.gif', gifDeclaring(3, 40, 30), 'image/gif');
    const response = await render(url, 'width=40', '10.5.0.1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a non-image named .gif and a PNG named .jpg, storing nothing', async () => {
    const html = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    await nothingStored('surat.gif', () => upload('surat.gif', html, 'image/gif'), ['415', '422']);
    await nothingStored('catatan.gif', () => upload('catatan.gif', Buffer.from('bukan gambar sama sekali'), 'image/gif'), ['415']);
    await nothingStored('foto.jpg', () => upload('foto.jpg', png(16, 16), 'image/jpeg'), ['415']);
  });
});
