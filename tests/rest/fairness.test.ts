/**
 * REST fairness (issue 20, decision 0013): one caller flooding the API with slow pattern filters,
 * a self-registered account that is not approved or one anonymous address, holds only its own few
 * connections; staff, sign-in, other visitors and the contact form keep answering meanwhile.
 */
import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

// The test client stands in for a reverse proxy at 127.0.0.1 that reports each visitor's address.
const t = useTestServer({ trustProxy: ['127.0.0.1'] });

// No back-reference, so it runs; on the long articles below each scan takes seconds of CPU.
const PATTERN = '([a-z]*[0-9]*){1,100}!';
const SLOW = '/rest/v1/articles?select=id&content=match.' + encodeURIComponent(PATTERN);

function get(path: string, headers: Record<string, string>) {
  return fetch(`${t.url}${path}`, { headers: { apikey: t.server.anonKey, ...headers } });
}

async function runningPatternQueries(): Promise<number> {
  const { rows } = await t.server.ctx.db.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where pid <> pg_backend_pid() and state = 'active' and strpos(query, $1) > 0 and datname = current_database()",
    [PATTERN],
  );
  return rows[0].n;
}

async function longArticles() {
  const text = Array.from({ length: 400 }, (_, i) => `kata${i}`).join(' ');
  const { error } = await t.service().from('articles')
    .insert(Array.from({ length: 200 }, (_, i) => ({ title: `Panjang ${i}`, content: text })));
  expect(error).toBeNull();
}

/**
 * The most pattern queries seen running at once over a second of samples. A single count could
 * fall between one query's end and the next one's start, so the bound is checked on every sample.
 */
async function mostRunningPatternQueries(): Promise<number> {
  let most = 0;
  for (let i = 0; i < 20; i++) {
    most = Math.max(most, await runningPatternQueries());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return most;
}

/** The flood's answers, once all of them are in; each is an error, never a hang. */
async function settle(flood: Promise<Response>[]): Promise<number[]> {
  return Promise.all(flood.map((r) => r.then(async (res) => { await res.body?.cancel(); return res.status; })));
}

describe('one caller cannot take the database from the others', () => {
  test('a pending account flooding regex reads: staff, sign-in and visitors keep working', async () => {
    await longArticles();
    const { user: pending, client: pendingClient } = await t.signedIn({ status: 'pending' });
    const token = (await pendingClient.auth.getSession()).data.session!.access_token;
    const { user: staff, client: staffClient } = await t.signedIn({ role: 'admin' });

    const flood = Array.from({ length: 40 }, () => get(SLOW, { Authorization: `Bearer ${token}` }));
    await expect.poll(runningPatternQueries, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    // the pending account runs one pattern filter at a time, not the pool's worth
    expect(await mostRunningPatternQueries()).toBe(1);

    const staffRead = await staffClient.from('contacts').select('id').limit(5);
    expect(staffRead.error).toBeNull();
    const staffWrite = await staffClient.from('articles').insert({ title: 'Tetap bisa simpan', content: 'isi', author_id: staff.id });
    expect(staffWrite.error).toBeNull();
    const who = await staffClient.auth.getUser();
    expect(who.error).toBeNull();
    const signIn = await t.signInAs({ email: staff.email, password: staff.password });
    expect((await signIn.auth.getSession()).data.session).not.toBeNull();
    const visitor = await get('/rest/v1/galleries?select=id', { 'X-Forwarded-For': '198.51.100.20' });
    expect(visitor.status).toBe(200);

    const statuses = await settle(flood);
    // done, cut short by the pattern budget, turned away while too many of its own wait, or waited too long (504)
    for (const status of statuses) expect([200, 500, 503, 504]).toContain(status);
    expect(pending.status).toBe('pending');
  }, 90_000);

  test('one anonymous address flooding: other visitors, the contact form and staff keep working', async () => {
    const { client: staffClient } = await t.signedIn({ role: 'admin' });
    const flood = Array.from({ length: 100 }, () => get(SLOW, { 'X-Forwarded-For': '203.0.113.66' }));
    await expect.poll(runningPatternQueries, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    expect(await mostRunningPatternQueries()).toBe(1);

    const uncached = await get(`/rest/v1/articles?select=id&title=eq.nothing-${Date.now()}`, { 'X-Forwarded-For': '198.51.100.21' });
    expect(uncached.status).toBe(200);
    const contact = await fetch(`${t.url}/rest/v1/contacts`, {
      method: 'POST',
      headers: { apikey: t.server.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.22' },
      body: JSON.stringify({ name: 'Warga', email: `warga-${Date.now()}@example.com`, message: 'Halo' }),
    });
    expect(contact.status).toBe(201);
    expect((await staffClient.from('articles').select('id').limit(1)).error).toBeNull();

    const statuses = await settle(flood);
    for (const status of statuses) expect([200, 500, 503, 504]).toContain(status);
    // the ones turned away at once say so in PostgREST's shape, with a retry hint
    const busy = await Promise.all(Array.from({ length: 80 }, () => get(SLOW, { 'X-Forwarded-For': '203.0.113.67' })));
    const refused = busy.find((r) => r.status === 503)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ code: '53300', message: 'Too many concurrent requests from this client' });
    await Promise.all(busy.filter((r) => r !== refused).map((r) => r.body?.cancel()));
  }, 120_000);
});
