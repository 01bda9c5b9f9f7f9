import type { Db } from '../db/adapter.ts';
import type { TimedChanges } from '../http/read-cache.ts';

/**
 * Articles scheduled for publication: an article whose `published_at` lies ahead becomes public
 * at that moment without any write, so caches of public reads must not outlive it. On a database
 * without that column (before issue 11's migration) nothing is ever due.
 */
export function scheduledPublication(db: Db): TimedChanges {
  let hasPublishedAt = false;
  return {
    async schemaChanged() {
      const { rows } = await db.query<{ present: boolean }>(
        "select exists (select 1 from pg_attribute where attrelid = to_regclass('public.articles') and attname = 'published_at' and not attisdropped) as present",
      );
      hasPublishedAt = rows[0]?.present ?? false;
    },
    async nextChange() {
      if (!hasPublishedAt) return undefined;
      const { rows } = await db.query<{ due: number | null }>(
        'select (extract(epoch from min(published_at)) * 1000)::float8 as due from public.articles where published_at > now()',
      );
      return rows[0]?.due ?? undefined;
    },
  };
}
