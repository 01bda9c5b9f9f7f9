import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Keys } from '../keys.ts';
import { isAnonymousCall } from './anonymous.ts';
import { encode, encodeSync, negotiateEncoding, replaceResponse, type Bytes, type Encoding } from './compress.ts';
import { BODY_HEADERS, etagOf, matches } from './etag.ts';
import { ALLOW_ORIGIN, corsHeaders } from './gateway.ts';
import type { CachedAnswer, ReadCache } from './read-cache.ts';
import { bodyBytes } from './response-body.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { pathAndQuery } from './url.ts';
import { BEACON_PATH } from './beacon-guard.ts';

/**
 * The one read path of anonymous REST reads kept in the read cache. A hit is answered by
 * `cachedReply` alone, whether it arrives at the Node request (`serveCachedRead`, before Hono:
 * a hit is then a map lookup and one write) or through Hono (`cachedReads`, for requests the
 * site makes with app.request): the same gateway checks, headers, ETag and encoding, so both
 * answers are the same bytes. Everything else goes down the middleware chain of server/app.ts,
 * where `storeReads` keeps what the REST service answered.
 */

/** What the read path reads of a request, from a Node request or from Hono's. */
export interface ReadRequest {
  method: string;
  /** Path and query. */
  url: string;
  /** A header by its lower-case name. */
  header(name: string): string | undefined;
  /** A query parameter, decoded. */
  query(name: string): string | undefined;
}

export interface Reply {
  status: number;
  /** Lower-case names in order, so every path writes them alike. */
  headers: Record<string, string>;
  body: Bytes | null;
}

/** Headers of a REST answer that belong to the answer itself (not CORS, not per client). */
const KEPT_HEADERS = ['content-type', 'content-profile', 'content-range', 'range-unit', 'preference-applied', 'x-total-count', 'content-location',
  'cache-control', 'cdn-cache-control', 'surrogate-control'];

const LOWER_SECURITY_HEADERS = Object.entries(SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value] as const);

function decodedPath(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The cache key of a request whose answer every visitor shares, or undefined: the gateway's
 * checks (a GET under /rest/v1 with the anon key and no other bearer) and the cache's own rule
 * (functions may read anything, or the clock: only table and view reads are kept).
 */
export function sharedReadKey(keys: Keys, req: ReadRequest): string | undefined {
  if (req.method !== 'GET' || !req.url.startsWith('/rest/v1/') || decodedPath(req.url).includes('/rpc/')) return undefined;
  if (!isAnonymousCall(keys, req.header('apikey') ?? req.query('apikey'), req.header('authorization'))) return undefined;
  const h = (name: string) => req.header(name) ?? '';
  // writes by others are announced for public tables only (60_write_notify.sql): other profiles are not kept
  if (h('accept-profile') !== '' && h('accept-profile') !== 'public') return undefined;
  return [req.url, h('accept'), h('prefer'), h('range'), h('accept-profile')].join('\n');
}

/** The encoded body, made on first use and kept with the entry. */
function encodedBody(entry: CachedAnswer, encoding: Encoding): Bytes | Promise<Bytes> {
  const kept = entry.encoded[encoding];
  if (kept) return kept;
  const sync = encodeSync(entry.body, encoding);
  if (sync) return (entry.encoded[encoding] = sync);
  return encode(entry.body, encoding).then((body) => (entry.encoded[encoding] = body));
}

const PLAIN = { varies: false, encoding: undefined };
const CORS_NAMES = Object.keys(corsHeaders(undefined));
/** The one header of a reply that depends on the client. */
const ALLOW_ORIGIN_KEY = ALLOW_ORIGIN.toLowerCase();

/** Every header name a reply can carry, sorted: both paths write them in this order, as Headers iterates. */
const ORDER = [...new Set([
  ...KEPT_HEADERS, 'etag', 'content-encoding', 'content-length', 'vary',
  ...CORS_NAMES.map((name) => name.toLowerCase()), ...LOWER_SECURITY_HEADERS.map(([name]) => name),
])].sort();

/**
 * The headers of an entry's reply in one encoding (or its 304), in ORDER, made on first use: all
 * but Access-Control-Allow-Origin are the same for every client that gets this variant.
 */
const variants = new WeakMap<CachedAnswer, Map<string, Record<string, string>>>();

function variantHeaders(entry: CachedAnswer, encoding: Encoding | undefined, varies: boolean, body: Bytes | null): Record<string, string> {
  const name = `${encoding ?? ''}${body ? '' : ' 304'}`;
  let kept = variants.get(entry);
  const known = kept?.get(name);
  if (known) return known;
  const headers: Record<string, string | undefined> = {};
  for (const [header, value] of entry.headers) headers[header] = value;
  headers.etag = entry.etag;
  headers['content-encoding'] = encoding;
  const cors = corsHeaders(undefined);
  for (const header of CORS_NAMES) headers[header.toLowerCase()] = cors[header];
  for (const [header, value] of LOWER_SECURITY_HEADERS) headers[header] = value;
  headers.vary = varies ? 'Accept-Encoding, Origin' : 'Origin';
  if (body) headers['content-length'] = String(body.byteLength);
  else for (const header of BODY_HEADERS) headers[header] = undefined;
  const out: Record<string, string> = {};
  for (const header of ORDER) {
    const value = headers[header];
    if (value !== undefined) out[header] = value;
  }
  if (!kept) variants.set(entry, (kept = new Map()));
  kept.set(name, out);
  return out;
}

function reply(entry: CachedAnswer, req: ReadRequest, encoding: Encoding | undefined, varies: boolean, body: Bytes | null): Reply {
  const headers = { ...variantHeaders(entry, encoding, varies, body) };
  const origin = req.header('origin');
  if (origin) headers[ALLOW_ORIGIN_KEY] = corsHeaders(origin)[ALLOW_ORIGIN];
  return { status: body ? entry.status : 304, headers, body };
}

/**
 * The answer to a hit, with every header the middleware chain of a computed answer adds (CORS,
 * security headers, Vary, ETag): for a 200, 304 to a matching If-None-Match, else the body in the
 * encoding the client takes.
 */
export function replyOf(entry: CachedAnswer, req: ReadRequest): Reply | Promise<Reply> {
  // A partial answer (206) is sent as it is: its Content-Range counts bytes of the plain body.
  const partial = entry.status !== 200;
  const type = entry.headers.find(([name]) => name === 'content-type')?.[1] ?? null;
  const { varies, encoding } = partial ? PLAIN : negotiateEncoding(type, entry.body.byteLength, req.header('accept-encoding'));
  if (!partial && matches(req.header('if-none-match'), entry.etag)) return reply(entry, req, encoding, varies, null);
  if (!encoding) return reply(entry, req, encoding, varies, entry.body);
  const body = encodedBody(entry, encoding);
  return body instanceof Promise ? body.then((bytes) => reply(entry, req, encoding, varies, bytes)) : reply(entry, req, encoding, varies, body);
}

/** The reply to a request the cache holds, or undefined when it must be computed. */
export function cachedReply(cache: ReadCache, keys: Keys, req: ReadRequest): Reply | Promise<Reply> | undefined {
  const key = sharedReadKey(keys, req);
  const entry = key === undefined ? undefined : cache.get(key);
  if (!entry) return undefined;
  cache.stats.hits++;
  return replyOf(entry, req);
}

class NodeRequest implements ReadRequest {
  readonly method: string;
  readonly url: string;

  constructor(private readonly req: IncomingMessage) {
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '';
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  query(name: string): string | undefined {
    const q = this.url.indexOf('?');
    return q < 0 ? undefined : new URLSearchParams(this.url.slice(q + 1)).get(name) ?? undefined;
  }
}

/**
 * The cache key is built from the URL as sent there and from Hono's normalised URL here; a URL
 * equal to a stored (normalised) key normalises to itself, so no request can hit an entry the
 * usual way would not give it.
 */
class HonoRequest implements ReadRequest {
  readonly method: string;
  readonly url: string;

  constructor(private readonly c: Context) {
    this.method = c.req.method;
    this.url = pathAndQuery(c.req.url);
  }

  header(name: string): string | undefined {
    return this.c.req.header(name);
  }

  query(name: string): string | undefined {
    return this.c.req.query(name);
  }
}

function write(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body ?? undefined);
}

/** Answers a hit straight from the Node request; false sends the request on to Hono. */
export function serveCachedRead(cache: ReadCache, keys: Keys, req: IncomingMessage, res: ServerResponse): boolean {
  const reply = cachedReply(cache, keys, new NodeRequest(req));
  if (!reply) return false;
  if (reply instanceof Promise) {
    void reply.then((r) => write(res, r), (error: unknown) => res.destroy(error as Error));
  } else {
    write(res, reply);
  }
  return true;
}

/** The same answer inside Hono, mounted on /rest/v1 ahead of the gateway's middleware. */
export function cachedReads(cache: ReadCache, keys: Keys): MiddlewareHandler {
  return async (c, next) => {
    const reply = await cachedReply(cache, keys, new HonoRequest(c));
    if (!reply) return next();
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };
}

/**
 * Writes no read of the API can see: a page-view beacon changes only the private schema's
 * statistics (decision 0044), so a flood of them leaves the cached reads and pages alone.
 */
const UNSEEN_WRITES = new Set([BEACON_PATH]);

/**
 * Keeps anonymous reads the REST service answered. A write that succeeded empties the cache (and
 * with it the rendered pages) once it has committed, before its answer leaves, so its writer
 * reads it back at once; a read that overlapped it is not stored (the generation). A refused or
 * failed write changed nothing and leaves the caches alone; a write by another server or by SQL
 * empties them through NOTIFY table_write at its commit.
 */
export function storeReads(cache: ReadCache, keys: Keys): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      await next();
      if (c.res.status < 400 && !UNSEEN_WRITES.has(c.req.path)) cache.clear();
      return;
    }
    const key = sharedReadKey(keys, new HonoRequest(c));
    if (key === undefined) return next();
    cache.stats.misses++;
    const generation = cache.generation;
    await next();
    const res = c.res;
    if ((res.status !== 200 && res.status !== 206) || res.headers.has('Content-Encoding')) return;
    const { bytes: body, consumed } = await bodyBytes(res);
    const headers = KEPT_HEADERS.flatMap((name) => {
      const value = res.headers.get(name);
      return value === null ? [] : [[name, value] as [string, string]];
    });
    const etag = res.headers.get('ETag') ?? etagOf(body);
    await cache.set(key, { status: res.status, headers, body, etag }, generation);
    if (consumed) replaceResponse(c, new Response(body, { status: res.status, headers: res.headers }));
    c.res.headers.set('ETag', etag);
  };
}
