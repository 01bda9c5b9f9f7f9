import type { Db } from '../db/adapter.ts';
import type { Keys } from '../keys.ts';
import { ChangeFeed, type Change, type ChangeType, type FeedOptions } from './feed.ts';
import { conditionsSql, FilterError, parseFilter, type Condition } from './filters.ts';
import { quoteIdent } from '../http/sql-ident.ts';
import { TableCatalog, type TableMeta } from './tables.ts';
import type { VerifiedToken } from './tokens.ts';
import { log } from '../observability/log.ts';

export interface Subscription {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  /** undefined or '*': every table of the schema. */
  table: string | undefined;
  filter: string | undefined;
  conditions: Condition[];
}

/** What the delivery path needs from a joined channel; the connection owns the rest. */
export interface Subscriber {
  topic: string;
  auth: VerifiedToken;
  subscriptions: Subscription[];
  send(payload: { ids: number[]; data: Record<string, unknown> }): void;
  expire(): void;
}

export class JoinError extends Error {}

const EVENTS = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * Supabase answers with erlang:phash2 of the subscription params: a stable non-negative integer
 * below 2^27. FNV-1a gives the same kind of number; never 0, which realtime-js treats as no id.
 */
export function subscriptionId(entry: Record<string, unknown>): number {
  const text = JSON.stringify([entry.event, entry.schema, entry.table ?? null, entry.filter ?? null]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % (2 ** 27 - 1)) + 1;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function pick(record: Record<string, unknown> | null, keep: (name: string) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record ?? {})) if (keep(key)) out[key] = value;
  return out;
}

/** The postgres_changes engine: validates subscriptions and fans captured changes out to subscribers. */
export class RealtimeService {
  readonly catalog: TableCatalog;
  readonly feed: ChangeFeed;
  private readonly subscribers = new Set<Subscriber>();

  constructor(private readonly db: Db, readonly keys: Keys, feedOptions: FeedOptions = {}) {
    this.catalog = new TableCatalog(db);
    this.feed = new ChangeFeed(db, (change) => this.deliver(change), feedOptions);
  }

  add(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Checks a join's config.postgres_changes entries the way Supabase's subscription table does. */
  async prepare(entries: unknown[]): Promise<Subscription[]> {
    const subscriptions: Subscription[] = [];
    for (const entry of entries) {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        throw new JoinError('Invalid postgres_changes entry: expected an object with event, schema, table and filter');
      }
      const e = entry as Record<string, unknown>;
      const event = typeof e.event === 'string' ? e.event.toUpperCase() : undefined;
      if (!event || !(EVENTS as readonly string[]).includes(event)) {
        throw new JoinError(`Invalid postgres_changes event ${JSON.stringify(e.event)}: use *, INSERT, UPDATE or DELETE`);
      }
      if (typeof e.schema !== 'string' || e.schema === '') throw new JoinError('postgres_changes requires a schema');
      if (e.table !== undefined && e.table !== null && typeof e.table !== 'string') {
        throw new JoinError('postgres_changes table must be a string');
      }
      if (e.filter !== undefined && e.filter !== null && typeof e.filter !== 'string') {
        throw new JoinError('postgres_changes filter must be a string');
      }
      const schema = e.schema;
      const table = e.table || undefined;
      const filter = e.filter || undefined;
      const described = `[event: ${event}, schema: ${schema}, table: ${table ?? '*'}, filters: [${filter ?? ''}]]`;
      let meta: TableMeta | undefined;
      if (table !== undefined && table !== '*' && schema !== '*') {
        meta = await this.catalog.get(schema, table);
        if (!meta) {
          throw new JoinError(`Unable to subscribe to changes with given parameters. Table ${schema}.${table} does not exist: ${described}`);
        }
      }
      let conditions: Condition[] = [];
      if (filter !== undefined) {
        if (!meta) throw new JoinError(`A filter needs one table, not a wildcard: ${described}`);
        try {
          conditions = parseFilter(filter);
          // Evaluating once against an empty row surfaces unknown columns and values of the wrong type.
          await this.evaluate(meta, {}, [conditions]);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new JoinError(`Invalid filter ${JSON.stringify(filter)}: ${message}`, { cause: error });
        }
      }
      subscriptions.push({ id: subscriptionId(e), event: event as Subscription['event'], schema, table, filter, conditions });
    }
    return subscriptions;
  }

  /** One query for every distinct filter on this change; true where the row passes. */
  private async evaluate(meta: TableMeta, row: Record<string, unknown>, filters: Condition[][]): Promise<boolean[]> {
    const params: unknown[] = [JSON.stringify(row)];
    const columns = filters.map((conditions, i) => `${conditionsSql(conditions, meta, params)} as f${i}`);
    const { rows } = await this.db.query<Record<string, boolean>>(
      `select ${columns.join(', ')} from (select jsonb_populate_record(null::${meta.qualified}, $1::jsonb) as r) as x`,
      params,
    );
    return filters.map((_, i) => rows[0]?.[`f${i}`] === true);
  }

  async deliver(change: Change): Promise<void> {
    const matches: { subscriber: Subscriber; subscriptions: Subscription[] }[] = [];
    for (const subscriber of this.subscribers) {
      const subscriptions = subscriber.subscriptions.filter((s) =>
        (s.schema === '*' || s.schema === change.schema)
        && (s.table === undefined || s.table === '*' || s.table === change.table)
        && (s.event === '*' || s.event === change.type));
      if (subscriptions.length) matches.push({ subscriber, subscriptions });
    }
    if (!matches.length) return;
    const meta = await this.catalog.get(change.schema, change.table);
    if (!meta) return;

    // The filter is tested against the new row, and for DELETE against the old identity: with RLS
    // on only its primary key, so a filter cannot probe columns of a row the subscriber cannot read.
    const row = change.type !== 'DELETE' ? change.record ?? {}
      : meta.rls ? pick(change.oldRecord, (name) => meta.primaryKey.includes(name)) : change.oldRecord ?? {};
    const filters = [...new Set(matches.flatMap((m) => m.subscriptions.filter((s) => s.conditions.length).map((s) => s.filter!)))];
    const passed = new Map<string, boolean>();
    if (filters.length) {
      try {
        const byFilter = matches.flatMap((m) => m.subscriptions);
        const conditions = filters.map((f) => byFilter.find((s) => s.filter === f)!.conditions);
        const results = await this.evaluate(meta, row, conditions);
        filters.forEach((f, i) => passed.set(f, results[i]));
      } catch (error) {
        if (!(error instanceof FilterError)) log.error({ err: error }, '[realtime] evaluating filters failed');
      }
    }

    const now = Date.now();
    // Subscribers with the same claims see the same thing: one RLS check for all of them.
    const groups = new Map<string, { auth: VerifiedToken; targets: typeof matches }>();
    for (const match of matches) {
      const { auth } = match.subscriber;
      if (auth.expiresAt <= now) {
        match.subscriber.expire();
        continue;
      }
      const key = JSON.stringify(auth.claims);
      const group = groups.get(key) ?? { auth, targets: [] };
      group.targets.push(match);
      groups.set(key, group);
    }
    const ready: { auth: VerifiedToken; selectable: Set<string>; sends: { subscriber: Subscriber; ids: number[] }[] }[] = [];
    for (const { auth, targets } of groups.values()) {
      const selectable = await this.catalog.selectableColumns(auth.claims.role, meta);
      // A filter on a column the role may not select would reveal that column's value.
      const matching = (s: Subscription) => !s.conditions.length
        || (passed.get(s.filter!) === true && s.conditions.every((c) => selectable.has(c.column)));
      const sends = targets
        .map(({ subscriber, subscriptions }) => ({ subscriber, ids: [...new Set(subscriptions.filter(matching).map((s) => s.id))] }))
        .filter((t) => t.ids.length);
      if (sends.length && (selectable.size || !meta.primaryKey.length)) ready.push({ auth, selectable, sends });
    }
    if (!ready.length) return;
    // DELETE is not RLS-checked (as Supabase); INSERT and UPDATE rows must be visible to the subscriber.
    const checked = change.type !== 'DELETE' && meta.rls && meta.primaryKey.length > 0;
    const visible = checked ? await this.visibility(meta, change.record ?? {}, ready.map((r) => r.auth)) : ready.map(() => true);
    ready.forEach(({ selectable, sends }, i) => {
      if (!visible[i]) return;
      const data = this.payload(meta, change, selectable);
      for (const { subscriber, ids } of sends) {
        // The checks above awaited the database: a channel that left meanwhile gets nothing, and
        // one whose token ran out meanwhile is ended now rather than sent one more change.
        if (!this.subscribers.has(subscriber)) continue;
        if (subscriber.auth.expiresAt <= Date.now()) subscriber.expire();
        else subscriber.send({ ids, data });
      }
    });
  }

  /** The `data` object as a subscriber whose role may select `selectable` sees it. */
  private payload(meta: TableMeta, change: Change, selectable: Set<string>): Record<string, unknown> {
    const base = { schema: change.schema, table: change.table, commit_timestamp: change.commitTimestamp, type: change.type };
    const shaped = (record: Record<string, unknown>, old: Record<string, unknown>) =>
      change.type === 'INSERT' ? { record } : change.type === 'UPDATE' ? { record, old_record: old } : { old_record: old };
    if (!meta.primaryKey.length) {
      return { ...base, columns: [], ...shaped({}, {}), errors: ['Error 400: Bad Request, no primary key'] };
    }
    const columns = meta.columns.filter((c) => selectable.has(c.name)).map(({ name, type }) => ({ name, type }));
    const keep = (name: string) => selectable.has(name);
    // With RLS on, only the primary key of a deleted row leaves the database.
    const keepOld = change.type === 'DELETE' && meta.rls ? (name: string) => keep(name) && meta.primaryKey.includes(name) : keep;
    return { ...base, columns, ...shaped(pick(change.record, keep), pick(change.oldRecord, keepOld)), errors: null };
  }

  /**
   * Supabase's check: the row is selected by primary key as each subscriber, with their claims,
   * so the table's policies decide. realtime.check_visibility (50_realtime.sql) does it for all
   * subscribers of a change in one statement, one round trip however many subscribers there are.
   */
  private async visibility(meta: TableMeta, record: Record<string, unknown>, auths: VerifiedToken[]): Promise<boolean[]> {
    const values: string[] = [];
    const where: string[] = [];
    for (const key of meta.primaryKey) {
      const value = record[key];
      if (value === null || value === undefined) return auths.map(() => false);
      const column = meta.columns.find((c) => c.name === key)!;
      values.push(asText(value));
      where.push(`${quoteIdent(key)} = ($1::text[])[${values.length}]::${column.sqlType}`);
    }
    const query = `select exists (select 1 from ${meta.qualified} where ${where.join(' and ')})`;
    const subscribers = auths.map((a) => ({ role: a.claims.role, claims: a.claims }));
    try {
      const { rows } = await this.db.query<{ visible: boolean[] }>(
        'select realtime.check_visibility($1, array(select jsonb_array_elements_text($2::jsonb)), $3::jsonb) as visible',
        [query, JSON.stringify(values), JSON.stringify(subscribers)],
      );
      return auths.map((_, i) => rows[0]?.visible?.[i] === true);
    } catch (error) {
      log.error({ err: error }, '[realtime] RLS check failed');
      return auths.map(() => false);
    }
  }
}
