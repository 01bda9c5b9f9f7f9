import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Keys } from '../keys.ts';
import { isAnonymous } from './anonymous.ts';
import { replaceResponse } from './compress.ts';

export function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
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

/**
 * Anonymous GETs carry an ETag of their body and answer 304 to a matching If-None-Match, so a
 * browser revalidating an unchanged list receives no body.
 */
export function anonymousEtag(keys: Keys): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !isAnonymous(c, keys)) return next();
    await next();
    const res = c.res;
    if (res.status !== 200) return;
    let etag = res.headers.get('ETag');
    // Already encoded and without a tag: nothing cheap to hash.
    if (!etag && res.headers.has('Content-Encoding')) return;
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (!etag) {
      body = new Uint8Array(await res.arrayBuffer());
      etag = etagOf(body);
    }
    const headers = new Headers(res.headers);
    headers.set('ETag', etag);
    if (matches(c.req.header('If-None-Match'), etag)) {
      headers.delete('Content-Length');
      headers.delete('Content-Type');
      return replaceResponse(c, new Response(null, { status: 304, headers }));
    }
    replaceResponse(c, new Response(body ?? res.body, { status: res.status, headers }));
  };
}
