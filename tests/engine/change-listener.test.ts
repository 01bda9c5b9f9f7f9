import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Db } from '../../server/db/adapter.ts';

/**
 * The realtime feed learns of new changes through LISTEN. A dropped listening connection (a
 * restarted database, a terminated backend) must not leave the server deaf until it restarts.
 */
let db: Db;
const base = process.env.TEST_DATABASE_URL_BASE!;

beforeAll(async () => {
  db = await openPostgres(base, { poolSize: 2, anonymousConcurrency: 1 });
});
afterAll(() => db.close());

async function notify(channel: string, payload: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query('select pg_notify($1, $2)', [channel, payload]);
  } finally {
    await client.end();
  }
}

test('after its connection is killed the listener reconnects, says so with an empty payload, and hears new notifications', async () => {
  const heard: string[] = [];
  const stop = await db.listen('listener_test', (payload) => heard.push(payload));
  await notify('listener_test', 'before');
  await expect.poll(() => heard).toEqual(['before']);

  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const { rows } = await admin.query<{ killed: boolean }>(
    "select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = 'skadron-listen' and datname = current_database()",
  );
  await admin.end();
  expect(rows.length).toBeGreaterThan(0);

  await expect.poll(() => heard, { timeout: 10_000 }).toContain('');
  await notify('listener_test', 'after');
  await expect.poll(() => heard, { timeout: 10_000 }).toContain('after');
  await stop();
});
