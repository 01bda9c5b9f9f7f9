/**
 * One read path for cached anonymous reads: an answer written straight from the Node request (the
 * fast path) and one given by the Hono app (as the site's own reads get it) carry the same status,
 * header lines and bytes, whatever the log level; and a cached answer is logged like any other.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { log, setLogLevel } from '../../server/observability/log.ts';
import { Metrics } from '../../server/observability/metrics.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ readCache: true });
const LIST = '/rest/v1/articles?select=id,title,content&order=created_at.desc';

beforeAll(async () => {
  const admin = await t.signedIn({ role: 'admin' });
  const rows = Array.from({ length: 9 }, (_, i) => ({ title: `Jalur ${i}`, content: `Isi ${i} `.repeat(40), author_id: admin.user.id }));
  expect((await admin.client.from('articles').insert(rows)).error).toBeNull();
  // The insert's NOTIFY empties the cache once more at some point: wait until nothing moves.
  const { readCache } = t.server.ctx;
  for (let seen = -1; readCache!.generation !== seen;) {
    seen = readCache!.generation;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
});

afterAll(() => setLogLevel('warn'));

/** Headers Node adds to every answer itself, or that differ per answer. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

interface Answer { status: number; headers: [string, string][]; body: Buffer }

/** The header lines as written on the wire, in their order and spelling. */
function overHttp(path: string, headers: Record<string, string>): Promise<Answer & { requestId: string }> {
  return new Promise((resolve, reject) => {
    http.get(`${t.url}${path}`, { headers: { apikey: t.server.anonKey, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({
          status: res.statusCode!,
          headers: lines.filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
          body: Buffer.concat(chunks),
          requestId: String(res.headers['x-request-id']),
        });
      });
    }).on('error', reject);
  });
}

async function throughHono(path: string, headers: Record<string, string>): Promise<Answer> {
  const app = createApp(t.server.ctx, { metrics: new Metrics(), stopping: () => false });
  const res = await app.request(path, { headers: { apikey: t.server.anonKey, ...headers } });
  const lines: [string, string][] = [];
  res.headers.forEach((value, name) => lines.push([name, value]));
  return { status: res.status, headers: lines, body: Buffer.from(await res.arrayBuffer()) };
}

/** The requests of one log level (each level reads its own URLs, so each starts with a computed answer). */
const cases = (level: string): [string, Record<string, string>][] => {
  const list = `${LIST}&limit=${level === 'info' ? 9 : 8}`;
  return [
    [list, {}],
    [list, { 'Accept-Encoding': 'gzip, deflate, br', Origin: 'https://skadron.example' }],
    [list, { 'Accept-Encoding': 'gzip' }],
    [`/rest/v1/articles?select=id&limit=${level === 'info' ? 1 : 2}`, { 'Accept-Encoding': 'br' }],
    [`${list}&offset=1`, { Range: '0-1', Prefer: 'count=exact', 'Accept-Encoding': 'br' }],
  ];
};

describe('a cached anonymous read', () => {
  test.each(['info', 'warn'])('is the same bytes from the Node fast path and from the Hono app at LOG_LEVEL=%s', async (level) => {
    setLogLevel(level);
    const { readCache } = t.server.ctx;
    for (const [path, headers] of cases(level)) {
      const computed = await overHttp(path, headers);
      expect([200, 206]).toContain(computed.status);
      const hits = readCache!.stats.hits;
      const fast = await overHttp(path, headers);
      const hono = await throughHono(path, headers);
      expect(readCache!.stats.hits).toBe(hits + 2);
      expect(fast.headers).toEqual(hono.headers);
      expect(fast.status).toBe(hono.status);
      expect(fast.body.equals(hono.body)).toBe(true);
      // and a revalidation the same way
      const etag = fast.headers.find(([name]) => name === 'etag')![1];
      const [fast304, hono304] = [await overHttp(path, { ...headers, 'If-None-Match': etag }), await throughHono(path, { ...headers, 'If-None-Match': etag })];
      expect(fast304.status).toBe(computed.status === 200 ? 304 : 206);
      expect(fast304.headers).toEqual(hono304.headers);
      expect(fast304.body.equals(hono304.body)).toBe(true);
    }
  });

  test('still writes its request line when requests are logged', async () => {
    setLogLevel('info');
    const info = vi.spyOn(log, 'info');
    try {
      const path = `${LIST}&limit=4`;
      expect((await overHttp(path, {})).status).toBe(200);
      const hits = t.server.ctx.readCache!.stats.hits;
      const cached = await overHttp(path, { 'Accept-Encoding': 'br' });
      expect(t.server.ctx.readCache!.stats.hits).toBe(hits + 1);
      await expect.poll(() => info.mock.calls.find(([fields]) => (fields as { reqId?: string }).reqId === cached.requestId)).toBeDefined();
      const [fields, message] = info.mock.calls.find(([f]) => (f as { reqId?: string }).reqId === cached.requestId)!;
      expect(message).toBe('request');
      expect(fields).toMatchObject({ method: 'GET', path: '/rest/v1/articles?select=id,title,content&order=created_at.desc&limit=4', status: 200, role: 'anon', service: 'rest' });
    } finally {
      info.mockRestore();
    }
  });
});
