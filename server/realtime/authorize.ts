import type { Db } from '../db/adapter.ts';
import { Rollback } from '../db/adapter.ts';
import { requestPrologue, type JwtClaims } from '../db/request-context.ts';
import { log } from '../observability/log.ts';

export type Extension = 'broadcast' | 'presence';

/** SQLSTATE of a row refused by a policy's WITH CHECK (or a missing privilege). */
const INSUFFICIENT_PRIVILEGE = '42501';

const isPgError = (error: unknown): error is { code: string } =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';

/** The subscriber's role and claims with `realtime.topic()` answering the channel's name. */
const asSubscriber = (db: Db, topic: string, claims: JwtClaims) =>
  requestPrologue(db, { claims, method: 'GET', path: '/realtime/v1/websocket', extra: { 'realtime.topic': topic } });

/**
 * Supabase's read check for a private channel: one probe row per extension is written to
 * realtime.messages as the server, then read back as the subscriber; the SELECT policies decide
 * which ones it sees. Everything is rolled back. A policy that fails counts as a refusal.
 */
export async function readPolicies(db: Db, topic: string, claims: JwtClaims, extensions: Extension[]): Promise<Record<Extension, boolean>> {
  try {
    return await db.transaction(async (tx) => {
      const { rows: probes } = await tx.query<{ id: string; extension: Extension }>(
        'insert into realtime.messages (topic, extension) select $1, unnest($2::text[]) returning id::text, extension',
        [topic, extensions],
      );
      await tx.query(asSubscriber(db, topic, claims));
      const { rows: seen } = await tx.query<{ id: string }>('select id::text from realtime.messages where id = any($1::uuid[])', [probes.map((p) => p.id)]);
      const visible = new Set(seen.map((r) => r.id));
      const result = { broadcast: false, presence: false };
      for (const probe of probes) result[probe.extension] = visible.has(probe.id);
      throw new Rollback(result);
    });
  } catch (error) {
    if (!isPgError(error)) throw error;
    log.warn({ err: error, topic }, '[realtime] RlsPolicyError: a read policy on realtime.messages failed');
    return { broadcast: false, presence: false };
  }
}

/**
 * Supabase's write check: a row for the extension is inserted as the subscriber (INSERT policies
 * decide) and rolled back. With `keep`, a permitted row is committed instead: a private broadcast
 * sent through the REST endpoint, which the database then delivers.
 */
export async function writeAllowed(
  db: Db,
  topic: string,
  claims: JwtClaims,
  extension: Extension,
  keep?: { event: string; payload: unknown; binary?: Buffer },
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query(asSubscriber(db, topic, claims));
      try {
        if (keep) {
          await tx.query(
            `insert into realtime.messages (topic, extension, event, payload, binary_payload, private)
             values ($1, $2, $3, $4::jsonb, $5, true)`,
            [topic, extension, keep.event, keep.binary ? null : JSON.stringify(keep.payload), keep.binary ?? null],
          );
          return true;
        }
        await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
      } catch (error) {
        if (isPgError(error) && error.code === INSUFFICIENT_PRIVILEGE) throw new Rollback(false);
        throw error;
      }
      throw new Rollback(true);
    });
  } catch (error) {
    if (!isPgError(error)) throw error;
    log.warn({ err: error, topic }, '[realtime] RlsPolicyError: a write policy on realtime.messages failed');
    return false;
  }
}
