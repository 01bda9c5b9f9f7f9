import type { Db } from '../db/adapter.ts';
import { log } from '../observability/log.ts';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Change {
  id: number;
  schema: string;
  table: string;
  type: ChangeType;
  record: Record<string, unknown> | null;
  oldRecord: Record<string, unknown> | null;
  /** `YYYY-MM-DDTHH:MI:SS.MSZ`, as Supabase sends it. */
  commitTimestamp: string;
}

export interface FeedOptions {
  /** Safety net when a NOTIFY is lost (a dropped LISTEN connection); NOTIFY is the fast path. */
  pollMs?: number;
  pruneEveryMs?: number;
  /** Delivered rows are kept this long so a second server on the same database can still read them. */
  keepMs?: number;
  /** How long a missing id may still show up (a transaction that took its id earlier but commits later). */
  gapWaitMs?: number;
}

const BATCH = 200;

/**
 * Reads realtime.changes (filled by the capture trigger) in id order and hands each row to
 * `deliver`, one at a time so every subscriber sees changes in order. Ids come from a sequence,
 * so on PostgreSQL a transaction can commit after one with a higher id; such gaps are re-read for
 * a while instead of being skipped.
 */
export class ChangeFeed {
  private lastId = 0;
  private gaps = new Map<number, number>();
  private dirty = false;
  private running: Promise<void> | undefined;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly options: Required<FeedOptions>;

  constructor(
    private readonly db: Db,
    private readonly deliver: (change: Change) => Promise<void>,
    options: FeedOptions = {},
  ) {
    this.options = { pollMs: 2_000, pruneEveryMs: 30_000, keepMs: 120_000, gapWaitMs: 30_000, ...options };
  }

  async start(): Promise<void> {
    // Changes committed before the server started are not replayed, as with Supabase Realtime.
    const { rows } = await this.db.query<{ max: string | null }>('select max(id)::text as max from realtime.changes');
    this.lastId = Number(rows[0]?.max ?? 0);
    this.unlisten = await this.db.listen('realtime', () => this.kick());
    this.timers.push(setInterval(() => this.kick(), this.options.pollMs));
    this.timers.push(setInterval(() => void this.prune(), this.options.pruneEveryMs));
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.unlisten?.().catch(() => undefined);
    await this.running;
  }

  /** Resolves once everything committed so far has been handed to `deliver`. */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  kick(): void {
    if (this.stopped) return;
    this.dirty = true;
    if (!this.running) {
      this.running = this.pump()
        .catch((error: unknown) => log.error({ err: error }, '[realtime] reading changes failed'))
        .finally(() => {
          this.running = undefined;
          if (this.dirty && !this.stopped) this.kick();
        });
    }
  }

  private async pump(): Promise<void> {
    while (this.dirty && !this.stopped) {
      this.dirty = false;
      let full = true;
      while (full && !this.stopped) {
        const rows = await this.fetch();
        full = rows.length === BATCH;
        for (const change of rows) {
          this.advance(change.id);
          try {
            await this.deliver(change);
          } catch (error) {
            log.error({ err: error, change: change.id }, '[realtime] delivering a change failed');
          }
        }
      }
    }
  }

  private async fetch(): Promise<Change[]> {
    const now = Date.now();
    for (const [id, since] of this.gaps) if (now - since > this.options.gapWaitMs) this.gaps.delete(id);
    const { rows } = await this.db.query<{
      id: string;
      schema_name: string;
      table_name: string;
      type: Change['type'];
      record: Record<string, unknown> | null;
      old_record: Record<string, unknown> | null;
      ts: string;
    }>(
      `select id::text, schema_name, table_name, type, record, old_record,
              to_char(commit_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts
         from realtime.changes
        where id > $1::bigint
           or id in (select jsonb_array_elements_text($2::jsonb)::bigint)
        order by id
        limit ${BATCH}`,
      [String(this.lastId), JSON.stringify([...this.gaps.keys()])],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      schema: r.schema_name,
      table: r.table_name,
      type: r.type,
      record: r.record,
      oldRecord: r.old_record,
      commitTimestamp: r.ts,
    }));
  }

  private advance(id: number): void {
    if (this.gaps.delete(id)) return;
    if (id <= this.lastId) return;
    const now = Date.now();
    // Bounded: a sequence gap is at most what rolled-back or in-flight transactions took.
    for (let missing = Math.max(this.lastId + 1, id - 1000); missing < id; missing++) this.gaps.set(missing, now);
    this.lastId = id;
  }

  private async prune(): Promise<void> {
    if (this.stopped) return;
    const below = Math.min(this.lastId + 1, ...this.gaps.keys());
    try {
      await this.db.query(
        `delete from realtime.changes
          where id < $1::bigint and commit_timestamp < now() - make_interval(secs => $2::int / 1000.0)`,
        [String(below), this.options.keepMs],
      );
    } catch (error) {
      log.error({ err: error }, '[realtime] pruning changes failed');
    }
  }
}
