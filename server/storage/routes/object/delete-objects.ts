import type { Hono } from 'hono';
import { callerOf } from '../../caller.ts';
import { findBucket } from '../../db.ts';
import { errors } from '../../errors.ts';
import { objectPath, removeObjects } from '../../objects.ts';
import { mustBeValidObjectName, splitBucketAndName } from '../../paths.ts';
import { readJson } from '../../request.ts';
import type { StorageDeps } from '../deps.ts';

const MAX_REMOVE_PREFIXES = 1000;

/** DELETE /object/{bucket}/{name} (deleteObject) and DELETE /object/{bucket} with `prefixes` (deleteObjects). */
export function deleteObjectsRoutes(app: Hono, deps: StorageDeps): void {
  app.delete('/object/*', async (c) => {
    const { bucket, name } = splitBucketAndName(objectPath(c));
    const caller = await callerOf(deps.ctx, c);
    if (!(await findBucket(deps.ctx, bucket))) throw errors.noSuchBucket();
    if (name !== '') {
      // one object: Supabase answers a message
      const removed = await removeObjects(deps, caller, bucket, [mustBeValidObjectName(name)]);
      if (removed.length === 0) throw errors.noSuchKey();
      return c.json({ message: 'Successfully deleted' });
    }
    const body = await readJson(c);
    const prefixes = (body as { prefixes?: unknown }).prefixes;
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string') || prefixes.length === 0) {
      throw errors.invalidRequest('body/prefixes must be a non-empty array of strings');
    }
    if (prefixes.length > MAX_REMOVE_PREFIXES) throw errors.invalidRequest(`body/prefixes must NOT have more than ${MAX_REMOVE_PREFIXES} items`);
    return c.json(await removeObjects(deps, caller, bucket, prefixes as string[]));
  });
}
