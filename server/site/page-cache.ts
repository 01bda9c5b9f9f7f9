import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { etagOf } from '../http/etag.ts';
import type { ReadCache } from '../http/read-cache.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type PageEncoding = 'br' | 'gzip' | 'identity';
type Bytes = Uint8Array<ArrayBuffer>;

const bytes = (buffer: Buffer): Bytes => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

export interface CachedPage {
  html: string;
  status: number;
  etag: string;
  /** The page as sent for each encoding, compressed once when the entry is made. */
  bodies: Record<PageEncoding, Bytes>;
  /**
   * The headers the first answer left the app with (security headers, CSP, content type), minus
   * those that depend on the encoding: a hit replays them without running the app.
   */
  headers?: [string, string][];
}

export interface BuiltPage {
  html: string;
  status: number;
  /** False for a page rendered from a failed or partial API answer. */
  cacheable?: boolean;
}

interface Entry extends CachedPage {
  generation: number;
  expires: number;
}

const MAX_ENTRIES = 500;
/**
 * Variants of one route (its query values: list pages, searches, categories) kept at most, so a
 * flood of unique values churns that route's own entries and never pushes other pages out.
 */
export const MAX_VARIANTS_PER_ROUTE = 50;

/** The route part of a cache key (origin and path, without the query). */
const routeOf = (key: string) => key.split('?', 1)[0];

/**
 * The ETag of a page: its HTML without the render times in the data block, so the same content
 * rendered twice (after an unrelated write emptied the cache) still answers 304.
 */
function pageEtag(html: string): string {
  return etagOf(new TextEncoder().encode(html.replace(/"(dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g, '"$1":0')));
}
/** Without write notifications (pages rendered from a hosted project) a page lives this long. */
const UNWATCHED_TTL_MS = 10_000;

async function encodings(html: string): Promise<Record<PageEncoding, Bytes>> {
  const identity = Buffer.from(html);
  // Cheap settings: entries are built on demand, after any write, so a visitor's request waits for
  // them, and brotli 11 costs tens of times the CPU of 5 for a few per cent of bytes.
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 6 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength } }),
  ]);
  return { identity: bytes(identity), gzip: bytes(gz), br: bytes(br) };
}

/**
 * Rendered public pages in memory. With this server's own database an entry lives until any
 * write (the REST read cache's generation: writes through the API and the database's NOTIFY) or
 * until the next scheduled article falls due; rendered from a hosted project, 10 seconds.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Renders under way: concurrent misses of one page wait for the same render, unless a write
   * came after it started (its reads may predate the write).
   */
  private readonly pending = new Map<string, { generation: number; page: Promise<CachedPage> }>();

  /** Page requests answered from memory and rendered (for metrics). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly reads: () => ReadCache | undefined) {}

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const reads = this.reads();
    const stale = reads ? !reads.isCurrent(entry.generation) : Date.now() >= entry.expires;
    if (stale) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * The cached page, or `build`'s result stored (unless a write overlapped the render, or the
   * build says it is not `cacheable`: rendered from a failed read).
   */
  async getOrBuild(key: string, build: () => Promise<BuiltPage>): Promise<CachedPage> {
    const hit = this.get(key);
    if (hit) {
      this.stats.hits++;
      return hit;
    }
    this.stats.misses++;
    const reads = this.reads();
    const running = this.pending.get(key);
    if (running && (!reads || reads.isCurrent(running.generation))) return running.page;
    // Taken before rendering: a page whose reads overlapped a write is not kept.
    const generation = reads?.generation ?? 0;
    const page = build().then((built) => this.set(key, built, generation));
    const entry = { generation, page };
    this.pending.set(key, entry);
    const done = () => {
      if (this.pending.get(key) === entry) this.pending.delete(key);
    };
    page.then(done, done);
    return page;
  }

  private async set(key: string, { cacheable = true, ...page }: BuiltPage, generation: number): Promise<CachedPage> {
    const stored: Entry = {
      ...page,
      etag: pageEtag(page.html),
      bodies: await encodings(page.html),
      generation,
      expires: Date.now() + UNWATCHED_TTL_MS,
    };
    const reads = this.reads();
    if (!cacheable || (reads && !reads.isCurrent(generation))) return stored;
    this.entries.delete(key);
    this.entries.set(key, stored);
    this.boundRoute(key);
    for (const [oldest] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(oldest);
    }
    return stored;
  }

  /** Drops the least recently stored variants of `key`'s route past MAX_VARIANTS_PER_ROUTE. */
  private boundRoute(key: string): void {
    if (!key.includes('?')) return;
    const route = routeOf(key);
    const variants = [...this.entries.keys()].filter((k) => routeOf(k) === route);
    for (const doomed of variants.slice(0, Math.max(0, variants.length - MAX_VARIANTS_PER_ROUTE))) this.entries.delete(doomed);
  }
}
