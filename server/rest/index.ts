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
import { callStatementOf, mutateStatementOf, readStatementOf, requestTransaction, runCall, runMutate, runPlan, runRead, type RequestShare } from './query.ts';
import { readPayload, readRequest, type ApiRequest, type Target } from './request.ts';
import { planContentType } from './media-types.ts';
import { refused } from './negotiate.ts';
import { contentLocation, errorResponse, pageResponse, respond, voidResponse, writeResponse } from './response.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';
import { log } from '../observability/log.ts';
import { requestIdOf } from '../observability/requests.ts';

export function createRestApp(ctx: ServerContext): Hono {
  const schemas = ctx.config.restSchemas;
  const options = { aggregates: ctx.config.restAggregates, plan: ctx.config.restPlan };
  // one schema cache per exposed schema (PostgREST's db-schemas), each loaded on first use
  const caches = new Map<string, Promise<SchemaCache>>();
  const getCache = (name: string) => {
    let cache = caches.get(name);
    if (!cache) {
      cache = loadSchemaCache(ctx.db, name, options).catch((error: unknown) => {
        caches.delete(name);
        throw error;
      });
      caches.set(name, cache);
    }
    return cache;
  };
  ctx.onSchemaChange(async () => {
    caches.clear();
    await getCache(schemas[0]);
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
      const asked = readRequest(c, target, { txEnd: ctx.config.restTxEnd, schemas, maxRows: ctx.config.restMaxRows });
      const schema = await getCache(asked.schema);
      if (asked.plan && !schema.plan) throw errors.planDisabled((asked.headers.get('accept') ?? '').trim());
      // a plan is the plan of the query answering in the media type it is for
      const req = asked.plan ? { ...asked, shape: asked.plan.for } : asked;
      const tag = req.method === 'GET' && isAnonymous(c, ctx.keys);
      const run = requestTransaction(ctx, req, caller.claims, await shareOf(caller, req));
      const profile: Record<string, string> = schemas.length > 1 ? { 'Content-Profile': req.schema } : {};
      const planned = async (statement: Parameters<typeof runPlan>[2], readOnly: boolean) =>
        respond(200, await runPlan(run, req.plan!, statement, readOnly), { 'Content-Type': planContentType(req.plan!), ...profile });

      if (target.kind === 'rpc') {
        const plan = planCall(schema, req, await readPayload(req));
        if (!plan.routine.returnsSet && affectedLimit(req.prefer) !== undefined) throw errors.maxAffectedScalar();
        if (plan.scalar && (req.shape === 'csv' || req.shape === 'geojson')) throw refused(req.headers.get('accept'));
        if (req.plan) return planned(callStatementOf(plan, req), plan.readOnly);
        const result = await runCall(run, plan, req);
        return plan.routine.returnsVoid ? voidResponse(result, req.prefer) : pageResponse(result, req.shape, req.prefer, profile, tag);
      }
      const table = schema.tables.get(target.name);
      if (!table) throw errors.tableNotFound(schema.schema, target.name);
      if (req.isRead) {
        const root = planRead(schema, table, req);
        if (req.plan) return planned(readStatementOf(root, req), true);
        const result = await runRead(run, root, req);
        return pageResponse(result, req.shape, { ...req.prefer, maxAffected: undefined }, { ...contentLocation(target.name, req.query), ...profile }, tag);
      }
      const plan = planMutate(schema, table, req, await readPayload(req));
      if (req.plan) return planned(mutateStatementOf(plan, req), false);
      const result = await runMutate(run, plan, req);
      return writeResponse(result, {
        table: table.name, method: req.method as 'POST' | 'PATCH' | 'DELETE', prefer: req.prefer, shape: req.shape,
        resolvable: table.pk.length > 0 || req.parsed.onConflict !== undefined, headers: profile,
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
