import type { Db } from '../db/adapter.ts';
import type { ReadCache } from '../http/read-cache.ts';
import { log } from '../observability/log.ts';

/**
 * The categories /kegiatan can show, as visitors see them, so a made-up `?kategori=` value names
 * the one not-found page instead of a new render. Read again after any write (the read cache's
 * generation); until a reading matches the current generation, every value is let through, so
 * a category published a moment ago is never refused.
 */
export class KnownCategories {
  private names: Set<string> | undefined;
  private readAt = -1;
  private reading: Promise<void> | undefined;

  constructor(private readonly db: Db, private readonly reads: ReadCache) {}

  /** true / false when known to be current; undefined while unknown (a reading starts). */
  has(category: string): boolean | undefined {
    const generation = this.reads.generation;
    if (this.names && this.readAt === generation) return this.names.has(category.toLowerCase());
    this.reading ??= this.read(generation).finally(() => { this.reading = undefined; });
    return undefined;
  }

  private async read(generation: number): Promise<void> {
    try {
      const names = await this.db.transaction(async (tx) => {
        await tx.exec('set local role anon');
        return (await tx.query<{ name: string }>('select public.article_categories() as name')).rows;
      }, { readOnly: true });
      this.names = new Set(names.map((row) => row.name.toLowerCase()));
      this.readAt = generation;
    } catch (error) {
      log.warn({ err: error }, '[site] reading the article categories failed');
    }
  }
}

let current: KnownCategories | undefined;

/** The server's categories for canonicalPath (one site server per process). */
export function useKnownCategories(known: KnownCategories | undefined): void {
  current = known;
}

export function isKnownCategory(category: string): boolean | undefined {
  return current?.has(category);
}
