/** Hostile input: every answer is a 4xx (never 5xx, never a crash) and stored data is unchanged. */
import { beforeAll, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();
let adminToken: string;
let snapshot: string;

const state = async () => JSON.stringify((await t.server.ctx.db.query(
  `select (select json_agg(a order by id) from public.articles a)::text as a,
          (select json_agg(p order by id) from public.profiles p)::text as p,
          (select json_agg(g order by id) from public.galleries g)::text as g,
          (select count(*) from pg_tables where schemaname = 'public')::text as t`)).rows[0]);

async function call(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string>; token?: string } = {}) {
  const res = await fetch(`${t.url}/rest/v1${path}`, {
    method,
    headers: { apikey: t.server.anonKey, Authorization: `Bearer ${init.token ?? adminToken}`, 'Content-Type': 'application/json', ...init.headers },
    body: init.body,
  });
  return { status: res.status, body: await res.text() };
}

beforeAll(async () => {
  const admin = await t.createUser({ role: 'admin' });
  adminToken = await t.mintUserToken(admin.id);
  for (const title of ['Satu', 'Dua']) {
    const r = await call('POST', '/articles', { body: JSON.stringify({ title, content: 'isi', author_id: admin.id }) });
    expect(r.status).toBe(201);
  }
  await call('POST', '/galleries', { body: JSON.stringify({ name: 'Galeri' }) });
  snapshot = await state();
});

const INJECTIONS = [
  "'; drop table public.articles; --",
  '"; drop table public.articles; --',
  "x') or 1=1 --",
  'title"; delete from public.articles where "1"="1',
  '1 union select encrypted_password from auth.users',
  '$1',
  '\\x00\u0000',
  '*/ drop table articles /*',
];

test('SQL injection in filter values, identifiers, select, order, casts, on_conflict and columns', async () => {
  const paths: string[] = [];
  for (const bad of INJECTIONS) {
    const e = encodeURIComponent(bad);
    paths.push(
      `/articles?title=eq.${e}`,
      `/articles?title=in.(${e})`,
      `/articles?or=(title.eq.${e},title.like.${e})`,
      `/articles?${e}=eq.1`,
      `/articles?select=${e}`,
      `/articles?select=title::${e}`,
      `/articles?select=x:${e}`,
      `/articles?select=title,profiles!${e}(full_name)`,
      `/articles?order=${e}`,
      `/articles?order=title.${e}`,
      `/articles?limit=${e}&offset=${e}`,
      `/${e}`,
      `/rpc/${e}`,
      `/rpc/get_all_users?${e}=1`,
      `/articles?select=title&title=fts(${e}).x`,
    );
  }
  for (const path of paths) {
    const r = await call('GET', path);
    expect(r.status, `${path} -> ${r.status} ${r.body}`).toBeLessThan(500);
  }
  for (const bad of INJECTIONS) {
    const e = encodeURIComponent(bad);
    for (const [method, path, body] of [
      ['POST', `/galleries?columns=${e}`, '[{"name":"x"}]'],
      ['POST', `/galleries?on_conflict=${e}`, '{"name":"x"}'],
      ['POST', '/galleries', JSON.stringify({ [bad]: 'x' })],
      ['PATCH', `/galleries?name=eq.${e}`, JSON.stringify({ name: bad })],
      ['DELETE', `/articles?title=eq.${e}`, undefined],
      ['POST', '/rpc/get_all_users', JSON.stringify({ [bad]: 1 })],
    ] as const) {
      const r = await call(method, path, { body, headers: method === 'POST' && path.includes('on_conflict') ? { Prefer: 'resolution=merge-duplicates' } : {} });
      expect(r.status, `${method} ${path} -> ${r.status} ${r.body}`).toBeLessThan(500);
    }
  }
  // The harmless values were stored as text where inserts were allowed; remove them, then compare.
  await t.server.ctx.db.query(`delete from public.galleries where name <> 'Galeri'`);
  expect(await state()).toBe(snapshot);
}, 120_000);

test('deeply nested and huge select strings get 400', async () => {
  const deep = 'profiles('.repeat(50) + 'id' + ')'.repeat(50);
  expect((await call('GET', `/articles?select=${encodeURIComponent(deep)}`)).status).toBe(400);
  const unclosed = '('.repeat(5000);
  expect((await call('GET', `/articles?select=${unclosed}`)).status).toBe(400);
  const wide = Array.from({ length: 1500 }, (_, i) => `c${i}`).join(',');
  expect((await call('GET', `/articles?select=${wide}`)).status).toBe(400);
  // Past Node's 16 KB header limit the HTTP layer itself answers 431.
  const wider = Array.from({ length: 5000 }, (_, i) => `c${i}`).join(',');
  expect((await call('GET', `/articles?select=${wider}`)).status).toBe(431);
  const huge = 'a'.repeat(20_000);
  expect((await call('GET', `/articles?title=eq.${huge}`)).status).toBeGreaterThanOrEqual(400);
  const nestedOr = 'or('.repeat(100) + 'title.eq.x' + ')'.repeat(100);
  expect((await call('GET', `/articles?or=(${nestedOr})`)).status).toBe(400);
  expect(await state()).toBe(snapshot);
});

test('bodies over the limit get 413 and non-JSON bodies get 400 PGRST102', async () => {
  const big = JSON.stringify({ name: 'x', description: 'y'.repeat(2 * 1024 * 1024) });
  const over = await call('POST', '/galleries', { body: big });
  expect(over.status).toBe(413);
  for (const body of ['{"name":', 'name=x', '<xml/>', '\u0000', '[1,2', '{"name": "x"} trailing']) {
    const r = await call('POST', '/galleries', { body });
    expect(r.status, body).toBe(400);
    expect(JSON.parse(r.body).code).toBe('PGRST102');
    expect((await call('PATCH', '/galleries?name=eq.Galeri', { body })).status).toBe(400);
  }
  const xml = await call('POST', '/galleries', { body: '<a/>', headers: { 'Content-Type': 'text/xml' } });
  expect(xml.status).toBe(400);
  expect(await state()).toBe(snapshot);
});

test('unfiltered PATCH and DELETE are refused like Supabase (safeupdate)', async () => {
  const del = await call('DELETE', '/articles');
  expect(del.status).toBe(400);
  expect(JSON.parse(del.body)).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
  const upd = await call('PATCH', '/articles', { body: JSON.stringify({ title: 'semua' }) });
  expect(JSON.parse(upd.body)).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
  expect(await state()).toBe(snapshot);
});

test('forged, expired and foreign-role tokens get 401/403 and change nothing', async () => {
  const forged = adminToken.slice(0, -4) + (adminToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  const r1 = await call('DELETE', '/articles?title=eq.Satu', { token: forged });
  expect(r1.status).toBe(401);
  expect(JSON.parse(r1.body).code).toBe('PGRST301');
  const expired = await t.server.ctx.keys.sign({ role: 'authenticated', sub: crypto.randomUUID() }, -120);
  const r2 = await call('GET', '/articles', { token: expired });
  expect(r2.status).toBe(401);
  expect(JSON.parse(r2.body).message).toBe('JWT expired');
  const superuser = await t.server.ctx.keys.sign({ role: 'postgres' }, 60);
  const r3 = await call('DELETE', '/articles?title=eq.Satu', { token: superuser });
  expect(r3.status).toBe(403);
  expect(await state()).toBe(snapshot);
});

test('other schemas are refused (PGRST106) and the server still answers', async () => {
  const r = await call('GET', '/users', { headers: { 'Accept-Profile': 'auth' } });
  expect(r.status).toBe(406);
  expect(JSON.parse(r.body).code).toBe('PGRST106');
  const ok = await call('GET', '/articles?select=title&order=title');
  expect(JSON.parse(ok.body)).toEqual([{ title: 'Dua' }, { title: 'Satu' }]);
});
