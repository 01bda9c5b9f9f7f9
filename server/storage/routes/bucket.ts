import type { Hono } from 'hono';
import { callerOf } from '../caller.ts';
import { listBuckets } from '../db.ts';
import { errors } from '../errors.ts';
import { mustBeValidBucketId } from '../paths.ts';
import type { StorageDeps } from './deps.ts';

/** GET /bucket and /bucket/{id}: the buckets the caller's policies show (getAllBuckets, getBucket). */
export function bucketRoutes(app: Hono, { ctx }: StorageDeps): void {
  app.get('/bucket', async (c) => c.json(await listBuckets(ctx, await callerOf(ctx, c))));
  app.get('/bucket/:id', async (c) => {
    const id = mustBeValidBucketId(c.req.param('id'));
    const [bucket] = await listBuckets(ctx, await callerOf(ctx, c), id);
    if (!bucket) throw errors.noSuchBucket();
    return c.json(bucket);
  });
}
