import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { log } from '../observability/log.ts';
import { ownerCan, SYSTEM_USER, type Owner } from './system-user.ts';

/**
 * As root, PostgreSQL runs as the system user, which often cannot enter where the operator
 * unpacked the site (a clone under /root is mode 0700). Rather than refuse, what that user must
 * reach (the binaries, the cluster and its socket) is placed under this machine-wide directory.
 */
export const sharedRoot = () => path.resolve(process.env.PG_SHARED_DIR || '/var/lib/skadron-website');

function ensureSharedRoot(owner: Owner): string {
  const root = sharedRoot();
  try {
    mkdirSync(root, { recursive: true, mode: 0o755 });
    chmodSync(root, 0o755);
  } catch (error) {
    throw new Error(`Cannot create ${root} for the embedded database (${(error as Error).message}). Create it (mkdir -p ${root}), or set PG_SHARED_DIR to a directory the user "${SYSTEM_USER}" can enter.`);
  }
  if (!ownerCan(owner, '-x', root)) {
    throw new Error(`The user "${SYSTEM_USER}" cannot enter ${root}. Allow it (chmod o+x ${blockingParents(root, owner).join(' ')}), or set PG_SHARED_DIR elsewhere.`);
  }
  return root;
}

export interface Binaries { initdb: string; postgres: string }

/**
 * The platform package's `native/` tree, copied once per version to where the system user can run
 * it. The binaries find their libraries and share/ relative to themselves, so a copy works as is.
 */
export function reachableBinaries(bin: Binaries, owner: Owner | undefined): Binaries {
  if (!owner || ownerCan(owner, '-x', bin.postgres)) return bin;
  const nativeDir = path.resolve(path.dirname(bin.postgres), '..');
  const pkg = JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { name: string; version: string };
  const target = path.join(ensureSharedRoot(owner), `${pkg.name.replace(/[@/]/g, '_')}-${pkg.version}`);
  const relocate = (file: string) => path.join(target, path.relative(nativeDir, file));
  if (!existsSync(path.join(target, '.complete'))) {
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    cpSync(path.join(nativeDir, 'pg-symlinks.json'), path.join(partial, '.complete'));
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
  }
  const moved = { initdb: relocate(bin.initdb), postgres: relocate(bin.postgres) };
  if (!ownerCan(owner, '-x', moved.postgres)) {
    throw new Error(`The user "${SYSTEM_USER}" cannot run ${moved.postgres}. Allow it: chmod -R a+rX ${target}`);
  }
  return moved;
}

export interface ClusterLocation {
  /** Where PostgreSQL's files and socket really are (paths the system user can reach). */
  dbDir: string;
  runDir: string;
}

/**
 * DATA_DIR/db and DATA_DIR/run, or, when the system user cannot enter DATA_DIR, a directory of
 * their own under the shared root that DATA_DIR/db and DATA_DIR/run link to, so every other tool
 * (operator commands, backups) still finds the cluster through DATA_DIR.
 */
export function clusterLocation(dataDirGiven: string, owner: Owner | undefined): ClusterLocation {
  // Absolute: a relative path would be resolved from our working directory, past the parents.
  const dataDir = path.resolve(dataDirGiven);
  const inside = { dbDir: path.join(dataDir, 'db'), runDir: path.join(dataDir, 'run') };
  if (!owner) return inside;
  // Our own directory needs traversal only; its files keep their own modes.
  const st = statSync(dataDir);
  if ((st.mode & 0o001) === 0 && st.uid !== owner.uid) chmodSync(dataDir, st.mode | 0o001);
  if (ownerCan(owner, '-x', dataDir) && !isLink(inside.dbDir)) return inside;

  if (existsSync(inside.dbDir) && !isLink(inside.dbDir)) {
    throw new Error(
      `The embedded database in ${inside.dbDir} runs as the system user "${SYSTEM_USER}", which cannot enter a directory above it. ` +
      `Allow traversal (chmod o+x ${blockingParents(dataDir, owner).join(' ')}), or move DATA_DIR elsewhere.`,
    );
  }
  const home = path.join(ensureSharedRoot(owner), 'clusters', createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16));
  const outside = { dbDir: path.join(home, 'db'), runDir: path.join(home, 'run') };
  mkdirSync(home, { recursive: true, mode: 0o755 });
  chmodSync(path.dirname(home), 0o755);
  chownSync(home, owner.uid, owner.gid);
  if (!isLink(inside.dbDir) && existsSync(outside.dbDir)) {
    // DATA_DIR has no cluster (its link was removed with it): what is left here is not this site's.
    log.info(`[db] removing ${outside.dbDir}: DATA_DIR no longer points to it`);
    rmSync(outside.dbDir, { recursive: true, force: true });
  }
  for (const [link, target] of [[inside.dbDir, outside.dbDir], [inside.runDir, outside.runDir]] as const) {
    if (isLink(link) && readlinkSync(link) === target) continue;
    rmSync(link, { recursive: true, force: true });
    symlinkSync(target, link);
  }
  return outside;
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The directories above `dir`, outermost first, that the system user cannot enter. */
function blockingParents(dir: string, owner: Owner): string[] {
  const blocking: string[] = [];
  for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    if (!ownerCan(owner, '-x', parent)) blocking.unshift(parent);
  }
  return blocking;
}
