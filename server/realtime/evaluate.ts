import pg from 'pg';
import { isPgError, type Db } from '../db/adapter.ts';
import { requestPrologue, type JwtClaims } from '../db/request-context.ts';
import { Semaphore } from '../db/semaphore.ts';
import { quoteIdent } from '../http/sql-ident.ts';
import { conditionsSql, type Condition } from './filters.ts';
import type { TableMeta } from './tables.ts';
import { log } from '../observability/log.ts';

export interface EvaluationOptions {
  /** Distinct filters evaluated by one statement. */
  chunkSize: number;
  /** Transaction-local statement_timeout of every evaluation. */
  timeoutMs: number;
  /** Evaluations running at once; each holds one pooled connection. */
  concurrency: number;
}

export const DEFAULT_EVALUATION: EvaluationOptions = { chunkSize: 50, timeoutMs: 500, concurrency: 4 };

/** One change as a group of subscribers with the same claims sees it. */
export interface GroupCheck {
  claims: JwtClaims;
  meta: TableMeta;
  /** The row filters are tested against. */
  row: Record<string, unknown>;
  /** Primary-key values to select the row by as the subscriber (RLS), or undefined: no check. */
  key: Record<string, unknown> | undefined;
  /** Distinct filters by their text. */
  filters: Map<string, Condition[]>;
}

/** A filter whose own statement failed: the error, so its subscribers can be told and dropped. */
export class FilterFailure {
  constructor(readonly error: Error) {}
}

/** Per filter: the row is visible and passes it; `visible`: the row is visible at all. */
export interface GroupVerdict {
  visible: Promise<boolean>;
  passes: Map<string, Promise<boolean | FilterFailure>>;
}

/** SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Evaluates subscribers' filters and row visibility as the subscriber: the role and claims of its
 * token are set for the transaction, as for an API request, so the table's policies and privileges
 * apply and the statement gets a short transaction-local timeout. Filters go in chunks of at most
 * `chunkSize` per statement; a chunk that fails or times out is evaluated again one filter at a
 * time, so only the filter at fault misses the change.
 */
export class FilterEvaluator {
  private readonly slots: Semaphore;

  constructor(private readonly db: Db, readonly options: EvaluationOptions = DEFAULT_EVALUATION) {
    this.slots = new Semaphore(options.concurrency);
  }

  check(group: GroupCheck): GroupVerdict {
    const names = [...group.filters.keys()];
    const chunks: string[][] = [];
    for (let i = 0; i < names.length; i += this.options.chunkSize) chunks.push(names.slice(i, i + this.options.chunkSize));
    if (!chunks.length) chunks.push([]);

    const passes = new Map<string, Promise<boolean | FilterFailure>>();
    const settle = new Map<string, (passed: boolean | FilterFailure) => void>();
    for (const name of names) passes.set(name, new Promise((resolve) => settle.set(name, resolve)));
    // The row is visible once any statement says so; false once all of them failed or said no.
    let pending = 0;
    let settleVisible: (visible: boolean) => void = () => undefined;
    const visible = new Promise<boolean>((resolve) => (settleVisible = resolve));
    const attempt = (chunk: string[]): void => {
      pending++;
      void this.run(group, chunk).then(
        (result) => {
          for (const name of chunk) settle.get(name)!(result.visible && result.passed.get(name) === true);
          if (result.visible) settleVisible(true);
        },
        (error: unknown) => {
          log.error({ err: error }, `[realtime] evaluating ${chunk.length} filter(s) on ${group.meta.qualified} failed`);
          // The statement itself failed (a timeout, a filter that no longer fits the table): alone,
          // a filter misses the change only through its own fault. Anything else (no connection)
          // would fail again, once per filter.
          if (chunk.length > 1 && isPgError(error)) for (const name of chunk) attempt([name]);
          // A comparison alone does not take 500 ms: a timeout then means a loaded server, and the
          // change is missed rather than the channel ended.
          else if (chunk.length === 1 && isPgError(error) && error.code !== QUERY_CANCELED) settle.get(chunk[0])!(new FilterFailure(error));
          else for (const name of chunk) settle.get(name)!(false);
        },
      ).finally(() => {
        if (--pending === 0) settleVisible(false);
      });
    };
    for (const chunk of chunks) attempt(chunk);
    return { visible, passes };
  }

  /**
   * Evaluates `conditions` once against an empty row as the subscriber: values that do not cast to
   * the column's type, or a statement the role may not run, throw.
   */
  async validate(claims: JwtClaims, meta: TableMeta, conditions: Condition[]): Promise<void> {
    await this.run({ claims, meta, row: {}, key: undefined, filters: new Map([['', conditions]]) }, ['']);
  }

  /**
   * Verdicts for several groups of one change. Groups with few filters share one statement, which
   * switches role and claims for each (realtime.evaluate_as_subscribers, 50_realtime.sql); if it
   * fails, each group is evaluated on its own as {@link check} does, so one group's fault stays its own.
   */
  checkAll(groups: GroupCheck[]): GroupVerdict[] {
    const verdicts: GroupVerdict[] = new Array(groups.length);
    let batch: number[] = [];
    let size = 0;
    const flush = () => {
      if (batch.length === 1) verdicts[batch[0]] = this.check(groups[batch[0]]);
      else if (batch.length > 1) this.batch(batch.map((i) => groups[i])).forEach((verdict, j) => (verdicts[batch[j]] = verdict));
      batch = [];
      size = 0;
    };
    groups.forEach((group, i) => {
      const cost = Math.max(1, group.filters.size);
      if (cost > this.options.chunkSize) {
        verdicts[i] = this.check(group);
        return;
      }
      if (size + cost > this.options.chunkSize) flush();
      batch.push(i);
      size += cost;
    });
    flush();
    return verdicts;
  }

  private batch(groups: GroupCheck[]): GroupVerdict[] {
    const results = this.runBatch(groups).catch((error: unknown) => {
      log.warn({ err: error }, `[realtime] evaluating ${groups.length} subscriber groups together failed, evaluating each alone`);
      return undefined;
    });
    let alone: GroupVerdict[] | undefined;
    const fallback = () => (alone ??= groups.map((group) => this.check(group)));
    return groups.map((group, i) => ({
      visible: results.then((r) => (r ? r[i].visible : fallback()[i].visible)),
      passes: new Map([...group.filters.keys()].map((name) => [
        name,
        results.then((r) => (r ? r[i].visible && r[i].passed.get(name) === true : fallback()[i].passes.get(name)!)),
      ])),
    }));
  }

  private async runBatch(groups: GroupCheck[]): Promise<{ visible: boolean; passed: Map<string, boolean> }[]> {
    const statements = groups.map((group) => {
      const { sql, params } = statement(group, [...group.filters.keys()], (n) => `($1::text[])[${n}]`);
      return { claims: group.claims, query: sql, params };
    });
    const { rows } = await this.slotted(() => this.db.once<{ results: boolean[][] }>(
      { text: 'select realtime.evaluate_as_subscribers($1::jsonb) as results', args: [pg.escapeLiteral(JSON.stringify(statements))] },
      { readOnly: true, prologue: this.timeout() },
    ));
    const results = rows[0]?.results ?? [];
    return groups.map((group, i) => verdictOf([...group.filters.keys()], results[i]));
  }

  private async run(group: GroupCheck, names: string[]): Promise<{ visible: boolean; passed: Map<string, boolean> }> {
    const { sql, params } = statement(group, names, (n) => `$${n}`);
    // BEGIN, the subscriber's settings, the timeout, the statement and COMMIT in one round trip.
    const { rows } = await this.slotted(() => this.db.once<{ result: boolean[] }>({ text: sql, args: params.map((value) => pg.escapeLiteral(value)) }, {
      // Not the anonymous share of the pool: the feed waits for these statements, and a flood of
      // anonymous REST requests must not hold up changes for staff. Their own `concurrency` bounds them.
      readOnly: true,
      prologue: `${requestPrologue(this.db, { claims: group.claims, method: 'GET', path: '/realtime/v1/websocket' })}; ${this.timeout()}`,
    }));
    return verdictOf(names, rows[0]?.result);
  }

  private timeout(): string {
    return `select set_config('statement_timeout', '${Math.max(1, Math.floor(this.options.timeoutMs))}', true)`;
  }

  private async slotted<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.slots.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/**
 * One statement answering, for the row as `group` sees it: [visible, passes filter 1, ...].
 * `placeholder(n)` is how the statement reads the n-th of `params`.
 */
function statement(group: GroupCheck, names: string[], placeholder: (n: number) => string): { sql: string; params: string[] } {
  const { meta } = group;
  const params: string[] = [];
  const param = (value: string) => {
    params.push(value);
    return placeholder(params.length);
  };
  const row = param(JSON.stringify(group.row));
  const filters = names.map((name) => conditionsSql(group.filters.get(name)!, meta, param));
  let visibility = 'true';
  if (group.key) {
    const where = meta.primaryKey.map((name) => {
      const column = meta.columns.find((c) => c.name === name)!;
      return `${quoteIdent(name)} = ${param(asText(group.key![name]))}::${column.sqlType}`;
    });
    visibility = `exists (select 1 from ${meta.qualified} where ${where.join(' and ')})`;
  }
  return {
    sql: `select array[${[visibility, ...filters].join(', ')}]::boolean[] as result
            from (select jsonb_populate_record(null::${meta.qualified}, ${row}::jsonb) as r) as x`,
    params,
  };
}

function verdictOf(names: string[], result: boolean[] | undefined): { visible: boolean; passed: Map<string, boolean> } {
  return { visible: result?.[0] === true, passed: new Map(names.map((name, i) => [name, result?.[i + 1] === true])) };
}
