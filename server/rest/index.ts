/**
 * /rest/v1: a PostgREST 12-compatible subset, laid out as PostgREST's App.hs: the caller, then the
 * request (request.ts), the plan checked against the schema cache (plan.ts), the query run as the
 * caller's role inside one transaction so row-level security decides (query.ts, SQL in sql.ts),
 * and the response (response.ts).
 */
import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { PoolTimeout } from '../db/adapter.ts';
import { isAnonymous } from '../http/anonymous.ts';
import type { Caller } from '../http/caller.ts';
import { Admission, ApprovalCache, type Lane } from './admission.ts';
import { restCaller } from './caller.ts';
import { errors, RestError, toRestError } from './errors.ts';
import { planCall, planMutate, planRead } from './plan.ts';
import { patternTimeout } from './pattern-budget.ts';
import { affectedLimit } from './preferences.ts';
import { requestTransaction, runCall, runMutate, runRead, type RequestShare } from './query.ts';
import { readPayload, readRequest, SCHEMA, type ApiRequest, type Target } from './request.ts';
import { contentLocation, errorResponse, pageResponse, respond, voidResponse, writeResponse } from './response.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';
import { log } from '../observability/log.ts';
import { requestIdOf } from '../observability/requests.ts';

export function createRestApp(ctx: ServerContext): Hono {
  let cache: Promise<SchemaCache> | undefined;
  const getCache = () => {
    cache ??= loadSchemaCache(ctx.db, SCHEMA, { aggregates: ctx.config.restAggregates }).catch((error: unknown) => {
      cache = undefined;
      throw error;
    });
    return cache;
  };
  ctx.onSchemaChange(async () => {
    cache = undefined;
    await getCache();
  });

  const admission = new Admission({ poolSize: ctx.config.dbPoolSize, acquisitionTimeoutMs: ctx.config.dbPoolAcquisitionTimeoutMs });
  const approvals = new ApprovalCache(ctx.db);

  /**
   * The caller's lane and key: an account that is not approved can see no more than a visitor, so
   * it gets a visitor's budget; visitors are told apart by the address the gateway resolved.
   */
  const shareOf = async (caller: Caller, req: ApiRequest): Promise<RequestShare> => {
    const { role, sub } = caller.claims;
    let lane: Lane = 'anon';
    let key = req.headers.get('x-forwarded-for') ?? 'unknown';
    if (role === 'service_role') {
      lane = 'member';
      key = role;
    } else if (role !== 'anon') {
      key = typeof sub === 'string' ? sub : role;
      if (typeof sub === 'string' && await approvals.approved(sub)) lane = 'member';
    }
    const statementTimeout = patternTimeout(req.parsed);
    return { budget: { lane, statementTimeout }, enter: () => admission.enter(lane, key, statementTimeout !== undefined) };
  };

  const handle = async (c: Context, target: Target): Promise<Response> => {
    let caller: Caller = { claims: { role: 'anon' }, authenticated: false };
    try {
      caller = await restCaller(ctx, c.req.raw);
      if (c.req.method.toUpperCase() === 'OPTIONS') {
        return respond(200, null, { Allow: target.kind === 'rpc' ? 'OPTIONS,GET,HEAD,POST' : 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' });
      }
      const req = readRequest(c, target, ctx.config.restTxEnd);
      const tag = req.method === 'GET' && isAnonymous(c, ctx.keys);
      const schema = await getCache();
      const run = requestTransaction(ctx, req, caller.claims, await shareOf(caller, req));

      if (target.kind === 'rpc') {
        const plan = planCall(schema, req, await readPayload(req));
        if (!plan.routine.returnsSet && affectedLimit(req.prefer) !== undefined) throw errors.maxAffectedScalar();
        const result = await runCall(run, plan, req);
        return plan.routine.returnsVoid ? voidResponse(result, req.prefer) : pageResponse(result, req.shape, req.prefer, {}, tag);
      }
      const table = schema.tables.get(target.name);
      if (!table) throw errors.tableNotFound(SCHEMA, target.name);
      if (req.isRead) {
        const root = planRead(schema, table, req);
        const result = await runRead(run, root, req);
        return pageResponse(result, req.shape, { ...req.prefer, maxAffected: undefined }, contentLocation(target.name, req.query), tag);
      }
      const plan = planMutate(schema, table, req, await readPayload(req));
      const result = await runMutate(run, plan, req);
      return writeResponse(result, {
        table: table.name, method: req.method as 'POST' | 'PATCH' | 'DELETE', prefer: req.prefer, shape: req.shape,
        resolvable: table.pk.length > 0 || req.parsed.onConflict !== undefined,
      });
    } catch (error) {
      const e = toRestError(error, caller.authenticated);
      if (error instanceof PoolTimeout) log.warn({ reqId: requestIdOf(c), method: c.req.method, path: c.req.path }, `[rest] ${error.message}`);
      else if (e.status >= 500 && !(error instanceof RestError)) log.error({ err: error, reqId: requestIdOf(c), method: c.req.method, path: c.req.path }, '[rest] request failed');
      return errorResponse(e);
    }
  };

  const app = new Hono();
  app.all('/rpc/:name', (c) => handle(c, { kind: 'rpc', name: c.req.param('name') }));
  app.all('/:name', (c) => handle(c, { kind: 'table', name: c.req.param('name') }));
  app.all('*', (c) => c.json({}, 404));
  return app;
}
