import type { Hono } from 'hono';
import { callerOf } from '../../caller.ts';
import { findBucket, listObjects } from '../../db.ts';
import { errors } from '../../errors.ts';
import { mustBeValidBucketId } from '../../paths.ts';
import { parseListBody, readJson } from '../../request.ts';
import type { StorageDeps } from '../deps.ts';

/** POST /object/list/{bucket}: one folder level, as the caller's SELECT policies show it (listObjects). */
export function listObjectsRoutes(app: Hono, { ctx }: StorageDeps): void {
  app.post('/object/list/:bucket', async (c) => {
    const bucket = mustBeValidBucketId(c.req.param('bucket'));
    const caller = await callerOf(ctx, c);
    if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
    return c.json(await listObjects(ctx, caller, bucket, parseListBody(await readJson(c))));
  });
}
