import type { Hono } from 'hono';
import { chunksOf } from '../body.ts';
import { callerOf } from '../caller.ts';
import { asCaller, commitWrite, findBucket, findObject, probeWrite, type StorageCaller, type NewObject } from '../db.ts';
import { Rollback } from '../../db/adapter.ts';
import { errors } from '../errors.ts';
import { isMimeTypeAllowed } from '../mime.ts';
import { commitStaged, removeFile, removeObjects } from '../objects.ts';
import { mustBeValidBucketId, mustBeValidObjectName } from '../paths.ts';
import { readJson } from '../request.ts';
import type { StorageDeps } from './deps.ts';
import { GLOBAL_FILE_SIZE_LIMIT } from './object/create-object.ts';

interface Transfer { bucket: string; source: string; destBucket: string; dest: string }

/**
 * moveObject and copyObject (POST /object/move, /object/copy) as supabase/storage answers them,
 * every check made by the caller's policies: the source must be readable (copy) or updatable
 * (move in a bucket), the destination insertable, and an existing destination is a 409.
 */
export function moveCopyRoutes(app: Hono, deps: StorageDeps): void {
  app.post('/object/move', async (c) => {
    const caller = await callerOf(deps.ctx, c);
    const t = transferOf(await readJson(c));
    await mustExist(deps, t);
    if (t.destBucket === t.bucket) await renameInBucket(deps, caller, t);
    else {
      await probeRemoval(deps, caller, t);
      await copy(deps, caller, t);
      await removeObjects(deps, caller, t.bucket, [t.source]);
    }
    return c.json({ message: 'Successfully moved' });
  });

  app.post('/object/copy', async (c) => {
    const caller = await callerOf(deps.ctx, c);
    const t = transferOf(await readJson(c));
    await mustExist(deps, t);
    const id = await copy(deps, caller, t);
    return c.json({ Id: id, Key: `${t.destBucket}/${t.dest}` });
  });
}

function transferOf(body: Record<string, unknown>): Transfer {
  for (const key of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
    if (typeof body[key] !== 'string') throw errors.invalidRequest(`body must have required property '${key}'`);
  }
  const bucket = mustBeValidBucketId(body.bucketId as string);
  const destBucket = typeof body.destinationBucket === 'string' && body.destinationBucket !== '' ? mustBeValidBucketId(body.destinationBucket) : bucket;
  return { bucket, source: mustBeValidObjectName(body.sourceKey as string), destBucket, dest: mustBeValidObjectName(body.destinationKey as string) };
}

async function mustExist({ ctx }: StorageDeps, t: Transfer): Promise<void> {
  if (!(await findBucket(ctx, t.bucket)) || !(await findBucket(ctx, t.destBucket))) throw errors.noSuchBucket();
}

/** One UPDATE as the caller: its USING policy must let it touch the source, its WITH CHECK accept the new name. */
async function renameInBucket({ ctx }: StorageDeps, caller: StorageCaller, t: Transfer): Promise<void> {
  const moved = await asCaller(ctx, caller, 'storage.object.move', async (tx) => (await tx.query(
    `update storage.objects set name = $3, last_accessed_at = now()
     where bucket_id = $1 and name = $2 returning id`, [t.bucket, t.source, t.dest])).rows.length);
  if (moved === 0) throw errors.noSuchKey();
}

/** A move between buckets removes the source: the caller must be allowed to, which is asked first and rolled back. */
async function probeRemoval({ ctx }: StorageDeps, caller: StorageCaller, t: Transfer): Promise<void> {
  const removable = await asCaller(ctx, caller, 'storage.object.move', async (tx) => {
    const { rows } = await tx.query('delete from storage.objects where bucket_id = $1 and name = $2 returning id', [t.bucket, t.source]);
    throw new Rollback(rows.length);
  });
  if (removable === 0) throw errors.noSuchKey();
}

/**
 * New bytes under a new version, written as an upload is: the destination row is probed as the
 * caller before a byte is copied, the file is complete before the row commits, and only then is
 * it published, so a crash leaves what recovery.ts already repairs.
 */
async function copy(deps: StorageDeps, caller: StorageCaller, t: Transfer): Promise<string> {
  const { ctx, store } = deps;
  const row = await findObject(ctx, caller, t.bucket, t.source);
  if (!row) throw errors.noSuchKey();
  const destBucket = (await findBucket(ctx, t.destBucket))!;
  const draft: NewObject = {
    bucket: t.destBucket, name: t.dest, upsert: false, version: '00000000-0000-4000-8000-000000000000',
    metadata: {}, userMetadata: row.user_metadata,
  };
  await probeWrite(ctx, caller, 'storage.object.copy', draft);
  const opened = await store.open(row.bucket_id, row.version);
  if (!opened) throw errors.noSuchKey();
  const mimetype = row.metadata?.mimetype ?? 'application/octet-stream';
  const limit = Math.min(destBucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  const received = await store.receive(chunksOf(opened.stream()), {
    limit,
    inspect: async () => {
      if (!isMimeTypeAllowed(mimetype, destBucket.allowed_mime_types)) throw errors.invalidMimeType(mimetype);
      return mimetype;
    },
  }).finally(() => opened.close());
  const result = await commitStaged(deps, t.destBucket, received.version, () => commitWrite(ctx, caller, 'storage.object.copy', {
    ...draft,
    version: received.version,
    metadata: { ...row.metadata, eTag: received.eTag, size: received.size, contentLength: received.size, mimetype, lastModified: new Date().toISOString() },
  }));
  if (result.replacedVersion && result.replacedVersion !== received.version) await removeFile(deps, t.destBucket, result.replacedVersion);
  return result.id;
}
