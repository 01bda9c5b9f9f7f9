import type { Hono } from 'hono';
import { callerOf } from '../caller.ts';
import { asCaller, findBucket, findObject, probeWrite, type StorageCaller } from '../db.ts';
import { serveObject } from '../download.ts';
import { errors } from '../errors.ts';
import { objectPath } from '../objects.ts';
import { mustBeValidObjectName, splitBucketAndName } from '../paths.ts';
import { parseTransform } from '../render.ts';
import { readJson } from '../request.ts';
import { expiresInOf, signUrl, UPLOAD_EXPIRES_IN, verifyUrl, type UrlClaims } from '../signing.ts';
import { upload } from './object/create-object.ts';
import type { StorageDeps } from './deps.ts';

const MAX_SIGN_PATHS = 1000;
const NOT_FOUND_OR_DENIED = 'Either the object does not exist or you do not have access to it';

/**
 * Signed URLs, as supabase/storage's getSignedURL(s), getSignedObject, getSignedUploadURL and
 * uploadSignedObject: whoever signs must be able to read the object (or, for an upload, to write
 * it: the policies are asked at signing time), and whoever holds the URL needs nothing else until
 * it expires. Registered before the other object routes, which would take `sign` for a bucket.
 */
export function signedUrlRoutes(app: Hono, deps: StorageDeps): void {
  const { ctx } = deps;

  app.post('/object/sign/*', async (c) => {
    const rest = objectPath(c).slice('sign/'.length);
    const caller = await callerOf(ctx, c);
    const body = await readJson(c);
    const expiresIn = expiresInOf(body.expiresIn);
    if (!rest.includes('/') || rest.endsWith('/')) return c.json(await signMany(deps, caller, rest.replace(/\/$/, ''), body.paths, expiresIn));
    const { bucket, name } = await readableTarget(deps, caller, rest);
    const transformations = transformText(body.transform);
    const claims: UrlClaims = { url: `${bucket}/${name}`, scope: 'download', ...(transformations ? { transformations } : {}) };
    const token = await signUrl(ctx.keys, claims, expiresIn);
    return c.json({ signedURL: `/${transformations ? 'render/image' : 'object'}/sign/${claims.url}?token=${token}` });
  });

  app.get('/object/sign/*', async (c) => {
    const { bucket, name } = signedTarget(objectPath(c).slice('sign/'.length));
    await verifyUrl(ctx.keys, c.req.query('token'), `${bucket}/${name}`, 'download');
    return serveObject(c, deps.store, await rowAsServer(deps, bucket, name));
  });

  app.get('/render/image/sign/*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const { bucket, name } = signedTarget(pathname.slice(pathname.indexOf('/render/image/sign/') + '/render/image/sign/'.length));
    const claims = await verifyUrl(ctx.keys, c.req.query('token'), `${bucket}/${name}`, 'download');
    const transform = parseTransform(Object.fromEntries(new URLSearchParams(claims.transformations ?? '')));
    return deps.render(c, await rowAsServer(deps, bucket, name), transform);
  });

  app.post('/object/upload/sign/*', async (c) => {
    const { bucket, name } = signedTarget(objectPath(c).slice('upload/sign/'.length));
    const caller = await callerOf(ctx, c);
    if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
    const upsert = c.req.header('x-upsert') === 'true';
    // the caller's policies decide now; the URL's holder later writes with the signer's rights
    await probeWrite(ctx, caller, 'storage.object.upload_sign', {
      bucket, name, upsert, version: '00000000-0000-4000-8000-000000000000', metadata: {}, userMetadata: null,
    });
    const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : undefined;
    const token = await signUrl(ctx.keys, { url: `${bucket}/${name}`, scope: 'upload', owner, upsert }, UPLOAD_EXPIRES_IN);
    return c.json({ url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token });
  });

  app.put('/object/upload/sign/*', async (c) => {
    const { bucket, name } = signedTarget(objectPath(c).slice('upload/sign/'.length));
    const claims = await verifyUrl(ctx.keys, c.req.query('token'), `${bucket}/${name}`, 'upload');
    // Storage writes a signed upload as itself, the owner taken from the token
    const caller: StorageCaller = {
      claims: { role: 'service_role', ...(claims.owner ? { sub: claims.owner } : {}) },
      authenticated: true,
      method: c.req.method, path: new URL(c.req.url).pathname, headers: {},
    };
    return upload(deps, c, 'PUT', { bucket, name, caller, upsert: claims.upsert === true });
  });
}

function signedTarget(rest: string): { bucket: string; name: string } {
  const { bucket, name } = splitBucketAndName(rest);
  return { bucket, name: mustBeValidObjectName(name) };
}

async function readableTarget({ ctx }: StorageDeps, caller: StorageCaller, rest: string) {
  const { bucket, name } = signedTarget(rest);
  if (!(await findBucket(ctx, bucket))) throw errors.noSuchBucket();
  if (!(await findObject(ctx, caller, bucket, name))) throw errors.noSuchKey();
  return { bucket, name };
}

async function rowAsServer({ ctx }: StorageDeps, bucket: string, name: string) {
  const row = await findObject(ctx, null, bucket, name);
  if (!row) throw errors.noSuchKey();
  return row;
}

/** storage-js `transform` ({ width, height, resize, format, quality }) kept as query text for the render route. */
function transformText(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const pairs = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => [k, String(v)]);
  if (pairs.length === 0) return undefined;
  parseTransform(Object.fromEntries(pairs));
  return new URLSearchParams(pairs).toString();
}

async function signMany(deps: StorageDeps, caller: StorageCaller, rawBucket: string, paths: unknown, expiresIn: number) {
  const { bucket } = splitBucketAndName(rawBucket);
  if (!Array.isArray(paths) || paths.length === 0 || paths.some((p) => typeof p !== 'string')) {
    throw errors.invalidRequest('body/paths must be a non-empty array of strings');
  }
  if (paths.length > MAX_SIGN_PATHS) throw errors.invalidRequest(`body/paths must NOT have more than ${MAX_SIGN_PATHS} items`);
  if (!(await findBucket(deps.ctx, bucket))) throw errors.noSuchBucket();
  const visible = await asCaller(deps.ctx, caller, 'storage.object.sign', async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths]);
    return new Set(rows.map((r) => r.name));
  });
  return Promise.all((paths as string[]).map(async (path) => {
    if (!visible.has(path)) return { error: NOT_FOUND_OR_DENIED, path, signedURL: null };
    const url = `${bucket}/${path}`;
    const token = await signUrl(deps.ctx.keys, { url, scope: 'download' }, expiresIn);
    return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
  }));
}
