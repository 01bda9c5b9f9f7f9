/**
 * Aggregates in `select` (count(), column.sum()...) when switched on: REST_AGGREGATES, overridden
 * by the database's `pgrst.db_aggregates_enabled` role setting as PostgREST's in-database
 * configuration does. Off, they are refused with PGRST123 before any SQL runs.
 */
import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ restAggregates: true });

function get(path: string) {
  const key = t.server.serviceKey;
  return fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${key}` } });
}

async function dbSetting(value: 'true' | 'false' | null): Promise<void> {
  const { rows } = await t.server.ctx.db.query<{ db: string }>('select quote_ident(current_database()) as db');
  const action = value === null ? 'reset pgrst.db_aggregates_enabled' : `set pgrst.db_aggregates_enabled to '${value}'`;
  await t.server.ctx.db.exec(`alter role current_user in database ${rows[0].db} ${action}`);
  await t.server.schemaChanged();
}

async function count(where = 'true'): Promise<number> {
  return (await t.server.ctx.db.query<{ n: number }>(`select count(*)::int as n from public.articles where ${where}`)).rows[0].n;
}

describe('aggregates', () => {
  test('count() over the rows, grouped by the other columns, aliased', async () => {
    expect(await (await get('articles?select=count()')).json()).toEqual([{ count: await count() }]);
    expect(await (await get('articles?select=jumlah:count()')).json()).toEqual([{ jumlah: await count() }]);
    const grouped = await (await get('articles?select=category,count()&order=category')).json() as { category: string | null; count: number }[];
    expect(grouped.reduce((sum, g) => sum + g.count, 0)).toBe(await count());
    for (const g of grouped.filter((row) => row.category !== null)) {
      expect(g.count).toBe(await count(`category = '${g.category!.replace(/'/g, "''")}'`));
    }
  });

  test('in an embed, and a bare count there', async () => {
    const { user } = await t.signedIn({ role: 'admin' });
    const insert = await t.service().from('articles').insert([1, 2].map((i) => ({ title: `agregat ${i}`, content: 'isi', author_id: user.id })));
    expect(insert.error).toBeNull();
    const rows = await (await get('profiles?select=id,articles(count)')).json() as { id: string; articles: { count: number }[] }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.articles).toEqual([{ count: await count(`author_id = '${row.id}'`) }]);
  });

  test('a spread of all columns beside an aggregate is grouped on each of them', async () => {
    const response = await get('articles?select=count(),...profiles(*)');
    expect(response.status).toBe(200);
    const rows = await response.json() as { count: number; username: string | null }[];
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(await count());
  });

  test('column aggregates name their result after the function', async () => {
    const response = await get('articles?select=title.max(),title.min()');
    expect(response.status).toBe(200);
    const [row] = await response.json() as { max: string; min: string }[];
    const { rows } = await t.server.ctx.db.query<{ max: string; min: string }>('select max(title), min(title) from public.articles');
    expect(row).toEqual(rows[0]);
  });

  test('the database setting overrides REST_AGGREGATES', async () => {
    await dbSetting('false');
    try {
      const response = await get('articles?select=count()');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' });
    } finally {
      await dbSetting(null);
    }
    expect((await get('articles?select=count()')).status).toBe(200);
  });
});
