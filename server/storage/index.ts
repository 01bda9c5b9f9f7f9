import { Hono, type Context } from 'hono';
import { unlinkAfterBackups } from '../backup/file-guard.ts';
import type { ServerContext } from '../context.ts';
import type { JwtClaims } from '../db/request-context.ts';
import { CallerError, identifyCaller } from '../http/caller.ts';
import { chunksOf, parseMultipart, requestStream } from './body.ts';
import {
  commitWrite, deleteObjects, findBucket, findObject, listBuckets, listObjects, probeWrite,
  type Bucket, type Caller, type NewObject,
} from './db.ts';
import { FileStore, type ReceivedFile } from './disk.ts';
import { serveObject } from './download.ts';
import { errorResponse, errors, StorageError } from './errors.ts';
import { cleanUploadedImage } from './images.ts';
import { baseMimeType, detectMimeType, isMimeTypeAllowed } from './mime.ts';
import { mustBeValidBucketId, mustBeValidObjectName, splitBucketAndName } from './paths.ts';
import { recoverStorage } from './recovery.ts';
import { createRenderer, parseTransform } from './render.ts';
import { cacheControlFromField, cacheControlFromHeader, parseListBody, parseMetadata, readJson } from './request.ts';
import { log } from '../observability/log.ts';
import { requestIdOf } from '../observability/requests.ts';

/** Upper bound for any upload, like Supabase's global limit (buckets may only lower it). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
const MAX_REMOVE_PREFIXES = 1000;

export { FileStore } from './disk.ts';
export { recoverStorage } from './recovery.ts';

/** Reconciles DATA_DIR/storage with storage.objects after a restart (see recovery.ts). */
export async function recoverStorageFiles(ctx: ServerContext): Promise<void> {
  const report = await recoverStorage(ctx.db, new FileStore(ctx.config.dataDir));
  const changed = report.completed + report.discardedTemp + report.removedOrphans;
  if (changed > 0) {
    log.warn(`[storage] recovered after restart: ${report.completed} upload(s) completed, `
      + `${report.discardedTemp} unfinished upload(s) and ${report.removedOrphans} orphan file(s) removed`);
  }
}

/**
 * Storage-compatible API (`/storage/v1`): objects in storage.objects guarded by the app's storage
 * policies, bytes on local disk under DATA_DIR/storage. The server runs recoverStorageFiles()
 * before it listens, so files and rows left by a crash are reconciled before any request.
 */
export function createStorageApp(ctx: ServerContext): Hono {
  const store = new FileStore(ctx.config.dataDir);
  const renderObject = createRenderer(store, {
    cacheBytes: ctx.config.renderCacheMb * 1024 * 1024,
    queueLength: ctx.config.renderQueue,
    rateLimitScale: ctx.config.rateLimitScale,
    trustProxy: ctx.config.trustProxy,
  });
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof StorageError) return errorResponse(c, error);
    // the client went away mid-upload: nothing to log, and nobody will read the answer
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || error.message === 'aborted') {
      return errorResponse(c, errors.invalidRequest('The request body ended early'));
    }
    log.error({ err: error, reqId: requestIdOf(c), method: c.req.method, path: c.req.path }, '[storage] request failed');
    return errorResponse(c, errors.internal());
  });

  app.get('/bucket', async (c) => c.json(await listBuckets(ctx, await callerOf(ctx, c))));
  app.get('/bucket/:id', async (c) => {
    const id = mustBeValidBucketId(c.req.param('id'));
    const [bucket] = await listBuckets(ctx, await callerOf(ctx, c), id);
    if (!bucket) throw errors.noSuchBucket();
    return c.json(bucket);
  });

  app.post('/object/list/:bucket', async (c) => {
    const bucket = mustBeValidBucketId(c.req.param('bucket'));
    const caller = await callerOf(ctx, c);
    if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
    return c.json(await listObjects(ctx, caller, bucket, parseListBody(await readJson(c))));
  });

  // GET also answers HEAD (Hono routes HEAD to GET handlers and drops the body)
  app.get('/object/*', async (c) => {
    const rest = objectPath(c);
    if (rest.startsWith('public/')) return downloadPublic(c, rest.slice('public/'.length));
    if (rest.startsWith('authenticated/')) return downloadAuthenticated(c, rest.slice('authenticated/'.length));
    if (rest.startsWith('info/')) return objectInfo(c, rest.slice('info/'.length));
    return downloadAuthenticated(c, rest);
  });

  // Supabase's image transformation (storage-js getPublicUrl/download with `transform`)
  app.get('/render/image/*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const rest = pathname.slice(pathname.indexOf('/render/image/') + '/render/image/'.length);
    const transform = parseTransform(c.req.query());
    if (rest.startsWith('public/')) return renderObject(c, await publicRow(rest.slice('public/'.length)), transform);
    if (rest.startsWith('authenticated/')) return renderObject(c, await callerRow(c, rest.slice('authenticated/'.length)), transform);
    return unsupported(c);
  });

  app.post('/object/*', (c) => {
    if (UNSUPPORTED_OBJECT_ROUTES.test(objectPath(c))) return unsupported(c);
    return upload(c, 'POST');
  });
  app.put('/object/*', (c) => {
    if (UNSUPPORTED_OBJECT_ROUTES.test(objectPath(c))) return unsupported(c);
    return upload(c, 'PUT');
  });

  app.delete('/object/*', async (c) => {
    const { bucket, name } = splitBucketAndName(objectPath(c));
    const caller = await callerOf(ctx, c);
    if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
    if (name !== '') {
      // DELETE /object/{bucket}/{name}: one object, Supabase answers a message
      const removed = await removeObjects(caller, bucket, [mustBeValidObjectName(name)]);
      if (removed.length === 0) throw errors.noSuchKey();
      return c.json({ message: 'Successfully deleted' });
    }
    const body = await readJson(c);
    const prefixes = (body as { prefixes?: unknown }).prefixes;
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string') || prefixes.length === 0) {
      throw errors.invalidRequest('body/prefixes must be a non-empty array of strings');
    }
    if (prefixes.length > MAX_REMOVE_PREFIXES) throw errors.invalidRequest(`body/prefixes must NOT have more than ${MAX_REMOVE_PREFIXES} items`);
    return c.json(await removeObjects(caller, bucket, prefixes as string[]));
  });

  // mounted under the site, an unknown storage route must not fall through to the SPA's HTML
  app.all('*', unsupported);

  /** A backup copying files keeps the bytes of rows it exported (backup/file-guard.ts). */
  function removeFile(bucket: string, version: string): Promise<void> {
    return unlinkAfterBackups(ctx.db, `${bucket}/${version}`, () => store.remove(bucket, version))
      .catch((error: unknown) => log.error({ err: error }, '[storage] unlink failed'));
  }

  async function removeObjects(caller: Caller, bucket: string, names: string[]) {
    const rows = await deleteObjects(ctx, caller, bucket, names);
    // rows are gone for good once committed; a crash before these unlinks leaves orphans that
    // the next start sweeps
    for (const row of rows) {
      const version = row.version;
      if (typeof version === 'string') await removeFile(bucket, version);
    }
    return rows;
  }

  /** `/object/public/…` and `/render/image/public/…`: no token, the bucket must be public. */
  async function publicRow(rest: string) {
    const { bucket, name } = splitBucketAndName(rest);
    const found = await findBucket(ctx, bucket);
    if (!found || !found.public) throw errors.noSuchBucket();
    const row = await findObject(ctx, null, bucket, mustBeValidObjectName(name));
    if (!row) throw errors.noSuchKey();
    return row;
  }

  /** Read as the caller, so SELECT policies decide. */
  async function callerRow(c: Context, rest: string) {
    const { bucket, name } = splitBucketAndName(rest);
    const caller = await callerOf(ctx, c);
    if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
    const row = await findObject(ctx, caller, bucket, mustBeValidObjectName(name));
    if (!row) throw errors.noSuchKey();
    return row;
  }

  const downloadPublic = async (c: Context, rest: string) => serveObject(c, store, await publicRow(rest));
  const downloadAuthenticated = async (c: Context, rest: string) => serveObject(c, store, await callerRow(c, rest));

  async function objectInfo(c: Context, rest: string) {
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

  async function upload(c: Context, method: 'POST' | 'PUT') {
    const { bucket: bucketId, name: rawName } = splitBucketAndName(objectPath(c));
    const name = mustBeValidObjectName(rawName);
    const caller = await callerOf(ctx, c);
    const bucket = await findBucket(ctx, bucketId);
    if (!bucket) throw errors.noSuchBucket();
    const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
    const upsert = method === 'PUT' || c.req.header('x-upsert') === 'true';
    const operation = method === 'PUT' ? 'storage.object.update' : 'storage.object.upload';
    const contentType = c.req.header('content-type') ?? '';
    const multipart = /^multipart\/form-data/i.test(contentType);
    if (!multipart) {
      if (Number(c.req.header('content-length') ?? 0) > limit) throw errors.entityTooLarge();
      const claimed = baseMimeType(contentType) || 'application/octet-stream';
      if (!isMimeTypeAllowed(claimed, bucket.allowed_mime_types)) throw errors.invalidMimeType(claimed);
    }

    const draft: NewObject = {
      bucket: bucketId, name, upsert, version: '00000000-0000-4000-8000-000000000000', metadata: {}, userMetadata: null,
    };
    // refuse before reading a byte when the policies say no (or the key exists without upsert)
    await probeWrite(ctx, caller, operation, draft);

    const input = requestStream(c);
    let received: ReceivedFile;
    let cacheControl: string;
    let rawMetadata: string | undefined;
    if (multipart) {
      let stored: ReceivedFile | undefined;
      const result = await parseMultipart(input, { 'content-type': contentType }, limit, async (file) => {
        const claimed = baseMimeType(file.mimeType) || 'application/octet-stream';
        if (!isMimeTypeAllowed(claimed, bucket.allowed_mime_types)) throw errors.invalidMimeType(claimed);
        stored = await store.receive(chunksOf(file.stream), { limit, inspect: (head) => inspectType(head, claimed, bucket) });
        return stored;
      }).catch(async (error: unknown) => {
        // the file part was complete but the rest of the form never came
        if (stored) await store.discard(stored.version);
        throw error;
      });
      received = result.file;
      cacheControl = cacheControlFromField(result.fields.cacheControl);
      rawMetadata = result.fields.metadata;
    } else {
      const claimed = baseMimeType(contentType) || 'application/octet-stream';
      received = await store.receive(chunksOf(input), { limit, inspect: (head) => inspectType(head, claimed, bucket, contentType) });
      cacheControl = cacheControlFromHeader(c.req.header('cache-control'));
      const header = c.req.header('x-metadata');
      rawMetadata = header === undefined ? undefined : Buffer.from(header, 'base64').toString('utf8');
    }

    // metadata (EXIF, GPS, XMP) never reaches storage, whoever uploads: supabase-js, curl, the site
    try {
      received = await cleanUploadedImage(store, received, limit);
    } catch (error) {
      await store.discard(received.version);
      throw error;
    }

    let result: { id: string; replacedVersion: string | null };
    try {
      const object: NewObject = {
        ...draft,
        version: received.version,
        userMetadata: parseMetadata(rawMetadata),
        metadata: {
          eTag: received.eTag,
          size: received.size,
          mimetype: received.mimetype,
          cacheControl,
          lastModified: new Date().toISOString(),
          contentLength: received.size,
          httpStatusCode: 200,
        },
      };
      result = await commitWrite(ctx, caller, operation, object);
    } catch (error) {
      await store.discard(received.version);
      throw error;
    }
    // committed: from here a crash is repaired at the next start (recovery.ts)
    await store.publish(bucketId, received.version);
    if (result.replacedVersion && result.replacedVersion !== received.version) {
      await removeFile(bucketId, result.replacedVersion);
    }
    return c.json({ Key: `${bucketId}/${name}`, Id: result.id });
  }

  return app;
}

/**
 * storage-js calls the site does not use (signed URLs, move/copy, list-v2). Without this they
 * would be read as uploads into buckets named "sign", "move"...
 */
const UNSUPPORTED_OBJECT_ROUTES = /^(sign|upload\/sign|list-v2|move|copy)(\/|$)/;

function unsupported(c: Context) {
  return c.json({ statusCode: '404', code: 'NotFound', error: 'Not Found', message: `Route ${c.req.method}:${new URL(c.req.url).pathname} not found` }, 404);
}

/** The URL path after `/object/`, still percent-encoded. */
function objectPath(c: Context): string {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf('/object/');
  return at === -1 ? '' : pathname.slice(at + '/object/'.length);
}

/**
 * The type that decides, from the bytes: it must be allowed by the bucket, and a file claimed as
 * an image must be that image (a PNG named .jpg, or text named .gif, is refused with 415). What
 * is stored is the detected type for binary formats; for text the client's own text type is
 * kept, since text detection cannot tell text/csv from text/plain.
 */
async function inspectType(head: Uint8Array, claimed: string, bucket: Bucket, claimedFull?: string): Promise<string> {
  const detected = await detectMimeType(head);
  const restricted = (bucket.allowed_mime_types?.length ?? 0) > 0;
  if (!detected) {
    if (claimed.startsWith('image/')) throw errors.mimeTypeMismatch(claimed, 'application/octet-stream');
    if (restricted) throw errors.invalidMimeType(head.length === 0 ? 'application/x-empty' : 'application/octet-stream');
    return claimedFull ?? claimed;
  }
  if (!isMimeTypeAllowed(detected, bucket.allowed_mime_types)) throw errors.invalidMimeType(detected);
  if (claimed.startsWith('image/') && sameImageType(claimed) !== detected) throw errors.mimeTypeMismatch(claimed, detected);
  const textual = detected === 'text/plain' || detected === 'application/xml';
  if (textual && (claimed.startsWith('text/') || claimed === 'application/json')) return claimedFull ?? claimed;
  return detected;
}

/** Spellings browsers and tools give the types file-type names otherwise. */
const IMAGE_TYPE_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };

function sameImageType(claimed: string): string {
  return IMAGE_TYPE_ALIASES[claimed] ?? claimed;
}

/** The caller by the rule every service shares (server/http/caller.ts), refused as Storage refuses. */
async function callerOf(ctx: ServerContext, c: Context): Promise<Caller> {
  let claims: JwtClaims;
  try {
    ({ claims } = await identifyCaller(ctx.keys, c.req.raw.headers, c.req.query('apikey') ?? null));
  } catch (error) {
    if (error instanceof CallerError) throw errors.accessDenied(error.message);
    throw error;
  }
  const headers = c.req.header();
  for (const secret of ['authorization', 'apikey', 'cookie']) delete headers[secret];
  return { claims, method: c.req.method, path: new URL(c.req.url).pathname, headers };
}
