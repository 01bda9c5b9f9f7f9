import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { sharedRoot } from '../db/reachable.ts';

/**
 * As root with a private DATA_DIR, DATA_DIR/db and DATA_DIR/run are links into a cluster home
 * named after DATA_DIR's real path (server/db/reachable.ts clusterLocation). A restore builds the
 * site in one directory and moves it to another, so the home must move with it, or the next
 * start would find no cluster under the new name.
 */
const linkTarget = (file: string): string | undefined => {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : undefined;
  } catch {
    return undefined;
  }
};

/** The linked cluster home of a DATA_DIR, if its cluster lives outside it. */
export function linkedHome(dataDir: string): string | undefined {
  const target = linkTarget(path.join(dataDir, 'db'));
  return target ? path.dirname(target) : undefined;
}

/** The home clusterLocation gives a DATA_DIR at this (existing) path. */
function homeFor(dataDir: string): string {
  return path.join(sharedRoot(), 'clusters', createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16));
}

/** Renames a DATA_DIR, moving its linked cluster home (if any) to the name the new path gets. */
export async function moveDataDir(from: string, to: string): Promise<void> {
  const home = linkedHome(from);
  await rename(from, to);
  if (!home) return;
  const newHome = homeFor(to);
  if (newHome !== home) {
    await rm(newHome, { recursive: true, force: true });
    if (existsSync(home)) await rename(home, newHome);
  }
  for (const name of ['db', 'run']) {
    const link = path.join(to, name);
    if (!linkTarget(link)) continue;
    await rm(link, { force: true });
    await symlink(path.join(newHome, name), link);
  }
}

/** Deletes a DATA_DIR and its linked cluster home. */
export async function removeDataDir(dataDir: string): Promise<void> {
  const home = linkedHome(dataDir);
  if (home) await rm(home, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
