/**
 * Per-role statement timeouts (anon 3 s, authenticated 8 s, as on Supabase), the anonymous budget
 * and the pattern budget (decision 0013): back-reference regexes are refused before any SQL runs,
 * and every connection comes back healthy. Floods of slow filters: fairness.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { asRequest } from '../../server/db/request-context.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

// Back-references make PostgreSQL's regex engine backtrack for minutes on a few kB of text.
const PATHOLOGICAL = '/rest/v1/articles?select=id&content=match.' + encodeURIComponent('^(.*)(.*)(.*)(.*)\\1\\2\\3\\4$');

function get(path: string, key: string, token = key) {
  return fetch(`${t.url}${path}`, { headers: { apikey: key, Authorization: `Bearer ${token}` } });
}

async function activeRegexQueries(): Promise<number> {
  const { rows } = await t.server.ctx.db.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where pid <> pg_backend_pid() and state = 'active' and query like '%~%' and datname = current_database()",
  );
  return rows[0].n;
}

describe('statement timeouts', () => {
  test('each API role runs with its own alter-role settings inside the request transaction', async () => {
    const timeout = (role: string) => asRequest(t.server.ctx.db, { claims: { role } }, async (tx) =>
      (await tx.query<{ v: string }>("select current_setting('statement_timeout') as v")).rows[0].v);
    expect(await timeout('anon')).toBe('3s');
    expect(await timeout('authenticated')).toBe('8s');
    // service_role has no limit of its own, as on Supabase; the setting does not leak between requests
    expect(await timeout('service_role')).toBe('0');
  });

  test('a request on the anonymous budget gets anon\'s timeout, a pattern filter a shorter one', async () => {
    const timeout = (budget: Parameters<typeof asRequest>[1]['budget']) => asRequest(t.server.ctx.db, { claims: { role: 'authenticated' }, budget }, async (tx) =>
      (await tx.query<{ v: string }>("select current_setting('statement_timeout') as v")).rows[0].v);
    expect(await timeout({ lane: 'anon' })).toBe('3s');
    expect(await timeout({ lane: 'member' })).toBe('8s');
    expect(await timeout({ lane: 'member', statementTimeout: '1s' })).toBe('1s');
  });

  test('back-reference filters are refused before any SQL runs, while others are served', async () => {
    const { client: admin, user } = await t.signedIn({ role: 'admin' });
    const long = Array.from({ length: 400 }, (_, i) => `kata${i}`).join(' ');
    const inserted = await admin.from('articles').insert({ title: 'Panjang', content: long, author_id: user.id });
    expect(inserted.error).toBeNull();

    const anonKey = t.server.anonKey;
    const attacks = await Promise.all(Array.from({ length: 10 }, () => get(PATHOLOGICAL, anonKey).then(async (r) => ({ status: r.status, body: await r.json() }))));
    for (const attack of attacks) {
      // PostgreSQL's invalid_regular_expression, which PostgREST answers 400 (decision 0013)
      expect(attack.status).toBe(400);
      expect(attack.body).toMatchObject({ code: '2201B', details: null, message: 'invalid regular expression: back-references are not allowed' });
    }
    expect(await activeRegexQueries()).toBe(0);
    // an escaped backslash before a digit is no back-reference
    expect((await get('/rest/v1/articles?select=id&content=match.' + encodeURIComponent('\\\\1'), anonKey)).status).toBe(200);
    expect((await get('/rest/v1/articles?select=id,title&order=created_at.desc&limit=20', anonKey)).status).toBe(200);
  }, 60_000);

  test('connections come back from a cancelled statement healthy', async () => {
    const anonKey = t.server.anonKey;
    // More sequential requests than the pool holds connections: each one reuses a returned connection.
    for (let i = 0; i < 25; i++) {
      const response = await get('/rest/v1/articles?select=title&title=eq.Panjang', anonKey);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ title: 'Panjang' }]);
    }
    const { rows } = await t.server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database() and (state like 'idle in transaction%' or (state = 'active' and query like '%~%'))",
    );
    expect(rows[0].n).toBe(0);
  });
});
