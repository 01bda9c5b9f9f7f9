import type { Context, Hono } from 'hono';
import { callerOf } from '../../caller.ts';
import { findBucket, findObject } from '../../db.ts';
import { serveObject } from '../../download.ts';
import { errors } from '../../errors.ts';
import { callerRow, objectPath, publicRow } from '../../objects.ts';
import { mustBeValidObjectName, splitBucketAndName } from '../../paths.ts';
import type { StorageDeps } from '../deps.ts';

/**
 * GET (and HEAD: Hono routes HEAD to GET handlers and drops the body) /object/public/…,
 * /object/authenticated/…, /object/{bucket}/… and /object/info/…: getPublicObject, getObject,
 * getObjectInfo.
 */
export function getObjectRoutes(app: Hono, deps: StorageDeps): void {
  app.get('/object/*', async (c) => {
    const rest = objectPath(c);
    if (rest.startsWith('public/')) return serveObject(c, deps.store, await publicRow(deps, rest.slice('public/'.length)));
    if (rest.startsWith('authenticated/')) return serveObject(c, deps.store, await callerRow(deps, c, rest.slice('authenticated/'.length)));
    if (rest.startsWith('info/')) return objectInfo(deps, c, rest.slice('info/'.length));
    return serveObject(c, deps.store, await callerRow(deps, c, rest));
  });
}

async function objectInfo({ ctx }: StorageDeps, c: Context, rest: string) {
  const { bucket, name } = splitBucketAndName(rest);
  const caller = await callerOf(ctx, c);
  if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
  const row = await findObject(ctx, caller, bucket, mustBeValidObjectName(name));
  if (!row) throw errors.noSuchKey();
  const meta = row.metadata ?? {};
  return c.json({
    id: row.id, name: row.name, version: row.version, bucket_id: row.bucket_id,
    size: meta.size ?? null, content_type: meta.mimetype ?? null, cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null, metadata: row.user_metadata ?? {}, last_modified: meta.lastModified ?? row.updated_at,
    created_at: row.created_at,
  });
}
