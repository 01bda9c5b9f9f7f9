import { hash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Keys } from '../keys.ts';
import { isAnonymous } from './anonymous.ts';
import { replaceResponse } from './compress.ts';
import { bodyBytes } from './response-body.ts';

/** A weak tag of the body: SHA-1 in one call (no Hash object), as strong as the tag needs. */
export function etagOf(body: Uint8Array | string): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/** True when If-None-Match names `etag` (weak comparison, as for GET). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** A 304 carries the headers of the 200 it stands for, except these, which describe its body. */
export const BODY_HEADERS: readonly string[] = ['content-length', 'content-type'];

export function notModifiedHeaders(headers: HeadersInit): Headers {
  const out = new Headers(headers);
  for (const name of BODY_HEADERS) out.delete(name);
  return out;
}

/**
 * Anonymous GETs carry an ETag of their body and answer 304 to a matching If-None-Match, so a
 * browser revalidating an unchanged list receives no body. The REST answers and the read cache
 * bring their tag along; any other answer is hashed here.
 */
export function anonymousEtag(keys: Keys): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !isAnonymous(c, keys)) return next();
    await next();
    const res = c.res;
    if (res.status !== 200) return;
    let etag = res.headers.get('ETag');
    if (!etag) {
      // Already encoded and without a tag: nothing cheap to hash.
      if (res.headers.has('Content-Encoding')) return;
      const { bytes, consumed } = await bodyBytes(res);
      etag = etagOf(bytes);
      if (consumed) replaceResponse(c, new Response(bytes, { status: res.status, headers: res.headers }));
      c.res.headers.set('ETag', etag);
    }
    if (matches(c.req.header('If-None-Match'), etag)) {
      replaceResponse(c, new Response(null, { status: 304, headers: notModifiedHeaders(c.res.headers) }));
    }
  };
}
