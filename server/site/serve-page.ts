import type { Context, MiddlewareHandler } from 'hono';
import { SENT_PARAM } from '../../src/features/contact/api/sent-param.ts';
import { listSearch, readListParams } from '../../src/features/news/lib/list-params.ts';
import { paths } from '../../src/lib/paths.ts';
import { documentSearch, readDocumentFilters } from '../../src/lib/public-documents/documents.ts';
import { pickEncoding } from '../http/compress.ts';
import { matches } from '../http/etag.ts';
import type { CachedPage, PageCache, PageEncoding } from './page-cache.ts';
import { clientIp, viaTrustedProxy } from '../http/client-ip.ts';
import { isKnownCategory } from './variants.ts';

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
 * parameters, /informasi-publik's document search, /kontak's thank-you after a form sent without JavaScript, nothing for every other
 * page. Any other parameter (`?bust=1`, `?utm_source=`) names the same page, so it is rendered
 * and cached once, whatever a client appends; so does a category that no visible article has.
 */
export function canonicalPath(url: URL): string {
  const pathname = url.pathname;
  const page = pathname.replace(/\/+$/, '') || '/';
  if (page === paths.contact) return url.searchParams.get(SENT_PARAM) === '1' ? `${pathname}?${SENT_PARAM}=1` : pathname;
  if (page === paths.publicInformation) return `${pathname}${documentSearch(readDocumentFilters(url.searchParams))}`;
  if (page !== paths.activities) return pathname;
  const params = readListParams(url.searchParams);
  // every unreadable page number, and every category no visible article has, renders the same 404
  const unknown = !params || (params.category !== null && isKnownCategory(params.category) === false);
  return `${pathname}${unknown ? `?${new URLSearchParams({ halaman: '0' })}` : listSearch(params)}`;
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

const NOT_A_PAGE = /^\/(?:(?:auth|rest|storage|realtime)\/v1(?:\/|$)|assets\/|_dev\/)|\.[a-z0-9]+$/i;
/** Page requests whose URL carries parameters the route does not read, per client address. */
const EXTRA_PER_SECOND = 5;
const EXTRA_BURST = 20;
const EXTRA_PAUSE_MS = 1000;
const PACE_MAX_ADDRESSES = 10_000;

/**
 * Such URLs (`?utm_source=`, `?bust=N`) get the page's one entry, but a client sending more than a
 * few a second waits a second for each: a flood of them is slowed down instead of taking the
 * server's thread from everyone else, while a visitor following a tagged link never notices.
 */
class ExtraParamsPace {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** False when `address` has used its allowance: the answer should wait. */
  take(address: string): boolean {
    const now = Date.now();
    const bucket = this.buckets.get(address) ?? { tokens: EXTRA_BURST, at: now };
    bucket.tokens = Math.min(EXTRA_BURST, bucket.tokens + ((now - bucket.at) / 1000) * EXTRA_PER_SECOND);
    bucket.at = now;
    if (this.buckets.size >= PACE_MAX_ADDRESSES && !this.buckets.has(address)) this.buckets.clear();
    this.buckets.set(address, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}

function hasExtraParams(c: Context): boolean {
  if (!c.req.url.includes('?')) return false;
  const url = new URL(c.req.url);
  return url.search !== '' && !NOT_A_PAGE.test(url.pathname) && `${url.pathname}${url.search}` !== canonicalPath(url);
}

/**
 * The first middleware of the app: a GET for a page already rendered and answered once is
 * answered from memory with the stored bytes and headers, without routing, rendering, the
 * database or any other middleware.
 */
export function servePageCache(pages: PageCache, trustProxy: readonly string[]): MiddlewareHandler {
  const pace = new ExtraParamsPace();
  return async (c, next) => {
    if (c.req.method === 'GET') {
      if (hasExtraParams(c) && !pace.take(clientIp(c, trustProxy))) await new Promise((resolve) => setTimeout(resolve, EXTRA_PAUSE_MS));
      const page = pages.get(pageKey(c, trustProxy));
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
