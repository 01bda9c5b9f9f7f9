/**
 * `kill -9` of the postmaster alone, while visitors write: Node stays up, says what is wrong on
 * /readyz, starts PostgreSQL again by itself and keeps every acknowledged write.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runningClusterUrl } from '../../server/db/embedded.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { anonKeyOf, exited, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-crash-'));
let server: ServerProcess | undefined;
const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);

afterAll(async () => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill('SIGTERM');
    await exited(server.process);
  }
  try { process.kill(postmasterPid(), 'SIGQUIT'); } catch { /* none left */ }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Contact messages sent until stop(), each worker at most `cap` acknowledged (the flood guard allows 60 a minute). */
function keepWriting(url: string, key: string, cap: number) {
  const acknowledged: string[] = [];
  let stopped = false;
  let sent = 0;
  const worker = async (w: number) => {
    let mine = 0;
    while (!stopped && mine < cap) {
      const email = `crash-${w}-${sent++}@example.com`;
      const status = await fetch(`${url}/rest/v1/contacts`, {
        method: 'POST',
        headers: { apikey: key, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify({ name: 'Penguji', email, message: 'Pesan uji ketahanan' }),
      }).then((r) => r.status, () => 0);
      if (status === 201) {
        acknowledged.push(email);
        mine += 1;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const running = Promise.all([0, 1, 2].map(worker));
  return { acknowledged, stop: async () => { stopped = true; await running; } };
}

describe('the postmaster killed during writes', () => {
  test('the site answers again by itself with every acknowledged write', async () => {
    server = await startServerProcess({
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', SERVE_SITE: 'false', RATE_LIMIT_SCALE: '1000', DATABASE_URL: '',
    });
    const key = await anonKeyOf(server.url);
    const writes = keepWriting(server.url, key, 12);
    await expect.poll(() => writes.acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    const before = postmasterPid();
    process.kill(before, 'SIGKILL');

    // Node stays up and tells a load balancer what is wrong
    await expect.poll(async () => {
      const res = await fetch(`${server!.url}/readyz`);
      return `${res.status} ${JSON.stringify(((await res.json()) as { checks: unknown }).checks)}`;
    }, { timeout: 15_000, interval: 100 }).toMatch(/^503 .*"database":"restarting: signal SIGKILL"/);

    // ...and comes back without anyone restarting it
    await expect.poll(async () => (await fetch(`${server!.url}/rest/v1/articles?select=id`, { headers: { apikey: key } })).status,
      { timeout: 60_000, interval: 250 }).toBe(200);
    const acknowledgedBefore = writes.acknowledged.length;
    await expect.poll(() => writes.acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(acknowledgedBefore);
    await writes.stop();
    expect(server.process.exitCode).toBeNull();
    expect(postmasterPid()).not.toBe(before);
    // a load balancer polls /readyz: it must come back to 200 (a pooled connection to the old
    // cluster may fail one probe while the pool replaces it)
    await expect.poll(async () => {
      const res = await fetch(`${server!.url}/readyz`);
      return `${res.status} ${await res.text()}`;
    }, { timeout: 15_000, interval: 250 }).toMatch(/^200 /);

    const db = await openPostgres(runningClusterUrl(dataDir)!, { poolSize: 1, anonymousConcurrency: 1 });
    try {
      const { rows } = await db.query<{ email: string }>("select email from public.contacts where email like 'crash-%'");
      const stored = new Set(rows.map((r) => r.email));
      for (const email of writes.acknowledged) expect(stored.has(email), email).toBe(true);
    } finally {
      await db.close();
    }
    expect(server.output.join('\n')).toMatch(/PostgreSQL stopped unexpectedly \(signal SIGKILL\)/);
  }, 180_000);
});
