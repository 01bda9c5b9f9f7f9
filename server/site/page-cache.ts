import { etagOf } from '../http/etag.ts';
import type { ReadCache } from '../http/read-cache.ts';

export interface CachedPage {
  html: string;
  status: number;
  etag: string;
}

interface Entry extends CachedPage {
  generation: number;
  expires: number;
}

const MAX_ENTRIES = 500;

/**
 * The ETag of a page: its HTML without the render times in the data block, so the same content
 * rendered twice (after an unrelated write emptied the cache) still answers 304.
 */
function pageEtag(html: string): string {
  return etagOf(new TextEncoder().encode(html.replace(/"(dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g, '"$1":0')));
}
/** Without write notifications (pages rendered from a hosted project) a page lives this long. */
const UNWATCHED_TTL_MS = 10_000;

/**
 * Rendered public pages in memory. With this server's own database an entry lives until any
 * write (the REST read cache's generation: writes through the API and the database's NOTIFY) or
 * until the next scheduled article falls due; rendered from a hosted project, 10 seconds.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly reads: () => ReadCache | undefined) {}

  /** A mark taken before rendering: a page whose reads overlapped a write is not kept. */
  mark(): number {
    return this.reads()?.generation ?? 0;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const reads = this.reads();
    const stale = reads ? !reads.isCurrent(entry.generation) : Date.now() >= entry.expires;
    if (stale) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, page: { html: string; status: number }, generation: number): CachedPage {
    const stored: Entry = { ...page, etag: pageEtag(page.html), generation, expires: Date.now() + UNWATCHED_TTL_MS };
    const reads = this.reads();
    if (reads && !reads.isCurrent(generation)) return stored;
    this.entries.delete(key);
    this.entries.set(key, stored);
    for (const [oldest] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(oldest);
    }
    return stored;
  }
}
