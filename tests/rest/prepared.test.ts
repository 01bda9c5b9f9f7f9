/**
 * REST statements are prepared once per connection and executed with literal arguments
 * (server/db/prepared.ts). With a pool of one connection every request below shares it, so
 * what PostgreSQL holds for that session can be read back through the same pool.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { PREPARED_PER_CONNECTION } from '../../server/db/prepared.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ dbPoolSize: 1, dbAnonConcurrency: 1 });

function get(path: string) {
  const key = t.server.anonKey;
  return fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
}

async function prepared(): Promise<string[]> {
  const { rows } = await t.server.ctx.db.query<{ statement: string }>("select statement from pg_prepared_statements where name like 'skadron_stmt_%'");
  return rows.map((r) => r.statement);
}

beforeAll(async () => {
  await t.server.ctx.db.exec(`insert into public.articles (title, content, category)
    select 'Artikel ' || i, 'isi', case when i % 2 = 0 then 'Latihan' else 'Sosial' end from generate_series(1, 100) i`);
});

describe('prepared REST statements', () => {
  test('one statement text is prepared once and answers each request with its own values', async () => {
    for (const category of ['Latihan', 'Sosial', "it's"]) {
      const res = await get(`articles?select=title,category&category=eq.${encodeURIComponent(category)}&limit=3`);
      expect(res.status).toBe(200);
      const rows = (await res.json()) as { category: string }[];
      expect(rows.length).toBe(category === "it's" ? 0 : 3);
      expect(rows.every((r) => r.category === category)).toBe(true);
    }
    expect((await prepared()).filter((s) => s.includes('"category" = $1'))).toHaveLength(1);
  });

  test(`a connection keeps at most ${PREPARED_PER_CONNECTION} of them, and answers right past that`, async () => {
    for (let limit = 1; limit <= PREPARED_PER_CONNECTION + 6; limit++) {
      const res = await get(`articles?select=id&limit=${limit}`);
      expect(((await res.json()) as unknown[]).length).toBe(limit);
    }
    expect((await prepared()).length).toBe(PREPARED_PER_CONNECTION);
  });

  test('after a failed request the connection starts over and keeps answering', async () => {
    const bad = await get('articles?select=id&id=eq.bukan-uuid');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('22P02');
    const again = await get('articles?select=id&limit=2');
    expect(((await again.json()) as unknown[]).length).toBe(2);
    expect((await prepared()).length).toBe(1);
  });
});
