import type { Queryable } from '../db/adapter.ts';

/**
 * Puts the change-capture trigger (server/db/platform/50_realtime.sql) on every table in the
 * supabase_realtime publication and removes it from tables that left. Call after migrations;
 * on a superuser connection an event trigger also does this after each ALTER PUBLICATION.
 * Returns how many triggers were created or dropped.
 */
export async function syncCaptureTriggers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ changed: number }>('select realtime.sync_capture_triggers() as changed');
  return rows[0]?.changed ?? 0;
}
