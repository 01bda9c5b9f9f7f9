import type { Context, Hono } from 'hono';
import { chunksOf, parseMultipart, requestStream } from '../../body.ts';
import { callerOf } from '../../caller.ts';
import { commitWrite, findBucket, probeWrite, type Bucket, type StorageCaller, type NewObject } from '../../db.ts';
import type { ReceivedFile } from '../../disk.ts';
import { errors } from '../../errors.ts';
import { cleanUploadedImage } from '../../images.ts';
import { baseMimeType, detectMimeType, isMimeTypeAllowed } from '../../mime.ts';
import { commitStaged, objectPath, removeFile } from '../../objects.ts';
import { mustBeValidObjectName, splitBucketAndName } from '../../paths.ts';
import { cacheControlFromField, cacheControlFromHeader, parseMetadata } from '../../request.ts';
import type { StorageDeps } from '../deps.ts';

/** Upper bound for any upload, like Supabase's global limit (buckets may only lower it). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/**
 * storage-js calls answered by their own modules (registered first) or not at all (list-v2).
 * Without this a mistyped one would be read as an upload into a bucket named "sign", "move"...
 */
const UNSUPPORTED_OBJECT_ROUTES = /^(sign|upload\/sign|list-v2|move|copy)(\/|$)/;

/** POST /object/{bucket}/{name} (createObject; `x-upsert: true` replaces) and PUT (updateObject). */
export function createObjectRoutes(app: Hono, deps: StorageDeps): void {
  for (const method of ['POST', 'PUT'] as const) {
    app.on(method, '/object/*', (c) => {
      if (UNSUPPORTED_OBJECT_ROUTES.test(objectPath(c))) throw errors.routeNotFound(c.req.method, new URL(c.req.url).pathname);
      return upload(deps, c, method);
    });
  }
}

/** Where a signed upload URL puts its bytes, and as whom (routes/object/signed-urls.ts). */
export interface SignedUploadTarget { bucket: string; name: string; caller: StorageCaller; upsert: boolean }

export async function upload(deps: StorageDeps, c: Context, method: 'POST' | 'PUT', signed?: SignedUploadTarget) {
  const { ctx, store } = deps;
  const { bucket: bucketId, name: rawName } = signed ?? splitBucketAndName(objectPath(c));
  const name = mustBeValidObjectName(rawName);
  const caller = signed?.caller ?? await callerOf(ctx, c);
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket) throw errors.noSuchBucket();
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  const upsert = signed?.upsert ?? (method === 'PUT' || c.req.header('x-upsert') === 'true');
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
  // below the reserve the disk is kept for the database, whose writes must not fail
  if (await ctx.freeSpace.belowReserve()) throw errors.diskFull();

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
  let userMetadata: Record<string, unknown> | null;
  try {
    received = await cleanUploadedImage(store, received, limit);
    userMetadata = parseMetadata(rawMetadata);
  } catch (error) {
    await store.discard(received.version);
    throw error;
  }

  const object: NewObject = {
    ...draft,
    version: received.version,
    userMetadata,
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
  const result = await commitStaged(deps, bucketId, received.version, () => commitWrite(ctx, caller, operation, object));
  if (result.replacedVersion && result.replacedVersion !== received.version) {
    await removeFile(deps, bucketId, result.replacedVersion);
  }
  return c.json({ Key: `${bucketId}/${name}`, Id: result.id });
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
