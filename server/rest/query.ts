/**
 * The query step (PostgREST's Query.hs): SQL text from sql.ts run inside the request transaction,
 * whose role, JWT claims and request.* settings row-level security reads.
 */
import { Rollback, type Queryable } from '../db/adapter.ts';
import { asRequest, onceAsRequest, type JwtClaims, type RequestSettings } from '../db/request-context.ts';
import type { ServerContext } from '../context.ts';
import type { CallPlan, MutatePlan } from './plan.ts';
import type { ReadNode } from './read-plan.ts';
import { headerObject, type ApiRequest } from './request.ts';
import { errors } from './errors.ts';
import { isSingle, type PlanRequest } from './media-types.ts';
import { affectedLimit } from './preferences.ts';
import type { PageResult, WriteResult } from './response.ts';
import { LiteralParams, NotLiteral, Params } from './params.ts';
import { callPlanStatement, countSql, mutateStatement, readStatement } from './sql.ts';

export interface Runner {
  /** Statements of the request in one transaction. */
  transaction<T>(readOnly: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The request's only statement, built by `build`, and its first row. It travels with BEGIN, the
   * settings and COMMIT in one round trip (prepared once per connection, its values written as
   * literal arguments) when its values can be written as literals, otherwise as a parameterized
   * statement in a transaction. Nothing may need rolling back after it has run.
   */
  statement<T>(readOnly: boolean, build: (p: Params) => string): Promise<T | undefined>;
}

/** The request's share of the database: its budget, and the wait for its place (admission.ts). */
export interface RequestShare {
  budget: NonNullable<RequestSettings['budget']>;
  enter(): Promise<() => void>;
}

/**
 * The request transaction: every statement of a request runs in one, as the caller's role with
 * request.jwt.claims, request.method, request.path and request.headers set (cookies left out),
 * after the caller got its place.
 */
export function requestTransaction(ctx: ServerContext, req: ApiRequest, claims: JwtClaims, share: RequestShare): Runner {
  const settings: RequestSettings = { claims, method: req.method, path: req.path, headers: headerObject(req.headers), budget: share.budget, schema: req.schema };
  const admitted = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await share.enter();
    try {
      return await fn();
    } finally {
      release();
    }
  };
  const transaction: Runner['transaction'] = (readOnly, fn) => admitted(() => asRequest(ctx.db, { ...settings, readOnly }, fn));
  return {
    transaction,
    async statement<T>(readOnly: boolean, build: (p: Params) => string) {
      const literal = new LiteralParams();
      let text: string;
      try {
        text = build(literal);
      } catch (error) {
        if (!(error instanceof NotLiteral)) throw error;
        const p = new Params();
        const text = build(p);
        return transaction(readOnly, async (tx) => (await tx.query<T>(text, p.values)).rows[0]);
      }
      return (await admitted(() => onceAsRequest<T>(ctx.db, { ...settings, readOnly }, { text, args: literal.literals }))).rows[0];
    },
  };
}

const wantsCount = (req: ApiRequest) => req.prefer.count === 'exact' || req.prefer.count === 'estimated';

async function plannedCount(tx: Queryable, root: ReadNode): Promise<number | undefined> {
  const p = new Params();
  const res = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${countSql(root, p)}`, p.values);
  const plan = res.rows[0]?.['QUERY PLAN'];
  const parsedPlan = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
  return parsedPlan?.[0]?.Plan?.['Plan Rows'];
}

type ReadRow = { total_result_set: string | null; page_total: string; body: string };

export async function runRead(run: Runner, root: ReadNode, req: ApiRequest): Promise<PageResult> {
  const build = (p: Params) => readStatement(root, p, wantsCount(req), req.method === 'HEAD' ? 'none' : req.shape);
  const { count } = req.prefer;
  const planned = count === 'planned' || count === 'estimated';
  const { row, plannedTotal } = planned
    ? await run.transaction(true, async (tx) => {
      const p = new Params();
      const first = (await tx.query<ReadRow>(build(p), p.values)).rows[0];
      return { row: first, plannedTotal: await plannedCount(tx, root) };
    })
    : { row: (await run.statement<ReadRow>(true, build))!, plannedTotal: undefined };
  let total = row.total_result_set === null ? undefined : Number(row.total_result_set);
  // estimated: exact up to max-rows, past it the planner's estimate when larger (PostgREST's readTotal)
  if (count === 'planned') total = plannedTotal;
  else if (planned && (req.maxRows === undefined || (total ?? 0) > req.maxRows)) total = Math.max(total ?? 0, plannedTotal ?? 0);
  const pageTotal = Number(row.page_total);
  if (isSingle(req.shape) && pageTotal !== 1) throw errors.singularity(pageTotal);
  return { offset: root.range.offset, total, pageTotal, body: req.method === 'HEAD' ? null : row.body };
}

/**
 * A write or call that must check its rows before the transaction ends (a single object, a
 * max-affected limit) or must not commit at all (tx=rollback) runs in a transaction that throws to
 * roll back; other writes commit in the statement's own round trip.
 */
async function runWrite<T>(run: Runner, readOnly: boolean, req: ApiRequest, build: (p: Params) => string, pageTotalOf: (row: T | undefined) => number, limit: number | undefined): Promise<T | undefined> {
  if (!isSingle(req.shape) && limit === undefined && !req.rollback) return run.statement<T>(readOnly, build);
  return run.transaction(readOnly, async (tx) => {
    const p = new Params();
    const row = (await tx.query<T>(build(p), p.values)).rows[0];
    const pageTotal = pageTotalOf(row);
    if (isSingle(req.shape) && pageTotal !== 1) throw errors.singularity(pageTotal);
    if (limit !== undefined && pageTotal > limit) throw errors.maxAffected(pageTotal);
    if (req.rollback) throw new Rollback(row);
    return row;
  });
}

type WriteRow = { page_total: string; header: string; body: string; response_inserted: number | null };

export async function runMutate(run: Runner, plan: MutatePlan, req: ApiRequest): Promise<WriteResult> {
  const limit = plan.kind === 'insert' ? undefined : affectedLimit(req.prefer);
  const row = (await runWrite<WriteRow>(run, false, req, (p) => mutateStatement(plan, req.shape, p), (r) => Number(r!.page_total), limit))!;
  return { pageTotal: Number(row.page_total), header: row.header, body: row.body, inserted: row.response_inserted };
}

export async function runCall(run: Runner, plan: CallPlan, req: ApiRequest): Promise<PageResult> {
  const build = (p: Params) => callPlanStatement(plan, wantsCount(req), req.method === 'HEAD' ? 'none' : req.shape, p);
  const row = await runWrite<ReadRow>(run, plan.readOnly, req, build, (r) => Number(r?.page_total ?? 0), affectedLimit(req.prefer));
  return {
    offset: plan.root.range.offset,
    total: row?.total_result_set == null ? undefined : Number(row.total_result_set),
    pageTotal: Number(row?.page_total ?? 0),
    body: req.method === 'HEAD' ? null : row?.body ?? '',
  };
}

/**
 * PostgREST's plan media type: EXPLAIN of the statement the request would run, in a transaction
 * that is always rolled back, so nothing an ANALYZE executed is kept.
 */
export async function runPlan(run: Runner, plan: PlanRequest, statement: (p: Params) => string, readOnly: boolean): Promise<string> {
  const options = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((o) => o.toUpperCase())].join(', ');
  return run.transaction(readOnly, async (tx) => {
    const p = new Params();
    const rows = (await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (${options}) ${statement(p)}`, p.values)).rows;
    const cell = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    throw new Rollback(plan.format === 'json' ? cell(rows[0]?.['QUERY PLAN']) : rows.map((r) => cell(r['QUERY PLAN'])).join('\n'));
  });
}

/** The statement a request would run, for its plan. */
export const readStatementOf = (root: ReadNode, req: ApiRequest) => (p: Params) => readStatement(root, p, wantsCount(req), req.shape);
export const mutateStatementOf = (plan: MutatePlan, req: ApiRequest) => (p: Params) => mutateStatement(plan, req.shape, p);
export const callStatementOf = (plan: CallPlan, req: ApiRequest) => (p: Params) => callPlanStatement(plan, wantsCount(req), req.shape, p);
