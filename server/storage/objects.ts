import type { Context } from 'hono';
import { unlinkAfterBackups } from '../db/backup-lock.ts';
import { callerOf } from './caller.ts';
import { deleteObjects, findBucket, findObject, type StorageCaller } from './db.ts';
import { errors } from './errors.ts';
import { mustBeValidObjectName, splitBucketAndName } from './paths.ts';
import type { StorageDeps } from './routes/deps.ts';
import { log } from '../observability/log.ts';

/** The URL path after `/object/`, still percent-encoded. */
export function objectPath(c: Context): string {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf('/object/');
  return at === -1 ? '' : pathname.slice(at + '/object/'.length);
}

/** `/object/public/…` and `/render/image/public/…`: no token, the bucket must be public. */
export async function publicRow({ ctx }: StorageDeps, rest: string) {
  const { bucket, name } = splitBucketAndName(rest);
  const found = await findBucket(ctx, bucket);
  if (!found || !found.public) throw errors.noSuchBucket();
  const row = await findObject(ctx, null, bucket, mustBeValidObjectName(name));
  if (!row) throw errors.noSuchKey();
  return row;
}

/** Read as the caller, so SELECT policies decide. */
export async function callerRow({ ctx }: StorageDeps, c: Context, rest: string) {
  const { bucket, name } = splitBucketAndName(rest);
  const caller = await callerOf(ctx, c);
  if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
  const row = await findObject(ctx, caller, bucket, mustBeValidObjectName(name));
  if (!row) throw errors.noSuchKey();
  return row;
}

/** A backup copying files keeps the bytes of rows it exported (db/backup-lock.ts). */
export function removeFile({ ctx, store }: StorageDeps, bucket: string, version: string): Promise<void> {
  return unlinkAfterBackups(ctx.db, `${bucket}/${version}`, () => store.remove(bucket, version))
    .catch((error: unknown) => log.error({ err: error }, '[storage] unlink failed'));
}

/**
 * Persist, commit, publish: the staged bytes go where they are kept (the S3 bucket) before the
 * row naming them commits, so no row ever names bytes that are not there; a refused commit takes
 * them away again. After the commit, a crash is repaired at the next start (recovery.ts).
 */
export async function commitStaged<T>({ store }: StorageDeps, bucket: string, version: string, commit: () => Promise<T>): Promise<T> {
  try {
    await store.persist(bucket, version);
  } catch (error) {
    await store.discard(version);
    throw error;
  }
  let result: T;
  try {
    result = await commit();
  } catch (error) {
    await store.discard(version);
    await store.unpersist(bucket, version).catch((err: unknown) => log.error({ err }, '[storage] an uncommitted upload could not be removed; the next start sweeps it'));
    throw error;
  }
  await store.publish(bucket, version);
  return result;
}

export async function removeObjects(deps: StorageDeps, caller: StorageCaller, bucket: string, names: string[]) {
  const rows = await deleteObjects(deps.ctx, caller, bucket, names);
  // rows are gone for good once committed; a crash before these unlinks leaves orphans that
  // the next start sweeps
  for (const row of rows) {
    const version = row.version;
    if (typeof version === 'string') await removeFile(deps, bucket, version);
  }
  return rows;
}
