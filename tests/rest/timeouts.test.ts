/**
 * Per-role statement timeouts (anon 3 s, authenticated 8 s, as on Supabase) and pool fairness:
 * ten pathological anonymous queries are cancelled with PostgREST's 57014 answer while other
 * visitors and staff keep being served, and every connection comes back healthy.
 */
import { describe, expect, test } from 'vitest';
import { asRequest } from '../../server/db/request-context.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

// Backreferences make PostgreSQL's regex engine backtrack for minutes on a few kB of text.
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

  test('ten pathological anonymous filters are cancelled with 500/57014 while others are served', async () => {
    const { client: admin, user } = await t.signedIn({ role: 'admin' });
    const long = Array.from({ length: 400 }, (_, i) => `kata${i}`).join(' ');
    const inserted = await admin.from('articles').insert({ title: 'Panjang', content: long, author_id: user.id });
    expect(inserted.error).toBeNull();

    const anonKey = t.server.anonKey;
    const finished: string[] = [];
    const attacks = Array.from({ length: 10 }, () => get(PATHOLOGICAL, anonKey).then(async (r) => {
      finished.push('attack');
      return { status: r.status, body: await r.json() };
    }));
    // Wait until all ten hold a connection and run, so the others compete with them for real.
    await expect.poll(activeRegexQueries, { timeout: 10_000, interval: 50 }).toBe(10);

    const list = get('/rest/v1/articles?select=id,title&order=created_at.desc&limit=20', anonKey).then((r) => {
      finished.push('anon list');
      return r.status;
    });
    const galleries = get('/rest/v1/galleries?select=id', anonKey).then((r) => {
      finished.push('galleries');
      return r.status;
    });
    const write = admin.from('articles').insert({ title: 'Tetap bisa simpan', content: 'isi', author_id: user.id }).then((r) => {
      finished.push('staff write');
      return r.status;
    });

    expect(await list).toBe(200);
    expect(await galleries).toBe(200);
    expect(await write).toBe(201);
    // Everyone else was answered before the first attack was cancelled.
    expect(finished.slice(0, 3).sort()).toEqual(['anon list', 'galleries', 'staff write']);

    // Real PostgREST 12.0.2 answers this request the same way (checked against its binary on the
    // embedded PostgreSQL 17: 500 after 3.0 s with this exact body).
    for (const attack of await Promise.all(attacks)) {
      expect(attack.status).toBe(500);
      expect(attack.body).toEqual({
        code: '57014', details: null, hint: null, message: 'canceling statement due to statement timeout',
      });
    }
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
