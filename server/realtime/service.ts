import { SESSION_ENDED, type SessionState } from '../http/live-sessions.ts';
import type { Db } from '../db/adapter.ts';
import type { Keys } from '../keys.ts';
import { ChangeFeed, type Change, type ChangeType, type FeedOptions } from './feed.ts';
import { DEFAULT_EVALUATION, FilterEvaluator, FilterFailure, type EvaluationOptions, type GroupCheck, type GroupVerdict } from './evaluate.ts';
import { FilterError, parseFilter, type Condition } from './filters.ts';
import { TableCatalog, type TableMeta } from './tables.ts';
import type { VerifiedToken } from './tokens.ts';
import type { JwtClaims } from '../db/request-context.ts';

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
  /** Ends the channel with a postgres_changes error the app can read. */
  fail(message: string): void;
  /** Ends the channel with a system error: its token's session has ended. */
  end(message: string): void;
}

export class JoinError extends Error {}

/** Subscribers sharing claims, with what their role may select and what must be evaluated for them. */
interface PreparedGroup {
  selectable: Set<string>;
  targets: { subscriber: Subscriber; subscriptions: Subscription[] }[];
  usable(s: Subscription): boolean;
  check: GroupCheck | undefined;
}

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

function pick(record: Record<string, unknown> | null, keep: (name: string) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record ?? {})) if (keep(key)) out[key] = value;
  return out;
}

/** The postgres_changes engine: validates subscriptions and fans captured changes out to subscribers. */
export class RealtimeService {
  readonly catalog: TableCatalog;
  readonly feed: ChangeFeed;
  readonly evaluator: FilterEvaluator;
  private readonly subscribers = new Set<Subscriber>();

  constructor(
    db: Db, readonly keys: Keys, feedOptions: FeedOptions = {}, evaluation: EvaluationOptions = DEFAULT_EVALUATION,
    /** Whether a token's session still exists; without it, sessions are not checked (unit tests). */
    readonly sessionState: (claims: JwtClaims) => Promise<SessionState> = async () => 'none',
    /** JWT_EXPIRY: the longest a user session's token keeps a channel (verifyRealtimeToken). */
    readonly tokenLifetimeSeconds = 0,
  ) {
    this.catalog = new TableCatalog(db);
    this.evaluator = new FilterEvaluator(db, evaluation);
    this.feed = new ChangeFeed(db, (change) => this.deliver(change), feedOptions);
  }

  add(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
  }

  /**
   * Closes the channels whose token names the ended session, or, when any session may have ended
   * unseen (the listen connection was lost), every channel whose session is no longer there.
   * Changes committed before the end are delivered first (RLS still decides what they show), so a
   * tab learns from its own row's UPDATE that its account was suspended before its channel closes.
   */
  endSession(sessionId: string | undefined): Promise<void> {
    return this.feed.drain().catch(() => undefined).then(() => {
      for (const subscriber of [...this.subscribers]) {
        const named = subscriber.auth.claims.session_id;
        if (sessionId !== undefined) {
          if (typeof named === 'string' && named.toLowerCase() === sessionId.toLowerCase()) subscriber.end(SESSION_ENDED);
          continue;
        }
        this.sessionState(subscriber.auth.claims).then(
          (state) => { if (state === 'ended') subscriber.end(SESSION_ENDED); },
          () => undefined,
        );
      }
    });
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * Checks a join's config.postgres_changes entries the way Supabase's subscription table does,
   * as the joining role: a filter may only name columns it may select, with values of their type.
   */
  async prepare(entries: unknown[], claims: JwtClaims): Promise<Subscription[]> {
    const subscriptions: Subscription[] = [];
    // A join may repeat one filter many times; it is checked once.
    const validated = new Set<string>();
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
        } catch (error) {
          if (error instanceof FilterError) throw new JoinError(`Error parsing \`filter\` params: ${error.message}`, { cause: error });
          throw error;
        }
        const selectable = await this.catalog.selectableColumns(claims.role, meta);
        const hidden = conditions.find((c) => !selectable.has(c.column));
        try {
          if (hidden) throw new FilterError(`invalid column for filter ${hidden.column}`);
          const key = `${meta.qualified}\u0000${filter}`;
          if (!validated.has(key)) await this.evaluator.validate(claims, meta, conditions);
          validated.add(key);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new JoinError(
            `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${described}. Exception: ${message}`,
            { cause: error },
          );
        }
      }
      subscriptions.push({ id: subscriptionId(e), event: event as Subscription['event'], schema, table, filter, conditions });
    }
    return subscriptions;
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
    // DELETE is not RLS-checked (as Supabase); INSERT and UPDATE rows must be visible to the subscriber.
    const checked = change.type !== 'DELETE' && meta.rls && meta.primaryKey.length > 0;

    const now = Date.now();
    // Subscribers with the same claims see the same thing: their filters are evaluated together.
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
    const prepared = (await Promise.all([...groups.values()].map((group) => this.prepareGroup(change, meta, row, checked, group))))
      .filter((p) => p !== undefined);
    // Groups are evaluated together (or side by side) and each subscriber is sent the change as soon
    // as its own filters are decided; the next change waits for all of them, so every subscriber
    // gets changes in order.
    const evaluated = prepared.filter((p) => p.check);
    const verdicts = this.evaluator.checkAll(evaluated.map((p) => p.check!));
    const everyone: GroupVerdict = { visible: Promise.resolve(true), passes: new Map() };
    await Promise.all(prepared.map((p) => this.send(change, meta, p, p.check ? verdicts[evaluated.indexOf(p)] : everyone)));
  }

  /** What a group needs evaluated, or undefined when its role may see nothing of the row. */
  private async prepareGroup(
    change: Change,
    meta: TableMeta,
    row: Record<string, unknown>,
    checked: boolean,
    { auth, targets }: { auth: VerifiedToken; targets: { subscriber: Subscriber; subscriptions: Subscription[] }[] },
  ): Promise<PreparedGroup | undefined> {
    const selectable = await this.catalog.selectableColumns(auth.claims.role, meta);
    if (!selectable.size && meta.primaryKey.length) return undefined;
    // Selecting the row by its key needs the key's columns; without them the row is not visible.
    if (checked && !meta.primaryKey.every((name) => selectable.has(name))) return undefined;
    // A filter on a column the role may not select would reveal that column's value.
    const usable = (s: Subscription) => s.conditions.every((c) => selectable.has(c.column));
    const filters = new Map<string, Condition[]>();
    for (const { subscriptions } of targets) {
      for (const s of subscriptions) if (s.conditions.length && usable(s)) filters.set(s.filter!, s.conditions);
    }
    const check = checked || filters.size
      ? { claims: auth.claims, meta, row, key: checked ? change.record ?? {} : undefined, filters }
      : undefined;
    return { selectable, targets, usable, check };
  }

  private async send(change: Change, meta: TableMeta, group: PreparedGroup, verdict: GroupVerdict): Promise<void> {
    const data = this.payload(meta, change, group.selectable);
    await Promise.all(group.targets.map(async ({ subscriber, subscriptions }) => {
      const decided = await Promise.all(subscriptions.map(async (s) => {
        if (!s.conditions.length) return { s, passed: await verdict.visible };
        return { s, passed: group.usable(s) ? await verdict.passes.get(s.filter!)! : false };
      }));
      // The checks above awaited the database: a channel that left meanwhile gets nothing, and
      // one whose token ran out meanwhile is ended now rather than sent one more change.
      if (!this.subscribers.has(subscriber)) return;
      // A filter that failed on its own would cost every later change of the table the same
      // retry and still miss them: its channel ends, as Supabase ends a subscription it cannot serve.
      const failed = decided.find((d) => d.passed instanceof FilterFailure);
      if (failed) {
        subscriber.fail(`Unable to evaluate filter ${failed.s.filter} on ${meta.schema}.${meta.table}: ${(failed.passed as FilterFailure).error.message}`);
        return;
      }
      const ids = [...new Set(decided.filter((d) => d.passed === true).map((d) => d.s.id))];
      if (!ids.length) return;
      if (subscriber.auth.expiresAt <= Date.now()) subscriber.expire();
      else subscriber.send({ ids, data });
    }));
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
}
