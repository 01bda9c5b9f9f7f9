/**
 * The embedded PostgreSQL server under `npm start`'s supervision, driven as an operator would:
 * the server runs as its own process on a DATA_DIR, and is killed with SIGKILL.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runningClusterUrl, startEmbedded } from '../../server/db/embedded.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { anonKeyOf, exited, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-engine-'));
const children: ChildProcess[] = [];

/** The server the last start brought up. */
let current: ServerProcess | undefined;

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', SERVE_SITE: 'false', RATE_LIMIT_SCALE: '1000', DATABASE_URL: '',
  });
  children.push(server.process);
  current = server;
  return server;
}

/**
 * Inserts contact messages until `stop()`, at most 6 per worker: the contact form's flood guard
 * refuses more than 60 messages a minute, and both tests together stay below that.
 */
function writeContacts(url: string, key: string, tag: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  const worker = async (w: number) => {
    for (let i = 0; !stopped && i < 6; i++) {
      const email = `${tag}-${w}-${i}@example.com`;
      try {
        const response = await fetch(`${url}/rest/v1/contacts`, {
          method: 'POST',
          headers: { apikey: key, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
          body: JSON.stringify({ name: 'Penguji', email, message: 'Pesan uji ketahanan' }),
        });
        if (response.status === 201) acknowledged.push(email);
        else if (!stopped) throw new Error(`insert answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        if (!stopped && !(error instanceof TypeError)) throw error;
        return; // the connection died with the server: not acknowledged
      }
    }
  };
  const running = Promise.all([0, 1, 2, 3].map(worker));
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

async function storedContacts(tag: string): Promise<Set<string>> {
  const url = runningClusterUrl(dataDir);
  expect(url).toBeDefined();
  const db = await openPostgres(url!, { poolSize: 1, anonymousConcurrency: 1 });
  try {
    const { rows } = await db.query<{ email: string }>('select email from public.contacts where email like $1', [`${tag}-%`]);
    return new Set(rows.map((r) => r.email));
  } finally {
    await db.close();
  }
}

const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  }
  // A postmaster left by a failed test: stop it by its own pid before removing its directory.
  try { process.kill(postmasterPid(), 'SIGQUIT'); } catch { /* none left */ }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL under supervision', () => {
  test('after kill -9 of Node alone, the next start takes the cluster over and every acknowledged write is there', async () => {
    let server = await startServer();
    const key = await anonKeyOf(server.url);
    const writes = writeContacts(server.url, key, 'node');
    await expect.poll(() => writes.acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(12);
    const oldPostmaster = postmasterPid();
    server.process.kill('SIGKILL');
    await exited(server.process);
    await writes.stop();
    // The database outlived its supervisor...
    expect(() => process.kill(oldPostmaster, 0)).not.toThrow();

    server = await startServer();
    // ...and the new start stopped it and runs its own.
    expect(postmasterPid()).not.toBe(oldPostmaster);
    const stored = await storedContacts('node');
    for (const email of writes.acknowledged) expect(stored.has(email), email).toBe(true);
    const response = await fetch(`${server.url}/rest/v1/articles?select=id`, { headers: { apikey: key } });
    expect(response.status).toBe(200);
  }, 120_000);

  test('after kill -9 of Node and every PostgreSQL process, crash recovery keeps every acknowledged write', async () => {
    const server = current!;
    const key = await anonKeyOf(server.url);
    const writes = writeContacts(server.url, key, 'all');
    await expect.poll(() => writes.acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(12);
    // SIGKILL Node, the postmaster and every process it forked, at once.
    const postmaster = postmasterPid();
    const forked = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
    for (const pid of [server.process.pid!, postmaster, ...forked]) process.kill(pid, 'SIGKILL');
    await exited(server.process);
    await writes.stop();

    await startServer();
    const stored = await storedContacts('all');
    expect(writes.acknowledged.length).toBeGreaterThanOrEqual(12);
    for (const email of writes.acknowledged) expect(stored.has(email), email).toBe(true);
  }, 120_000);

  test('a second server on the same DATA_DIR is refused instead of taking the database away', async () => {
    await expect(startServer()).rejects.toThrow(/Another server \(pid \d+\) is already running on this DATA_DIR/);
  }, 60_000);

  test('a DATA_DIR from the old PGlite engine is refused with what to do', async () => {
    const old = mkdtempSync(path.join(os.tmpdir(), 'skd-pglite-'));
    try {
      mkdirSync(path.join(old, 'db'));
      writeFileSync(path.join(old, 'db', 'PG_VERSION'), '18\n'); // what PGlite 0.5 writes
      await expect(startEmbedded(old, { size: { maxConnections: 10, sharedBuffers: '16MB' } }))
        .rejects.toThrow(/old embedded engine \(PGlite\).*move that db directory away/);
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });
});
