import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { waitUntilAccepting } from '../../server/db/wait-ready.ts';
import { freePort } from './free-port.ts';
import { startTestServer, type TestServer } from './server.ts';

const BIN = '/usr/lib/postgresql/15/bin';

export interface Postgres15 {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

function asPostgres(args: string[]): string[] {
  return process.getuid?.() === 0 ? ['-u', 'postgres', '--', ...args] : args;
}

/**
 * A throwaway PostgreSQL 15 cluster on 127.0.0.1 (about a second to start). initdb refuses to
 * run as root, so as root it runs as the postgres user in a directory that user owns.
 */
export async function startPostgres15(): Promise<Postgres15> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg15-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const root = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    root ? execFileSync('runuser', asPostgres([cmd, ...args]), { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  run(`${BIN}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const args = ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off',
    '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'];
  const child: ChildProcess = root
    ? spawn('runuser', asPostgres([`${BIN}/postgres`, ...args]), { stdio: 'ignore' })
    : spawn(`${BIN}/postgres`, args, { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitUntilAccepting(url, { timeoutMs: 15_000, intervalMs: 100 });
  let counter = 0;
  return {
    url,
    port,
    async createDatabase(name = `test_${process.pid}_${Date.now()}_${counter++}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // runuser does not forward signals: stop the postmaster by its own pid ("fast" shutdown).
        const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A test server in the DATABASE_URL mode on a throwaway PostgreSQL 15 cluster (default settings). */
export async function startServerOnPostgres15(): Promise<TestServer & { stopAll(): Promise<void> }> {
  const cluster = await startPostgres15();
  const server = await startTestServer({ databaseUrl: await cluster.createDatabase() });
  return Object.assign(server, {
    async stopAll() {
      await server.stop();
      await cluster.stop();
    },
  });
}
