/**
 * DATABASE_URL mode: every connection of the server is cut (as a database restart or a failover
 * does) while one is in use. Node must not die of the in-use connection's `error` event, and the
 * API answers again by itself once connections can be opened.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

describe('the database connections cut under DATABASE_URL', () => {
  it('fails what was running, keeps the process, and answers again by itself', async () => {
    const url = t.server.ctx.config.databaseUrl!;
    expect((await t.anon().from('articles').select('id')).error).toBeNull();
    // a connection in use (not idle in the pool) when the cut comes
    const running = t.server.ctx.db.transaction((tx) => tx.query('select pg_sleep(5)'));
    const outcome = running.then(() => 'finished', (error: Error) => error.message);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await expect.poll(async () => (await admin.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(5)%'")).rows[0].n).toBe(1);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    } finally {
      await admin.end();
    }

    expect(await outcome).toMatch(/terminat/i);
    await expect.poll(async () => (await t.anon().from('articles').select('id')).error, { timeout: 20_000, interval: 200 }).toBeNull();
    const { error } = await t.anon().from('contacts').insert({ name: 'Penguji', email: `sambung-${Date.now()}@example.com`, message: 'Setelah koneksi terputus' });
    expect(error).toBeNull();
  });
});
