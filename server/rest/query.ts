/**
 * The query step (PostgREST's Query.hs): SQL text from sql.ts run inside the request transaction,
 * whose role, JWT claims and request.* settings row-level security reads.
 */
import type { Queryable } from '../db/adapter.ts';
import { asRequest, type JwtClaims } from '../db/request-context.ts';
import type { ServerContext } from '../context.ts';
import type { CallPlan, MutatePlan } from './plan.ts';
import type { ReadNode } from './read-plan.ts';
import { headerObject, type ApiRequest } from './request.ts';
import { singularityError, type PageResult, type WriteResult } from './response.ts';
import { callPlanStatement, countSql, mutateStatement, Params, readStatement } from './sql.ts';

export type Runner = <T>(readOnly: boolean, fn: (tx: Queryable) => Promise<T>) => Promise<T>;

/**
 * The request transaction: every statement of a request runs in one, as the caller's role with
 * request.jwt.claims, request.method, request.path and request.headers set (cookies left out).
 */
export function requestTransaction(ctx: ServerContext, req: ApiRequest, claims: JwtClaims): Runner {
  const settings = { claims, method: req.method, path: req.path, headers: headerObject(req.headers) };
  return (readOnly, fn) => asRequest(ctx.db, { ...settings, readOnly }, fn);
}

const wantsCount = (req: ApiRequest) => req.prefer.count === 'exact' || req.prefer.count === 'estimated';

async function plannedCount(tx: Queryable, root: ReadNode): Promise<number | undefined> {
  const p = new Params();
  const res = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${countSql(root, p)}`, p.values);
  const plan = res.rows[0]?.['QUERY PLAN'];
  const parsedPlan = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
  return parsedPlan?.[0]?.Plan?.['Plan Rows'];
}

export async function runRead(run: Runner, root: ReadNode, req: ApiRequest): Promise<PageResult> {
  const p = new Params();
  const sql = readStatement(root, p, wantsCount(req), req.method === 'HEAD' ? 'none' : req.shape);
  return run(true, async (tx) => {
    const row = (await tx.query<{ total_result_set: string | null; page_total: string; body: string }>(sql, p.values)).rows[0];
    let total = row.total_result_set === null ? undefined : Number(row.total_result_set);
    const { count } = req.prefer;
    if (count === 'planned' || count === 'estimated') {
      const planned = await plannedCount(tx, root);
      total = count === 'planned' ? planned : Math.max(total ?? 0, planned ?? 0);
    }
    const pageTotal = Number(row.page_total);
    if (req.shape === 'single' && pageTotal !== 1) throw singularityError(pageTotal);
    return { offset: root.range.offset, total, pageTotal, body: req.method === 'HEAD' ? null : row.body };
  });
}

export async function runMutate(run: Runner, plan: MutatePlan, req: ApiRequest): Promise<WriteResult> {
  const p = new Params();
  const sql = mutateStatement(plan, req.shape, p);
  return run(false, async (tx) => {
    const row = (await tx.query<{ page_total: string; header: string; body: string; response_inserted: number | null }>(sql, p.values)).rows[0];
    const pageTotal = Number(row.page_total);
    if (req.shape === 'single' && pageTotal !== 1) throw singularityError(pageTotal);
    return { pageTotal, header: row.header, body: row.body, inserted: row.response_inserted };
  });
}

export async function runCall(run: Runner, plan: CallPlan, req: ApiRequest): Promise<PageResult> {
  const p = new Params();
  const sql = callPlanStatement(plan, wantsCount(req), req.method === 'HEAD' ? 'none' : req.shape, p);
  const result = await run(plan.readOnly, async (tx) => {
    const row = (await tx.query<{ total_result_set: string | null; page_total: string; body: string }>(sql, p.values)).rows[0];
    const pageTotal = Number(row?.page_total ?? 0);
    if (req.shape === 'single' && pageTotal !== 1) throw singularityError(pageTotal);
    return { total: row?.total_result_set == null ? undefined : Number(row.total_result_set), pageTotal, body: row?.body ?? '' };
  });
  return { offset: plan.root.range.offset, ...result, body: req.method === 'HEAD' ? null : result.body };
}
