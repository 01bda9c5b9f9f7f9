import type { Context, MiddlewareHandler } from 'hono';
import { listSearch, readListParams } from '../../src/features/news/lib/list-params.ts';
import { paths } from '../../src/lib/paths.ts';
import { pickEncoding } from '../http/compress.ts';
import { matches } from '../http/etag.ts';
import type { CachedPage, PageCache, PageEncoding } from './page-cache.ts';
import { viaTrustedProxy } from '../auth/client-ip.ts';

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

/**
 * A page's path and the query parameters its route reads, in one order: /kegiatan's list
 * parameters, nothing for every other page. Any other parameter (`?bust=1`, `?utm_source=`)
 * names the same page, so it is rendered and cached once, whatever a client appends.
 */
export function canonicalPath(url: URL): string {
  const pathname = url.pathname;
  if ((pathname.replace(/\/+$/, '') || '/') !== paths.activities) return pathname;
  const params = readListParams(url.searchParams);
  // every unreadable page number renders the same 404
  return `${pathname}${params ? listSearch(params) : `?${new URLSearchParams({ halaman: '0' })}`}`;
}

/** The public origin: X-Forwarded-Proto/-Host only from a proxy named in TRUST_PROXY. */
export function publicOrigin(c: Context, trustProxy: readonly string[]): string {
  const url = new URL(c.req.url);
  const proxied = viaTrustedProxy(c, trustProxy);
  const forwarded = (name: string) => (proxied ? c.req.header(name)?.split(',')[0]?.trim() : undefined) || undefined;
  const proto = forwarded('x-forwarded-proto') ?? url.protocol.replace(':', '');
  const host = forwarded('x-forwarded-host') ?? c.req.header('host') ?? url.host;
  return `${proto}://${host}`;
}

/** The cache key of a page: its public origin and canonical path. */
export function pageKey(c: Context, trustProxy: readonly string[]): string {
  return `${publicOrigin(c, trustProxy)}${canonicalPath(new URL(c.req.url))}`;
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
export function servePageCache(pages: PageCache, trustProxy: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET') {
      const page = pages.get(pageKey(c, trustProxy));
      if (page?.headers) return pageResponse(c, page, page.headers);
    }
    await next();
    const page = recording.get(c.req.raw);
    if (page && c.res.status === page.status) {
      page.headers = headerList(c.res.headers).filter(([name]) => !PER_ANSWER.has(name));
    }
  };
}
