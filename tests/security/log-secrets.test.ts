/**
 * Nothing secret reaches PostgreSQL's log: a request's statement carries its JWT claims and
 * headers, so a failing one must not be copied into postgres.log (issue 20).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

// Its own embedded PostgreSQL server (not the run's shared one), so its postgres.log is this test's.
const t = useTestServer({ databaseUrl: undefined });

describe('postgres.log', () => {
  test('holds no token and no header value after failing requests', async () => {
    const { client } = await t.signedIn({ role: 'superadmin' });
    const token = (await client.auth.getSession()).data.session!.access_token;
    const secretHeader = `rahasia-${Date.now()}`;
    const failing = await fetch(`${t.url}/rest/v1/articles?id=eq.not-a-uuid`, {
      headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}`, 'X-Custom-Secret': secretHeader },
    });
    expect(failing.status).toBe(400);
    expect((await failing.json()).code).toBe('22P02');
    const written = await fetch(`${t.url}/rest/v1/contacts`, {
      method: 'POST',
      headers: { apikey: t.server.anonKey, 'Content-Type': 'application/json', 'X-Custom-Secret': secretHeader },
      body: JSON.stringify({ name: 'Warga', email: 'bukan-email', message: 'Halo' }),
    });
    expect(written.status).toBe(400);

    const log = path.join(t.server.dataDir, 'postgres.log');
    // the errors themselves are logged (PostgreSQL writes them asynchronously)
    await expect.poll(() => readFileSync(log, 'utf8'), { timeout: 10_000, interval: 100 }).toContain('invalid input syntax for type uuid');
    await expect.poll(() => readFileSync(log, 'utf8'), { timeout: 10_000, interval: 100 }).toContain('contacts_email_check');
    const text = readFileSync(log, 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[1]);
    expect(text).not.toContain(secretHeader);
    expect(text).not.toContain(t.server.anonKey);
  }, 120_000);
});
