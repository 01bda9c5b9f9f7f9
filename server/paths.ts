import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project directory (the one holding package.json), found from this module's location so
 * the same code works from server/*.ts under tsx and from the bundle in dist-server/.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the project directory (package.json) above the server code');
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot();
export const fromRoot = (...parts: string[]) => path.join(ROOT, ...parts);
