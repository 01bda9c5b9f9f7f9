import type { Db } from '../db/adapter.ts';
import type { Bytes, Encoding } from './compress.ts';

export interface CachedAnswer {
  status: number;
  /** Headers of the answer itself (names in lower case), not CORS and nothing per client. */
  headers: [string, string][];
  body: Bytes;
  etag: string;
  expires: number;
  encoded: Partial<Record<Encoding, Bytes>>;
}

/**
 * Changes no write announces: rows that become visible at a time set in advance (an article
 * scheduled for publication). The site knows what those are (server/site/scheduled-publication.ts).
 */
export interface TimedChanges {
  /** Reads what the schema offers again (after migrations). */
  schemaChanged(): Promise<void>;
  /** When the next such change happens (ms since the epoch), if one is due. */
  nextChange(): Promise<number | undefined>;
}

export interface ReadCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** Safety bound for writes no notification reports (tables outside the API schema). */
  ttlMs: number;
  /** No entry outlives the next of these. */
  timed?: TimedChanges;
}

const MAX_BODY = 1024 * 1024;

/**
 * Anonymous REST reads, kept in memory. Every write empties it: writes through this server when
 * they have succeeded, any other writer through the NOTIFY table_write that
 * a statement trigger on every public table sends at commit (server/db/platform/60_write_notify.sql).
 * No entry outlives the next timed change (options.timed), so a scheduled article appears on time.
 * Requests reach it through one read path (cached-read.ts).
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  /** Anonymous reads answered from memory and from the database (for metrics). */
  readonly stats = { hits: 0, misses: 0 };
  /** Bumped by every invalidation: a read that overlapped a write is not stored. */
  generation = 0;
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
    await this.options.timed?.schemaChanged();
    this.clear();
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  /**
   * True while nothing was written since `generation` was read and no timed change has fallen
   * due: other caches built from these reads (the site's rendered pages) ask this.
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
      this.nextDue = await this.options.timed?.nextChange();
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
}
