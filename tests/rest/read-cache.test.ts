/**
 * Fast anonymous reads: ETag + 304, brotli/gzip over 1 kB, and the in-memory cache that every
 * write empties at once (through this server, and through SQL by way of NOTIFY).
 */
import { brotliDecompressSync } from 'node:zlib';
import http from 'node:http';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser, TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ readCache: true });
const LIST = '/rest/v1/articles?select=id,title,content&order=created_at.desc';

let admin: { user: TestUser; client: TypedClient };

beforeAll(async () => {
  admin = await t.signedIn({ role: 'admin' });
  const rows = Array.from({ length: 12 }, (_, i) => ({ title: `Berita ${i}`, content: `Isi berita nomor ${i} `.repeat(10), author_id: admin.user.id }));
  expect((await admin.client.from('articles').insert(rows)).error).toBeNull();
});

function anonGet(path: string, headers: Record<string, string> = {}) {
  return fetch(`${t.url}${path}`, { headers: { apikey: t.server.anonKey, ...headers } });
}

/** A raw request, so the compressed bytes are seen as sent. */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(`${t.url}${path}`, { headers: { apikey: t.server.anonKey, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const titles = async (response: Response) => ((await response.json()) as { title: string }[]).map((r) => r.title);

describe('anonymous reads', () => {
  test('carry an ETag and answer 304 without a body to a matching If-None-Match', async () => {
    const first = await anonGet(LIST);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await anonGet(LIST, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await anonGet(LIST, { 'If-None-Match': 'W/"something-else"' });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(etag);
  });

  test('are compressed with brotli or gzip over 1 kB, and small answers are not', async () => {
    const plain = await raw(LIST, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw(LIST, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const gz = await raw(LIST, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await raw('/rest/v1/articles?select=id&limit=1', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  test('a cached answer carries the same headers and bytes as the first, computed one', async () => {
    const requests = [
      [`${LIST}&limit=7`, { Origin: 'https://skadron.example' }],
      [`${LIST}&limit=7`, { 'Accept-Encoding': 'br' }],
      [`${LIST}&limit=7`, { 'Accept-Encoding': 'gzip', Origin: 'http://localhost:5173' }],
      ['/rest/v1/articles?select=id&limit=1', { 'Accept-Encoding': 'br' }],
    ] as const;
    for (const [path, headers] of requests) {
      // The first answer is computed (and stored), the next ones come from the cache.
      const answers = [await raw(path, headers), await raw(path, headers), await raw(path, headers)];
      // Each answer has its own date and request id.
      const { date: _, 'x-request-id': _id, ...first } = answers[0].headers;
      for (const later of answers.slice(1)) {
        const { date: __, 'x-request-id': __id, ...rest } = later.headers;
        expect(rest).toEqual(first);
        expect(later.body.equals(answers[0].body)).toBe(true);
      }
    }
  });

  test('a write through the API is visible to the very next anonymous read', async () => {
    expect(await titles(await anonGet(LIST))).not.toContain('Baru lewat API');
    expect((await admin.client.from('articles').insert({ title: 'Baru lewat API', content: 'isi', author_id: admin.user.id })).error).toBeNull();
    expect(await titles(await anonGet(LIST))).toContain('Baru lewat API');
    const { error } = await admin.client.from('articles').delete().eq('title', 'Baru lewat API');
    expect(error).toBeNull();
    expect(await titles(await anonGet(LIST))).not.toContain('Baru lewat API');
  });

  test('a write by another writer (plain SQL) empties the cache when it commits', async () => {
    expect(await titles(await anonGet(LIST))).not.toContain('Baru lewat SQL');
    await t.server.ctx.db.query("insert into public.articles (title, content) values ('Baru lewat SQL', 'isi')");
    await expect.poll(async () => titles(await anonGet(LIST)), { timeout: 5_000, interval: 20 }).toContain('Baru lewat SQL');
  });

  test('a refused or failing write leaves the caches (and the pages built on them) alone', async () => {
    const { readCache } = t.server.ctx;
    expect((await anonGet(LIST)).status).toBe(200);
    const before = readCache!.generation;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, {
      method: 'POST', headers: { apikey: t.server.anonKey, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body),
    });
    expect((await post('/rest/v1/nosuchtable', { a: 1 })).status).toBe(404);
    expect((await post('/rest/v1/articles', { title: 'x', content: 'y' })).status).toBe(401);
    expect((await post('/rest/v1/articles', 'not json', { 'Content-Type': 'text/plain' })).status).toBe(400);
    const patch = await fetch(`${t.url}/rest/v1/articles?id=eq.not-a-uuid`, {
      method: 'PATCH', headers: { apikey: t.server.anonKey, 'Content-Type': 'application/json' }, body: '{"title":"z"}',
    });
    expect(patch.status).toBe(400);
    expect(readCache!.generation).toBe(before);
  });

  test('signed-in reads are neither tagged nor shared', async () => {
    const { data } = await admin.client.auth.getSession();
    const response = await fetch(`${t.url}${LIST}`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${data.session!.access_token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeNull();
  });
});

describe('scheduled articles', () => {
  test('no cached answer outlives the next due published_at', async () => {
    const { db, readCache } = t.server.ctx;
    // Issue 11 adds this column; on a database without it the cache has no such bound.
    await db.exec('alter table public.articles add column if not exists published_at timestamptz default now()');
    await t.server.schemaChanged();
    const before = readCache!.generation;
    const { rows } = await db.query<{ due: number }>(
      "insert into public.articles (title, content, published_at) values ('Terjadwal', 'isi', now() + interval '1.5 seconds') returning (extract(epoch from published_at) * 1000)::float8 as due",
    );
    const due = rows[0].due;
    // The insert's NOTIFY empties the cache; wait for it before storing, as a reader would.
    await expect.poll(() => readCache!.generation, { timeout: 5_000, interval: 10 }).toBeGreaterThan(before);
    const body = new TextEncoder().encode('[]');
    await readCache!.set('scheduled-key', { status: 200, headers: [], body, etag: 'W/"x"' }, readCache!.generation);
    expect(readCache!.get('scheduled-key')).toBeDefined();
    await expect.poll(() => readCache!.get('scheduled-key'), { timeout: 10_000, interval: 50 }).toBeUndefined();
    expect(Date.now()).toBeGreaterThanOrEqual(due);
  });
});
