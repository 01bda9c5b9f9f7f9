/**
 * Reader statistics (issue 46): public.record_page_view counts through the REST API as anon and
 * keeps only daily aggregates; visitors are told apart for one day by a salted hash in the private
 * schema, and nothing a visitor could be recognised by is stored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getPattern, isbot } from 'isbot';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

// The test client stands in for a reverse proxy at 127.0.0.1 that reports each visitor's address;
// its own embedded PostgreSQL server, so postgres.log is this file's.
const t = useTestServer({ trustProxy: ['127.0.0.1'], databaseUrl: undefined });
// with the read cache that also decides when rendered pages are stale
const cached = useTestServer({ readCache: true });

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 uji-a';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 uji-b';
const TABLET = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1 uji-c';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const VISITORS = [
  { address: '198.51.100.23', agent: PHONE },
  { address: '203.0.113.77', agent: DESKTOP },
  { address: '192.0.2.141', agent: TABLET },
];

const articles: string[] = [];

async function beacon(pathName: string, headers: Record<string, string>, referrer = '', token?: string) {
  const res = await fetch(`${t.url}/rest/v1/rpc/record_page_view`, {
    method: 'POST',
    headers: {
      apikey: t.server.anonKey,
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ path: pathName, referrer }),
  });
  return { status: res.status, body: await res.json(), cookie: res.headers.get('set-cookie') };
}
const from = (v: { address: string; agent: string }) => ({ 'X-Forwarded-For': v.address, 'User-Agent': v.agent });

async function summary(days = 7) {
  const { client } = await t.signedIn({ role: 'admin' });
  const { data, error } = await client.rpc('page_view_summary', { days });
  expect(error).toBeNull();
  return data as { today: { views: number; visitors: number }; articles: { id: string; views: number }[]; totals: Record<string, number> };
}

beforeAll(async () => {
  const service = t.service();
  const { user } = await t.signedIn({ role: 'admin' });
  for (const title of ['Latihan terbang malam', 'Bakti sosial di desa']) {
    const { data, error } = await service.from('articles')
      .insert({ title, content: '<p>Isi berita.</p>', author_id: user.id, published_at: new Date(Date.now() - 60_000).toISOString() })
      .select('id').single();
    expect(error).toBeNull();
    articles.push(data!.id);
  }
}, 60_000);

describe('record_page_view', () => {
  it('counts three visitors, once per path each, and leaves out a bot and a signed-in admin', async () => {
    const [a, b, c] = VISITORS;
    const [first, second] = articles.map((id) => `/berita/${id}`);
    const results = [
      await beacon(first, from(a), 'www.google.com'),
      await beacon(first, from(a), 'www.google.com'),
      await beacon(second, from(a)),
      await beacon(first, from(b), 'web.facebook.com'),
      await beacon('/', from(c)),
      await beacon(first, { ...from({ address: '198.51.100.99', agent: BOT }) }),
    ];
    expect(results.map((r) => r.body)).toEqual([true, false, true, true, true, false]);
    for (const r of results) expect(r.cookie).toBeNull();
    const { client } = await t.signedIn({ role: 'admin' });
    const staffToken = (await client.auth.getSession()).data.session!.access_token;
    const staff = await beacon(second, from({ address: '198.51.100.5', agent: DESKTOP + ' staf' }), '', staffToken);
    expect(staff.status).toBe(200);
    expect(staff.body).toBe(false);

    const stats = await summary();
    expect(stats.today).toEqual({ views: 4, visitors: 3 });
    expect(stats.articles.map((row) => [row.id, row.views])).toEqual([[articles[0], 2], [articles[1], 1]]);
    expect(stats.totals).toMatchObject({ search: 1, social: 1, direct: 1, other: 0, phone: 1, tablet: 1, desktop: 1 });
  });

  it('does not count a visitor who asks not to be tracked, or a prefetch', async () => {
    const v = { address: '198.51.100.200', agent: DESKTOP + ' gpc' };
    expect((await beacon('/profil', { ...from(v), 'Sec-GPC': '1' })).body).toBe(false);
    expect((await beacon('/profil', { ...from(v), DNT: '1' })).body).toBe(false);
    expect((await beacon('/profil', { ...from(v), 'Sec-Purpose': 'prefetch' })).body).toBe(false);
    expect((await beacon('/profil', from(v))).body).toBe(true);
  });

  it('refuses paths that are not public pages, and malformed or oversized input', async () => {
    const v = from({ address: '198.51.100.201', agent: DESKTOP });
    const missing = await beacon('/berita/00000000-0000-4000-8000-000000000000', v);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/Halaman tidak ditemukan/);
    expect((await beacon('/admin/dashboard', v)).status).toBe(404);
    const long = await beacon(`/${'a'.repeat(300)}`, v);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Jalur halaman tidak sah.');
    expect((await beacon('/berita/<script>', v)).status).toBe(400);
    expect((await beacon('/', v, 'https://evil.example/path?q=1')).body.message).toBe('Perujuk tidak sah.');
    const { rows } = await t.server.ctx.db.query<{ path: string }>('select path from private.page_view_paths');
    expect(rows.map((row) => row.path)).not.toContain('/admin/dashboard');
  });

  it('gives anonymous clients nothing to read and no way past one view per visitor, path and day', async () => {
    const anon = t.anon();
    const { client: personnel } = await t.signedIn({ role: 'user' });
    for (const client of [anon, personnel]) {
      expect((await client.rpc('page_view_summary', { days: 7 })).error?.code).toBe('42501');
      expect((await client.rpc('article_view_totals')).error?.code).toBe('42501');
    }
    // the counts live outside the API's schema: nothing to select or write directly
    const res = await fetch(`${t.url}/rest/v1/page_view_days?select=*`, { headers: { apikey: t.server.anonKey } });
    expect(res.status).toBe(404);
    const before = (await summary()).today.views;
    const v = from({ address: '198.51.100.202', agent: PHONE + ' ulang' });
    for (let i = 0; i < 20; i++) await beacon('/kontak', v);
    expect((await summary()).today.views).toBe(before + 1);
  });

  it('leaves the cached reads and pages alone: a beacon writes nothing a visitor reads', async () => {
    const cache = cached.server.ctx.readCache!;
    expect(cache).toBeDefined();
    const before = cache.generation;
    const res = await fetch(`${cached.url}/rest/v1/rpc/record_page_view`, {
      method: 'POST',
      headers: { apikey: cached.server.anonKey, 'Content-Type': 'application/json', 'User-Agent': DESKTOP },
      body: JSON.stringify({ path: '/struktur' }),
    });
    expect(await res.json()).toBe(true);
    // a NOTIFY would arrive after the commit
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cache.generation).toBe(before);
  });

  it('tells visitors apart by the address Cloudflare vouches for, through this server and as PostgREST on a hosted project', async () => {
    const real = '203.0.113.50';
    // Through this server behind a trusted proxy that passes Cloudflare's headers on: the client
    // wrote the first X-Forwarded-For entries itself; a CF-Connecting-IP it wrote is no use either.
    const viaCloudflare = (forged: string) => ({ 'X-Forwarded-For': `${forged}, ${real}`, 'CF-Connecting-IP': real, 'User-Agent': DESKTOP + ' cf' });
    expect((await beacon('/aksesibilitas', viaCloudflare('198.51.100.1'))).body).toBe(true);
    expect((await beacon('/aksesibilitas', viaCloudflare('198.51.100.2'))).body).toBe(false);
    const direct = { 'X-Forwarded-For': '192.0.2.60', 'User-Agent': DESKTOP + ' cf' };
    expect((await beacon('/aksesibilitas', { ...direct, 'CF-Connecting-IP': real })).body).toBe(true);
    expect((await beacon('/aksesibilitas', { ...direct, 'CF-Connecting-IP': '192.0.2.61' })).body).toBe(false);

    // Hosted: PostgREST hands the function Supabase's gateway headers as they are, as anon.
    const asHostedPostgrest = (headers: Record<string, string>) => t.server.ctx.db.transaction(async (tx) => {
      await tx.query('set local role anon');
      await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)]);
      const { rows } = await tx.query<{ counted: boolean }>(`select public.record_page_view('/informasi-publik', 'www.google.com') as counted`);
      return rows[0].counted;
    });
    const hosted = (forged: string) => ({ 'x-forwarded-for': `${forged}, ${real}`, 'cf-connecting-ip': real, 'user-agent': TABLET + ' cf' });
    expect(await asHostedPostgrest(hosted('198.51.100.1'))).toBe(true);
    expect(await asHostedPostgrest(hosted('198.51.100.2'))).toBe(false);
    expect(await asHostedPostgrest({ ...hosted('198.51.100.3'), 'cf-connecting-ip': '192.0.2.62' })).toBe(true);
  });

  it('limits a flood of beacons from one address', async () => {
    let last = 0;
    for (let i = 0; i < 601 && last !== 429; i++) {
      last = (await beacon('/kegiatan', from({ address: '198.51.100.250', agent: `${DESKTOP} ${i}` }))).status;
    }
    expect(last).toBe(429);
    // refused again by the server itself while the refusal lasts: even with the database's count
    // gone, the flood does not reach it
    await t.server.ctx.db.query('delete from private.page_view_callers');
    const again = await beacon('/kegiatan', from({ address: '198.51.100.250', agent: DESKTOP }));
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/Terlalu banyak kunjungan/);
    const { rows } = await t.server.ctx.db.query('select 1 from private.page_view_callers');
    expect(rows).toHaveLength(0);
    expect((await beacon('/kegiatan', from({ address: '198.51.100.251', agent: DESKTOP }))).status).toBe(200);
  }, 120_000);

  it('forgets every visitor when the day changes, and stores no address or user agent anywhere', async () => {
    const db = t.server.ctx.db;
    const { rows: [{ salt }] } = await db.query<{ salt: Buffer }>('select salt from private.page_view_salts');
    // as if the day had changed: today's rows become yesterday's; the server's scheduled purge runs
    await db.query('update private.page_view_salts set day = day - 1');
    await db.query('update private.page_view_seen set day = day - 1');
    await db.query('update private.page_view_callers set day = day - 1');
    await t.server.pageViewPurge.runNow();
    const { rows: salts } = await db.query<{ salt: Buffer }>('select salt from private.page_view_salts');
    expect(salts).toHaveLength(1);
    expect(salts[0].salt.equals(salt)).toBe(false);
    for (const table of ['page_view_seen', 'page_view_callers']) {
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from private.${table}`);
      expect(rows[0].n, table).toBe(0);
    }
    // the same reader on the new day is a new visitor for the day
    expect((await beacon('/galeri', from(VISITORS[0]))).body).toBe(true);

    // every column of every table, as text, and PostgreSQL's log
    const { rows: tables } = await db.query<{ schema: string; name: string }>(`
      select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`);
    const secrets = VISITORS.flatMap((v) => [v.address, v.agent]);
    for (const table of tables) {
      const { rows } = await db.query<{ row: string }>(`select t::text as row from ${JSON.stringify(table.schema)}.${JSON.stringify(table.name)} t`);
      for (const { row } of rows) for (const secret of secrets) expect(row, `${table.schema}.${table.name}`).not.toContain(secret);
    }
    const log = readFileSync(path.join(t.server.dataDir, 'postgres.log'), 'utf8');
    for (const secret of secrets) expect(log).not.toContain(secret);
  }, 120_000);
});

describe('retention', () => {
  it('keeps daily aggregates for PAGE_VIEW_RETENTION_DAYS (two years by default)', async () => {
    const db = t.server.ctx.db;
    await db.query(`insert into private.page_view_days (day, views, visitors) values
      (current_date - 800, 5, 4), (current_date - 700, 3, 2)`);
    await t.server.pageViewPurge.runNow();
    const { rows } = await db.query<{ views: number }>('select views from private.page_view_days where day < current_date - 600');
    expect(rows.map((r) => r.views)).toEqual([3]);
  });
});

describe('bot pattern', () => {
  it('is the installed isbot pattern in PostgreSQL\'s dialect, and recognises isbot\'s bots', async () => {
    const expected = getPattern().source.replace(/\\(.)/g, (m, c: string) => (c === 'b' ? '\\y' : m)).replace(/(\\[wds])-/g, '$1\\-');
    const db = t.server.ctx.db;
    const { rows: [{ bot_pattern }] } = await db.query<{ bot_pattern: string }>('select bot_pattern from private.page_view_settings');
    expect(bot_pattern).toBe(expected);
    const agents = ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', 'python-requests/2.31.0', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'];
    const { rows } = await db.query<{ bot: boolean }>('select a ~* $2 as bot from unnest($1::text[]) a', [agents, bot_pattern]);
    expect(rows.map((r) => r.bot)).toEqual(agents.map((a) => isbot(a)));
    expect(rows.every((r) => r.bot)).toBe(true);
    const people = await db.query<{ bot: boolean }>('select $1 ~* $2 as bot', [DESKTOP, bot_pattern]);
    expect(people.rows[0].bot).toBe(isbot(DESKTOP));
  });
});
