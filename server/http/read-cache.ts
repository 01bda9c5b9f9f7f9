import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/adapter.ts';
import type { Keys } from '../keys.ts';
import { isAnonymous } from './anonymous.ts';
import { encode, isCompressible, pickEncoding, replaceResponse, COMPRESS_MIN_BYTES, type Bytes, type Encoding } from './compress.ts';
import { etagOf } from './etag.ts';
import { bodyBytes, knownBodyResponse } from './response-body.ts';
import { pathAndQuery } from './url.ts';

export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Bytes;
  etag: string;
  expires: number;
  encoded: Partial<Record<Encoding, Bytes>>;
}

export interface ReadCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** Safety bound for writes no notification reports (tables outside the API schema). */
  ttlMs: number;
}

/** Headers of a REST answer that belong to the answer itself (not CORS, not per-client). */
const KEPT_HEADERS = ['content-type', 'content-range', 'range-unit', 'preference-applied', 'x-total-count', 'content-location'];
const MAX_BODY = 1024 * 1024;

/**
 * Anonymous REST reads, kept in memory. Every write empties it: writes through this server when
 * they have succeeded, any other writer through the NOTIFY table_write that
 * a statement trigger on every public table sends at commit (server/db/platform/60_write_notify.sql).
 * No entry outlives the next scheduled article's `published_at` (when that column exists), so a
 * scheduled article appears on time.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  /** Anonymous reads answered from memory and from the database (for metrics). */
  readonly stats = { hits: 0, misses: 0 };
  /** Bumped by every invalidation: a read that overlapped a write is not stored. */
  generation = 0;
  private hasPublishedAt = false;
  private nextDue: number | undefined;
  private dueGeneration = -1;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly db: Db, private readonly options: ReadCacheOptions) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen('table_write', () => this.clear());
    await this.schemaChanged();
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  async schemaChanged(): Promise<void> {
    const { rows } = await this.db.query<{ present: boolean }>(
      "select exists (select 1 from pg_attribute where attrelid = to_regclass('public.articles') and attname = 'published_at' and not attisdropped) as present",
    );
    this.hasPublishedAt = rows[0]?.present ?? false;
    this.clear();
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  /**
   * True while nothing was written since `generation` was read and no scheduled article has
   * fallen due: other caches built from these reads (the site's rendered pages) ask this.
   */
  isCurrent(generation: number): boolean {
    if (this.nextDue !== undefined && Date.now() >= this.nextDue) this.clear();
    return generation === this.generation;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (this.nextDue !== undefined && now >= this.nextDue) {
      this.clear();
      return undefined;
    }
    if (now >= entry.expires) {
      this.delete(key);
      return undefined;
    }
    // Least recently used last out.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  async set(key: string, entry: Omit<CachedAnswer, 'expires' | 'encoded'>, generation: number): Promise<CachedAnswer> {
    const stored: CachedAnswer = { ...entry, expires: Date.now() + this.options.ttlMs, encoded: {} };
    if (entry.body.byteLength > MAX_BODY) return stored;
    if (this.dueGeneration !== generation) {
      this.nextDue = await this.findNextDue();
      this.dueGeneration = generation;
    }
    if (generation !== this.generation) return stored;
    this.delete(key);
    this.entries.set(key, stored);
    this.bytes += stored.body.byteLength;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
    return stored;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.byteLength;
  }

  private async findNextDue(): Promise<number | undefined> {
    if (!this.hasPublishedAt) return undefined;
    const { rows } = await this.db.query<{ due: number | null }>(
      'select (extract(epoch from min(published_at)) * 1000)::float8 as due from public.articles where published_at > now()',
    );
    return rows[0]?.due ?? undefined;
  }
}

function cacheKey(c: Context): string {
  const h = (name: string) => c.req.header(name) ?? '';
  return [pathAndQuery(c.req.url), h('Accept'), h('Prefer'), h('Range'), h('Accept-Profile')].join('\n');
}

async function answer(c: Context, entry: CachedAnswer): Promise<Response> {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  const encoding = entry.body.byteLength >= COMPRESS_MIN_BYTES && isCompressible(headers.get('Content-Type'))
    ? pickEncoding(c.req.header('Accept-Encoding'))
    : undefined;
  if (!encoding) return knownBodyResponse(entry.body, { status: entry.status, headers });
  const body = (entry.encoded[encoding] ??= await encode(entry.body, encoding));
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.byteLength));
  headers.append('Vary', 'Accept-Encoding');
  return knownBodyResponse(body, { status: entry.status, headers });
}

/**
 * Mounted on /rest/v1: serves repeated anonymous reads from memory. A write that succeeded empties
 * it (and with it the rendered pages) once it has committed, before its answer leaves, so its
 * writer reads it back at once; a read that overlapped it is not stored (the generation). A
 * refused or failed write changed nothing and leaves the caches alone; a write by another server
 * or by SQL empties them through NOTIFY table_write at its commit.
 */
export function readCache(cache: ReadCache, keys: Keys): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      await next();
      if (c.res.status < 400) cache.clear();
      return;
    }
    // Functions may read anything (or the clock): only table and view reads are kept.
    if (method !== 'GET' || c.req.path.includes('/rpc/') || !isAnonymous(c, keys)) return next();
    const key = cacheKey(c);
    const hit = cache.get(key);
    if (hit) {
      cache.stats.hits++;
      return answer(c, hit);
    }
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
