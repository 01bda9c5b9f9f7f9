import type { Context, MiddlewareHandler } from 'hono';
import { pickEncoding } from '../http/compress.ts';
import { matches } from '../http/etag.ts';
import type { CachedPage, PageCache, PageEncoding } from './page-cache.ts';

/** Headers that depend on the encoding or the moment: set per answer, never replayed. */
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'vary', 'etag', 'date', 'transfer-encoding']);

/** Rendered pages the first app run of each answer still has to record the headers of. */
const recording = new WeakMap<Request, CachedPage>();

/** The headers as [name, value] pairs (names in lower case). */
export function headerList(headers: Headers): [string, string][] {
  const list: [string, string][] = [];
  headers.forEach((value, name) => list.push([name, value]));
  return list;
}

/** The cache key of a page: its public origin (proxy headers honoured), path and query. */
export function pageKey(c: Context): string {
  const url = c.req.url;
  const forwardedProto = c.req.header('x-forwarded-proto');
  const proto = forwardedProto ? forwardedProto.split(',')[0].trim() : url.slice(0, url.indexOf(':'));
  const forwardedHost = c.req.header('x-forwarded-host');
  const host = forwardedHost ? forwardedHost.split(',')[0].trim() : c.req.header('host') ?? '';
  return `${proto}://${host}${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`;
}

/** The page as an answer: 304 to a matching If-None-Match, else the body in the best encoding. */
export function pageResponse(c: Context, page: CachedPage, headers: [string, string][] = []): Response {
  const out = new Headers(headers);
  out.set('ETag', page.etag);
  out.set('Vary', 'Accept-Encoding');
  if (matches(c.req.header('If-None-Match'), page.etag)) {
    out.delete('Content-Type');
    return new Response(null, { status: 304, headers: out });
  }
  const encoding: PageEncoding = pickEncoding(c.req.header('Accept-Encoding')) ?? 'identity';
  if (encoding !== 'identity') out.set('Content-Encoding', encoding);
  out.set('Content-Length', String(page.bodies[encoding].byteLength));
  return new Response(page.bodies[encoding], { status: page.status, headers: out });
}

/** Marks a freshly rendered page's answer so `servePageCache` records the headers it leaves with. */
export function recordHeaders(c: Context, page: CachedPage): void {
  if (!page.headers) recording.set(c.req.raw, page);
}

/**
 * The first middleware of the app: a GET for a page already rendered and answered once is
 * answered from memory with the stored bytes and headers, without routing, rendering, the
 * database or any other middleware.
 */
export function servePageCache(pages: PageCache): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET') {
      const page = pages.get(pageKey(c));
      if (page?.headers) {
        pages.stats.hits++;
        return pageResponse(c, page, page.headers);
      }
    }
    await next();
    const page = recording.get(c.req.raw);
    if (page && c.res.status === page.status) {
      page.headers = headerList(c.res.headers).filter(([name]) => !PER_ANSWER.has(name));
    }
  };
}
