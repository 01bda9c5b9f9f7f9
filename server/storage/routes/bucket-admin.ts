import type { Hono } from 'hono';
import { callerOf } from '../caller.ts';
import { asCaller } from '../db.ts';
import { errors } from '../errors.ts';
import { removeFile } from '../objects.ts';
import { mustBeValidBucketId } from '../paths.ts';
import { readJson } from '../request.ts';
import type { StorageDeps } from './deps.ts';
import { GLOBAL_FILE_SIZE_LIMIT } from './object/create-object.ts';

const MAX_BUCKET_NAME = 100;
// decimal units, as storage-api reads "20MB" (20,000,000 bytes)
const UNITS: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 };

/**
 * createBucket, updateBucket, deleteBucket and emptyBucket as supabase/storage answers them. Each
 * statement runs as the caller, so row-level security on storage.buckets and storage.objects
 * decides, as upstream: the service role may, and no policy of the site lets anyone else.
 */
export function bucketAdminRoutes(app: Hono, deps: StorageDeps): void {
  const { ctx } = deps;

  app.post('/bucket', async (c) => {
    const caller = await callerOf(ctx, c);
    const body = await readJson(c);
    if (typeof body.name !== 'string') throw errors.invalidRequest("body must have required property 'name'");
    const name = bucketName(body.name);
    const id = body.id === undefined ? name : bucketName(body.id);
    const settings = bucketSettings(body);
    await asCaller(ctx, caller, 'storage.bucket.create', async (tx) => {
      const exists = await tx.query('select 1 from storage.buckets where id = $1 or name = $2', [id, name]);
      if (exists.rows.length > 0) throw errors.bucketAlreadyExists();
      const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
      await tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, name, owner !== null && /^[0-9a-f-]{36}$/i.test(owner) ? owner : null, owner,
          settings.public ?? false, settings.fileSizeLimit ?? null, settings.allowedMimeTypes ?? null],
      );
    });
    return c.json({ name });
  });

  app.put('/bucket/:id', async (c) => {
    const id = mustBeValidBucketId(c.req.param('id'));
    const caller = await callerOf(ctx, c);
    const settings = bucketSettings(await readJson(c));
    const updated = await asCaller(ctx, caller, 'storage.bucket.update', async (tx) => (await tx.query(
      `update storage.buckets set public = coalesce($2, public),
         file_size_limit = case when $3::boolean then $4::bigint else file_size_limit end,
         allowed_mime_types = case when $5::boolean then $6::text[] else allowed_mime_types end,
         updated_at = now()
       where id = $1 returning id`,
      [id, settings.public ?? null, settings.fileSizeLimit !== undefined, settings.fileSizeLimit ?? null,
        settings.allowedMimeTypes !== undefined, settings.allowedMimeTypes ?? null],
    )).rows.length);
    if (updated === 0) throw errors.noSuchBucket();
    return c.json({ message: 'Successfully updated' });
  });

  app.delete('/bucket/:id', async (c) => {
    const id = mustBeValidBucketId(c.req.param('id'));
    const caller = await callerOf(ctx, c);
    const deleted = await asCaller(ctx, caller, 'storage.bucket.delete', async (tx) => {
      // objects the caller cannot see still keep the bucket: counted as the server
      await tx.query('set local role none');
      const held = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
      if (held.rows.length > 0) throw errors.bucketNotEmpty();
      await tx.query('select set_config($1, $2, true)', ['role', caller.claims.role]);
      return (await tx.query('delete from storage.buckets where id = $1 returning id', [id])).rows.length;
    });
    if (deleted === 0) throw errors.noSuchBucket();
    return c.json({ message: 'Successfully deleted' });
  });

  app.post('/bucket/:id/empty', async (c) => {
    const id = mustBeValidBucketId(c.req.param('id'));
    const caller = await callerOf(ctx, c);
    const removed = await asCaller(ctx, caller, 'storage.bucket.empty', async (tx) => {
      if ((await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length === 0) throw errors.noSuchBucket();
      return (await tx.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 returning version', [id])).rows;
    });
    for (const { version } of removed) if (version) await removeFile(deps, id, version);
    return c.json({ message: 'Successfully emptied' });
  });
}

function bucketName(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_BUCKET_NAME) throw errors.invalidBucketName();
  return mustBeValidBucketId(value);
}

interface BucketSettings { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null }

/** The optional settings of a create or update; a limit may be bytes or text such as "5MB", never above the global limit. */
function bucketSettings(body: Record<string, unknown>): BucketSettings {
  const out: BucketSettings = {};
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw errors.invalidRequest('body/public must be boolean');
    out.public = body.public;
  }
  if (body.file_size_limit !== undefined) out.fileSizeLimit = sizeLimit(body.file_size_limit);
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types;
    if (types !== null && (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))) {
      throw errors.invalidRequest('body/allowed_mime_types must be array');
    }
    const kept = types === null ? null : (types as string[]).filter(Boolean);
    if (kept?.some((t) => !/^[\w.+-]+\/(\*|[\w.+-]+)$/.test(t))) throw errors.invalidMimeType(kept.join(', '));
    out.allowedMimeTypes = kept;
  }
  return out;
}

function sizeLimit(value: unknown): number | null {
  if (value === null) return null;
  let bytes: number;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) bytes = value;
  else if (typeof value === 'string' && /^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i.test(value.trim())) {
    const [, n, unit] = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim())!;
    bytes = Math.floor(Number(n) * UNITS[(unit ?? 'b').toLowerCase()]);
  } else throw errors.invalidRequest('body/file_size_limit must be an integer or a size such as "5MB"');
  if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw errors.invalidRequest(`file_size_limit is larger than the server's limit of ${GLOBAL_FILE_SIZE_LIMIT} bytes`);
  return bytes === 0 ? null : bytes;
}
