/**
 * A request's values travel as quoted literals in one round trip with BEGIN and COMMIT
 * (server/rest/sql.ts LiteralParams). Whatever a caller puts in a filter, a select alias or a
 * body stays data: quotes, backslashes and statement separators match only themselves, and a
 * NUL byte, which would cut the query text short, gets PostgREST's error with nothing changed.
 */
import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

const HOSTILE = [
  `it's`,
  `back\\slash \\' E'x'`,
  `'); delete from public.articles; --`,
  `$1 $$ $tag$ "quoted"`,
  `a'';commit;delete from public.articles;begin;select '`,
];

async function articleCount(): Promise<number> {
  const { rows } = await t.server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.articles');
  return rows[0].n;
}

function get(path: string) {
  const key = t.server.anonKey;
  return fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
}

describe('values written as literals', () => {
  test('hostile titles round-trip through insert and an eq filter, and match only themselves', async () => {
    const { client, user } = await t.signedIn({ role: 'admin' });
    for (const title of HOSTILE) {
      const inserted = await client.from('articles').insert({ title, content: 'isi', author_id: user.id }).select('title').single();
      expect(inserted.error).toBeNull();
      expect(inserted.data?.title).toBe(title);
    }
    const before = await articleCount();
    for (const title of HOSTILE) {
      const response = await get(`articles?select=title&title=eq.${encodeURIComponent(title)}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ title }]);
      const found = await t.anon().from('articles').select('title').in('title', [title, 'tidak ada']);
      expect(found.data).toEqual([{ title }]);
    }
    expect(await articleCount()).toBe(before);
  });

  test('a NUL byte in a value gets an error, and nothing is changed', async () => {
    const before = await articleCount();
    const response = await get(`articles?select=title&title=eq.${encodeURIComponent("x\0'); delete from public.articles; --")}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: '22021' });
    expect(await articleCount()).toBe(before);
  });
});
