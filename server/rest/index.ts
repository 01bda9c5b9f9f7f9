/**
 * /rest/v1: a PostgREST 12-compatible subset. Each request is verified (JWT), parsed, checked
 * against the schema cache, then run as one statement inside asRequest() so that the JWT role
 * and row-level security decide what it may see and change.
 */
import { Hono, type Context } from 'hono';
import { Rollback, type Queryable } from '../db/adapter.ts';
import { API_ROLES, asRequest, type JwtClaims } from '../db/request-context.ts';
import type { ServerContext } from '../context.ts';
import { JwtError } from '../keys.ts';
import { restError, RestError, toRestError } from './errors.ts';
import {
  hasOperator, parseColumns, parseFilter, parseLogic, parseOrder, parseSelect,
  type FilterParam, type LogicParam, type OrderTerm, type SelectItem,
} from './parser.ts';
import {
  buildTree, checkFilterField, checkLogic, checkOrder, findNode, ident,
  type Range, type ReadNode,
} from './plan.ts';
import { loadSchemaCache, type Column, type Routine, type SchemaCache, type Table } from './schema-cache.ts';
import {
  callStatement, countSql, insertSql, jsonBodySql, logicSql, Params, readSql, readStatement, returningSql, writeStatement,
  type BodyShape,
} from './sql.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_QUERY_LENGTH = 16 * 1024;
const SCHEMA = 'public';
const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

interface Prefer {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
}

function parsePrefer(headers: Headers): Prefer {
  const prefs = (headers.get('prefer') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    for (const p of prefs) {
      const [k, v] = p.split('=');
      if (k === key && (allowed as readonly string[]).includes(v)) return v as T;
    }
    return undefined;
  };
  return {
    resolution: pick('resolution', ['merge-duplicates', 'ignore-duplicates']),
    return: pick('return', ['representation', 'minimal', 'headers-only']),
    count: pick('count', ['exact', 'planned', 'estimated']),
    missing: pick('missing', ['default', 'null']),
  };
}

function preferenceApplied(values: (string | undefined)[]): Record<string, string> {
  const list = values.filter((v): v is string => v !== undefined);
  return list.length ? { 'Preference-Applied': list.join(', ') } : {};
}

/** Accept negotiation limited to what supabase-js sends: JSON arrays, or one object. */
function negotiate(accept: string | undefined): 'array' | 'single' {
  if (!accept) return 'array';
  for (const part of accept.split(',')) {
    const type = part.split(';')[0].trim().toLowerCase();
    if (type === '*/*' || type === 'application/json' || type === 'application/*') return 'array';
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return 'single';
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${accept.split(',').map((s) => s.split(';')[0].trim()).join(', ')}`);
}

function singularityError(n: number): RestError {
  return new RestError(406, {
    code: 'PGRST116',
    details: `The result contains ${n} rows`,
    hint: null,
    message: 'JSON object requested, multiple (or no) rows returned',
  }, { 'Content-Type': OBJECT_TYPE });
}

const encodeComponent = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

interface Query {
  params: [string, string][];
  get(name: string): string | undefined;
}

function parseQuery(url: string): Query {
  const q = url.indexOf('?');
  const raw = q < 0 ? '' : url.slice(q + 1);
  if (raw.length > MAX_QUERY_LENGTH) throw restError(414, 'PGRST100', 'Query string too long', `The query string is longer than ${MAX_QUERY_LENGTH} characters.`);
  const params = [...new URLSearchParams(raw)];
  return { params, get: (name) => params.find(([k]) => k === name)?.[1] };
}

const lastSegment = (key: string) => key.split('.').pop() ?? key;
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

interface Parsed {
  select: SelectItem[];
  filters: FilterParam[];
  /** RPC GET arguments: parameters without an operator. */
  args: Record<string, string>;
  logic: LogicParam[];
  orders: { path: string[]; terms: OrderTerm[] }[];
  ranges: Map<string, { limit?: number; offset?: number }>;
  hasRangeParams: boolean;
  columns: string[] | undefined;
  onConflict: string[] | undefined;
}

function toInt(value: string): number | undefined {
  return /^-?\d+$/.test(value) && value.length < 16 ? Number(value) : undefined;
}

function parseParams(query: Query, rpcGet: boolean): Parsed {
  const out: Parsed = {
    select: parseSelect(query.get('select') ?? '*'),
    filters: [], args: {}, logic: [], orders: [], ranges: new Map(), hasRangeParams: false,
    columns: undefined, onConflict: undefined,
  };
  const columns = query.get('columns');
  if (columns !== undefined) out.columns = parseColumns('columns parameter', columns);
  const onConflict = query.get('on_conflict');
  if (onConflict !== undefined) out.onConflict = parseColumns('on_conflict parameter', onConflict);
  for (const [key, value] of query.params) {
    if (RESERVED.has(key)) continue;
    const last = lastSegment(key);
    if (RESERVED_EMBEDDABLE.has(last)) {
      if (value === '') continue;
      const path = key.split('.').slice(0, -1);
      if (last === 'order') out.orders.push({ path, terms: parseOrder(value) });
      else if (last === 'and' || last === 'or') out.logic.push(parseLogic(key, value));
      else {
        out.hasRangeParams = true;
        const n = toInt(value);
        if (n === undefined) continue;
        const id = path.join('.');
        const r = out.ranges.get(id) ?? {};
        if (last === 'limit') r.limit = n; else r.offset = n;
        out.ranges.set(id, r);
      }
      continue;
    }
    if (value === '') continue;
    if (rpcGet && !hasOperator(value)) {
      out.args[key] = value;
      continue;
    }
    out.filters.push(parseFilter(key, value));
  }
  return out;
}

/** PostgREST's range arithmetic: limit/offset parameters intersected with a Range header (GET only). */
function topRange(limit: number | undefined, offset: number | undefined, header: string | undefined): Range {
  let lower = Math.max(offset ?? 0, 0);
  let upper = limit === undefined ? Infinity : lower + limit - 1;
  if (limit === 0) return { offset: 0, limit: 0 };
  if (header) {
    const m = /^(\d+)-(\d*)$/.exec(header.replace(/^items=/, '').trim());
    if (m) {
      const hLower = Number(m[1]);
      const hUpper = m[2] === '' ? Infinity : Number(m[2]);
      if (hLower > hUpper) {
        throw restError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
      }
      lower = Math.max(lower, hLower);
      upper = Math.min(upper, hUpper);
    }
  }
  if (lower > upper) throw restError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.');
  return { offset: lower, limit: upper === Infinity ? undefined : upper - lower + 1 };
}

function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  const tooLarge = () => restError(413, 'PGRST413', 'Payload too large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface Payload { text: string; keys: string[] }

/** ApiRequest.getPayload: JSON object or array (same keys in every object), or a urlencoded form. */
function parsePayload(raw: string, contentType: string | undefined, isRpc: boolean, columns: string[] | undefined): Payload {
  const mime = (contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (mime === 'application/x-www-form-urlencoded') {
    const obj = Object.fromEntries(new URLSearchParams(raw));
    return { text: JSON.stringify(obj), keys: Object.keys(obj) };
  }
  if (mime !== 'application/json') throw restError(400, 'PGRST102', `Content-Type not acceptable: ${mime}`);
  if (raw.trim() === '' && isRpc) return { text: '{}', keys: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw restError(400, 'PGRST102', 'Empty or invalid json');
  }
  if (columns) return { text: raw, keys: columns };
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(json)) {
    if (json.length === 0) return { text: '[]', keys: [] };
    if (!isObj(json[0])) throw restError(400, 'PGRST102', 'All object keys must match');
    const keys = Object.keys(json[0]).sort();
    const same = json.every((o) => isObj(o) && Object.keys(o).sort().join('\u0000') === keys.join('\u0000'));
    if (!same) throw restError(400, 'PGRST102', 'All object keys must match');
    return { text: raw, keys };
  }
  if (isObj(json)) return { text: raw, keys: Object.keys(json).sort() };
  return { text: '[]', keys: [] };
}

function tableColumns(table: Table, names: string[]): Column[] {
  return [...new Set(names)].sort().map((name) => {
    const col = table.columns.get(name);
    if (!col) throw restError(400, 'PGRST204', `Column '${name}' of relation '${table.name}' does not exist`);
    return col;
  });
}

/** Applies filters, and/or trees, orders and embed ranges to the plan tree (root filters optional). */
function applyParams(root: ReadNode, parsed: Parsed, opts: { rootFilters: boolean; orders: boolean }): void {
  for (const { embedPath, filter } of parsed.filters) {
    if (embedPath.length === 0 && !opts.rootFilters) continue;
    const node = findNode(root, embedPath);
    checkFilterField(node, filter);
    node.where.push({ kind: 'stmt', filter });
  }
  for (const { embedPath, tree } of parsed.logic) {
    if (embedPath.length === 0 && !opts.rootFilters) continue;
    const node = findNode(root, embedPath);
    checkLogic(node, tree);
    node.where.push(tree);
  }
  if (!opts.orders) return;
  for (const { path, terms } of parsed.orders) {
    const node = findNode(root, path);
    checkOrder(node, terms);
    node.order = terms;
  }
  for (const [id, r] of parsed.ranges) {
    if (id === '') continue;
    const node = findNode(root, id.split('.'));
    node.range = topRange(r.limit, r.offset, undefined);
  }
}

/** Columns a write must RETURN so the select (and its embeds) can be answered (inferColsEmbedNeeds). */
function returnings(root: ReadNode, pk: string[]): string[] {
  const names = root.select.map((s) => s.field.name);
  if (names.includes('*') || (root.select.length === 0 && root.children.length === 0)) return ['*'];
  const fk = root.children.flatMap((c) => c.rel.columns.map(([parentCol]) => parentCol));
  return [...new Set([...names, ...fk, ...pk])].sort();
}

interface Auth { claims: JwtClaims; authenticated: boolean }

/**
 * Verified tokens by their exact text, kept only while `exp` has not passed: the claims of a
 * signed token cannot change, and every request of a browser session (and every anonymous one,
 * with the anon key) carries the same token, so the HMAC check need not run each time.
 */
const VERIFIED_MAX = 1000;

async function verifyCached(ctx: ServerContext, cache: Map<string, JwtClaims>, token: string): Promise<JwtClaims> {
  const hit = cache.get(token);
  if (hit && typeof hit.exp === 'number' && Date.now() / 1000 < hit.exp) return hit;
  if (hit) cache.delete(token);
  const claims = await ctx.keys.verify(token);
  if (typeof claims.exp === 'number' && Date.now() / 1000 < claims.exp) {
    if (cache.size >= VERIFIED_MAX) cache.clear();
    cache.set(token, Object.freeze(claims));
  }
  return claims;
}

async function authenticate(ctx: ServerContext, cache: Map<string, JwtClaims>, header: string | undefined): Promise<Auth> {
  const m = header ? /^bearer\s+(.*)$/i.exec(header.trim()) : null;
  const token = m ? m[1].trim() : '';
  if (!token) return { claims: { role: 'anon' }, authenticated: false };
  let claims: JwtClaims;
  try {
    claims = await verifyCached(ctx, cache, token);
  } catch (error) {
    // PostgREST 12.0.2 answers every JWT problem with PGRST301 (later versions use PGRST303 for claims).
    const message = error instanceof JwtError && error.reason === 'expired' ? 'JWT expired'
      : error instanceof JwtError && error.reason === 'invalid_signature' ? 'JWSError JWSInvalidSignature'
        : error instanceof JwtError && error.reason === 'claims' ? error.message
          : `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${token.split('.').length})`;
    throw new RestError(401, { code: 'PGRST301', details: null, hint: null, message },
      { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` });
  }
  const role = String(claims.role);
  if (!(API_ROLES as readonly string[]).includes(role)) {
    // authenticator is only a member of the API roles; switching to anything else is refused by PostgreSQL.
    throw restError(role === 'anon' ? 401 : 403, '42501', `permission denied to set role "${role}"`);
  }
  return { claims: { ...claims, role }, authenticated: role !== 'anon' };
}

export function createRestApp(ctx: ServerContext): Hono {
  let cache: Promise<SchemaCache> | undefined;
  const getCache = () => {
    cache ??= loadSchemaCache(ctx.db, SCHEMA).catch((error: unknown) => {
      cache = undefined;
      throw error;
    });
    return cache;
  };
  ctx.onSchemaChange(async () => {
    cache = undefined;
    await getCache();
  });

  const app = new Hono();
  const verified = new Map<string, JwtClaims>();

  const respond = (status: number, body: string | null, headers: Record<string, string>) =>
    new Response(body === null || body === '' ? null : body, { status, headers });

  const handle = async (c: Context, target: { kind: 'table' | 'rpc'; name: string }): Promise<Response> => {
    let auth: Auth = { claims: { role: 'anon' }, authenticated: false };
    try {
      auth = await authenticate(ctx, verified, c.req.header('authorization'));
      const method = c.req.method.toUpperCase();
      const headers = c.req.raw.headers;
      if (method === 'OPTIONS') {
        return respond(200, null, { Allow: target.kind === 'rpc' ? 'OPTIONS,GET,HEAD,POST' : 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' });
      }
      const isRead = method === 'GET' || method === 'HEAD';
      const profile = isRead ? headers.get('accept-profile') : headers.get('content-profile');
      if (profile !== null && profile !== SCHEMA) {
        throw restError(406, 'PGRST106', `The schema must be one of the following: ${SCHEMA}`);
      }
      if (target.kind === 'rpc' && !['GET', 'HEAD', 'POST'].includes(method)) {
        throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
      }
      if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
        throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      }
      const query = parseQuery(c.req.url);
      const parsed = parseParams(query, target.kind === 'rpc' && isRead);
      const prefer = parsePrefer(headers);
      const shape = negotiate(headers.get('accept') ?? undefined);
      const schema = await getCache();
      const settings = {
        claims: auth.claims,
        method,
        path: new URL(c.req.url).pathname.replace(/^\/rest\/v1/, ''),
        headers: headerObject(headers),
      };
      const base = {
        'Content-Location': `/${target.name}${query.params.length ? '?' + [...query.params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&') : ''}`,
      };
      const run = <T>(readOnly: boolean, fn: (tx: Queryable) => Promise<T>) => asRequest(ctx.db, { ...settings, readOnly }, fn);

      if (target.kind === 'rpc') return await handleRpc(schema, target.name, method, parsed, prefer, shape, headers, c.req.raw, run);

      const table = schema.tables.get(target.name);
      if (!table) throw restError(404, '42P01', `relation "${SCHEMA}.${target.name}" does not exist`);
      const rootLimit = parsed.ranges.get('');
      if (isRead) {
        const root = buildTree(schema, { table, fromSql: `${ident(SCHEMA)}.${ident(table.name)}`, alias: undefined }, parsed.select);
        applyParams(root, parsed, { rootFilters: true, orders: true });
        root.range = topRange(rootLimit?.limit, rootLimit?.offset, method === 'GET' ? headers.get('range') ?? undefined : undefined);
        const p = new Params();
        const count = prefer.count === 'exact' || prefer.count === 'estimated';
        const sql = readStatement(root, p, count, method === 'HEAD' ? 'none' : shape);
        const result = await run(true, async (tx) => {
          const row = (await tx.query<{ total_result_set: string | null; page_total: string; body: string }>(sql, p.values)).rows[0];
          let total = row.total_result_set === null ? undefined : Number(row.total_result_set);
          if (prefer.count === 'planned' || prefer.count === 'estimated') {
            const planned = await plannedCount(tx, root);
            total = prefer.count === 'planned' ? planned : Math.max(total ?? 0, planned ?? 0);
          }
          const pageTotal = Number(row.page_total);
          if (shape === 'single' && pageTotal !== 1) throw singularityError(pageTotal);
          return { total, pageTotal, body: row.body };
        });
        const lower = root.range.offset;
        const upper = lower + result.pageTotal - 1;
        let status = 200;
        let body: string | null = method === 'HEAD' ? null : result.body;
        if (result.total !== undefined) {
          if (lower > result.total) {
            status = 416;
            body = JSON.stringify({
              code: 'PGRST103', details: `An offset of ${lower} was requested, but there are only ${result.total} rows.`,
              hint: null, message: 'Requested range not satisfiable',
            });
          } else if (1 + upper - lower < result.total) status = 206;
        }
        return respond(status, body, {
          'Content-Range': contentRange(lower, upper, result.total), ...base,
          'Content-Type': status === 416 ? JSON_TYPE : shape === 'single' ? OBJECT_TYPE : JSON_TYPE,
          ...preferenceApplied([prefer.count && `count=${prefer.count}`]),
        });
      }
      return await handleWrite(schema, table, method as 'POST' | 'PATCH' | 'DELETE', parsed, prefer, shape, headers, c.req.raw, run);
    } catch (error) {
      const e = toRestError(error, auth.authenticated);
      if (e.status >= 500) console.error('[rest]', c.req.method, c.req.path, error);
      return respond(e.status, JSON.stringify(e.body), { 'Content-Type': JSON_TYPE, ...e.headers });
    }
  };

  app.all('/rpc/:name', (c) => handle(c, { kind: 'rpc', name: c.req.param('name') }));
  app.all('/:name', (c) => handle(c, { kind: 'table', name: c.req.param('name') }));
  app.all('*', (c) => c.json({}, 404));
  return app;
}

function headerObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (key !== 'cookie') out[key] = value;
  });
  return out;
}

type Runner = <T>(readOnly: boolean, fn: (tx: Queryable) => Promise<T>) => Promise<T>;

async function plannedCount(tx: Queryable, root: ReadNode): Promise<number | undefined> {
  const p = new Params();
  const res = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${countSql(root, p)}`, p.values);
  const plan = res.rows[0]?.['QUERY PLAN'];
  const parsedPlan = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
  return parsedPlan?.[0]?.Plan?.['Plan Rows'];
}

async function handleWrite(
  schema: SchemaCache, table: Table, method: 'POST' | 'PATCH' | 'DELETE', parsed: Parsed, prefer: Prefer,
  shape: 'array' | 'single', headers: Headers, req: Request, run: Runner,
): Promise<Response> {
  const root = buildTree(schema, { table, fromSql: 'pgrst_source', alias: table.name }, parsed.select);
  applyParams(root, parsed, { rootFilters: false, orders: false });
  const rootFilters = parsed.filters.filter((f) => f.embedPath.length === 0);
  const rootLogic = parsed.logic.filter((l) => l.embedPath.length === 0);
  const mutationRoot: ReadNode = { ...root, qi: `${ident(SCHEMA)}.${ident(table.name)}`, errName: table.name, where: [], children: [] };
  for (const { filter } of rootFilters) {
    checkFilterField(mutationRoot, filter);
    mutationRoot.where.push({ kind: 'stmt', filter });
  }
  for (const { tree } of rootLogic) {
    checkLogic(mutationRoot, tree);
    mutationRoot.where.push(tree);
  }
  if (method !== 'POST' && parsed.hasRangeParams) {
    if (parsed.orders.length === 0) {
      throw restError(400, 'PGRST109', "A 'limit' was applied without an explicit 'order'", null, "Apply an 'order' using unique column(s)");
    }
    throw restError(400, 'PGRST100', `limit/offset on ${method} is not supported by this server`, 'Filter the rows to change by their primary key instead.');
  }
  const representation = prefer.return === 'representation';
  const rets = prefer.return === undefined || prefer.return === 'minimal' ? [] : returnings(root, table.pk);
  const tableSql = `${ident(SCHEMA)}.${ident(table.name)}`;
  const p = new Params();
  let mutation: string;
  let upsert = false;
  if (method === 'DELETE') {
    if (mutationRoot.where.length === 0) throw restError(400, '21000', 'DELETE requires a WHERE clause');
    mutation = `DELETE FROM ${tableSql} WHERE ${mutationRoot.where.map((t) => logicSql(mutationRoot, t, p)).join(' AND ')} ${returningSql(tableSql, rets)}`;
  } else {
    const payload = parsePayload(await readBody(req), headers.get('content-type') ?? undefined, false, parsed.columns);
    const columns = tableColumns(table, payload.keys);
    const bodyParam = p.add(payload.text);
    if (method === 'POST') {
      const resolution = prefer.resolution;
      const conflictCols = parsed.onConflict ?? table.pk;
      for (const col of conflictCols) if (!table.columns.has(col)) throw restError(400, '42703', `column "${col}" does not exist`);
      upsert = resolution === 'merge-duplicates';
      mutation = insertSql({
        tableSql, columns, bodyParam, defaults: prefer.missing === 'default',
        onConflict: resolution ? { resolution: resolution === 'merge-duplicates' ? 'merge' : 'ignore', columns: conflictCols } : undefined,
        returning: returningSql(tableSql, rets),
      });
    } else if (columns.length === 0) {
      const cols = rets.length === 0 ? 'NULL' : rets.map((c) => (c === '*' ? `${ident(table.name)}.*` : `${ident(table.name)}.${ident(c)}`)).join(', ');
      mutation = `SELECT ${cols} FROM ${tableSql} WHERE false`;
    } else {
      if (mutationRoot.where.length === 0) throw restError(400, '21000', 'UPDATE requires a WHERE clause');
      mutation = `UPDATE ${tableSql} SET ${columns.map((c) => `${ident(c.name)} = "pgrst_body".${ident(c.name)}`).join(', ')} `
        + jsonBodySql(bodyParam, columns, { select: false, limitOne: true, defaults: prefer.missing === 'default' })
        + ` WHERE ${mutationRoot.where.map((t) => logicSql(mutationRoot, t, p)).join(' AND ')} ${returningSql(tableSql, rets)}`;
    }
  }
  const bodyShape: BodyShape = representation ? shape : 'none';
  const selectSql = representation ? readSql(root, p) : '';
  const location = method === 'POST' && prefer.return === 'headers-only' && table.pk.length ? table.pk : undefined;
  const sql = writeStatement(mutation, selectSql, bodyShape, { upsertCount: upsert, location }, p);
  const result = await run(false, async (tx) => {
    const row = (await tx.query<{ page_total: string; header: string; body: string; response_inserted: number | null }>(sql, p.values)).rows[0];
    const pageTotal = Number(row.page_total);
    if (shape === 'single' && pageTotal !== 1) throw singularityError(pageTotal);
    return { pageTotal, header: row.header, body: row.body, inserted: row.response_inserted };
  });
  const count = prefer.count === 'exact' || prefer.count === 'estimated' ? result.pageTotal : undefined;
  const out: Record<string, string> = {};
  if (method === 'POST') {
    const loc = JSON.parse(result.header || '[]') as string[];
    if (loc.length) out.Location = `/${table.name}?${loc.map((kv) => { const i = kv.indexOf('='); return `${encodeComponent(kv.slice(0, i))}=${encodeComponent(kv.slice(i + 1))}`; }).join('&')}`;
    out['Content-Range'] = contentRange(1, 0, count);
  } else if (method === 'PATCH') {
    out['Content-Range'] = contentRange(0, result.pageTotal - 1, count);
  } else {
    out['Content-Range'] = contentRange(1, 0, count);
  }
  const resolutionApplied = method === 'POST' && (table.pk.length > 0 || parsed.onConflict) ? prefer.resolution && `resolution=${prefer.resolution}` : undefined;
  Object.assign(out, preferenceApplied([
    resolutionApplied,
    method !== 'DELETE' && prefer.missing ? `missing=${prefer.missing}` : undefined,
    prefer.return && `return=${prefer.return}`,
    prefer.count && `count=${prefer.count}`,
  ]));
  let status: number;
  if (method === 'POST') status = prefer.resolution === 'merge-duplicates' && (result.inserted ?? 0) <= 0 ? 200 : 201;
  else status = representation ? 200 : 204;
  if (!representation) return new Response(null, { status, headers: out });
  out['Content-Type'] = shape === 'single' ? OBJECT_TYPE : JSON_TYPE;
  return new Response(result.body, { status, headers: out });
}

function chooseRoutine(schema: SchemaCache, name: string, keys: string[], isGet: boolean): Routine {
  const candidates = schema.routines.get(name) ?? [];
  const matches = candidates.filter((r) =>
    keys.every((k) => r.params.some((p) => p.name === k)) && r.params.every((p) => !p.required || keys.includes(p.name)));
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw restError(300, 'PGRST203', `Could not choose the best candidate function between: ${matches.map((r) => `${SCHEMA}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
      null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  const sorted = [...keys].sort();
  const prms = sorted.join(', ');
  const fmt = (withParams: string) => (sorted.length === 0 ? ' without parameters' : withParams);
  throw restError(404, 'PGRST202',
    `Could not find the function ${SCHEMA}.${name}${fmt(`(${prms})`)} in the schema cache`,
    `Searched for the function ${SCHEMA}.${name}${fmt(` with parameter${sorted.length > 1 ? 's' : ''} ${prms}`)}${isGet ? '' : ' or with a single unnamed json/jsonb parameter'}, but no matches were found in the schema cache.`,
    null);
}

async function handleRpc(
  schema: SchemaCache, name: string, method: string, parsed: Parsed, prefer: Prefer, shape: 'array' | 'single',
  headers: Headers, req: Request, run: Runner,
): Promise<Response> {
  const isRead = method === 'GET' || method === 'HEAD';
  let argsText: string;
  let keys: string[];
  if (isRead) {
    argsText = JSON.stringify(parsed.args);
    keys = Object.keys(parsed.args);
  } else {
    const payload = parsePayload(await readBody(req), headers.get('content-type') ?? undefined, true, parsed.columns);
    const value: unknown = JSON.parse(payload.text);
    if (Array.isArray(value)) throw restError(400, 'PGRST102', 'A single JSON object is expected as function arguments');
    argsText = payload.text;
    keys = payload.keys;
  }
  const routine = chooseRoutine(schema, name, keys, isRead);
  const scalar = routine.returnsScalar || routine.returnsVoid;
  const pseudo: Table = {
    name: routine.name, isView: false, pk: [],
    columns: new Map((scalar ? [{ name: 'pgrst_scalar', type: 'unknown', nullable: true, default: null }] : routine.columns).map((c) => [c.name, c])),
  };
  const root = buildTree(schema, { table: pseudo, fromSql: 'pgrst_source', alias: routine.name }, parsed.select);
  applyParams(root, parsed, { rootFilters: true, orders: true });
  const rootLimit = parsed.ranges.get('');
  root.range = topRange(rootLimit?.limit, rootLimit?.offset, method === 'GET' ? headers.get('range') ?? undefined : undefined);

  const p = new Params();
  const fnSql = `${ident(SCHEMA)}.${ident(routine.name)}`;
  const given = routine.params.filter((prm) => keys.includes(prm.name));
  const callArgs = given.map((prm) => `${prm.variadic ? 'VARIADIC ' : ''}${ident(prm.name)} := pgrst_body.${ident(prm.name)}`).join(', ');
  const callIt = scalar ? `(SELECT ${fnSql}(${callArgs}) pgrst_scalar) pgrst_call` : `${fnSql}(${callArgs}) pgrst_call`;
  const rets = scalar ? [] : returnings(root, []);
  const selected = scalar ? 'pgrst_call.pgrst_scalar' : rets.includes('*') || rets.length === 0 ? '*' : rets.map((c) => `pgrst_call.${ident(c)}`).join(', ');
  const fromCall = given.length === 0
    ? `FROM ${callIt}`
    : jsonBodySql(p.add(argsText), given.map((prm) => ({ name: prm.name, type: prm.type, nullable: true, default: null })), { select: false, limitOne: true, defaults: false })
      + `, LATERAL ${callIt}`;
  const callSql = `SELECT ${selected} ${fromCall}`;
  const count = prefer.count === 'exact' || prefer.count === 'estimated';
  const selectSql = readSql(root, p);
  const cSql = count ? countSql(root, p) : undefined;
  const sql = callStatement(callSql, selectSql, cSql, {
    single: !routine.returnsSet, scalar, setOfScalar: scalar && routine.returnsSet, shape: method === 'HEAD' ? 'none' : shape,
  });
  const readOnly = isRead || routine.volatility !== 'v';
  const result = await run(readOnly, async (tx) => {
    const row = (await tx.query<{ total_result_set: string | null; page_total: string; body: string }>(sql, p.values)).rows[0];
    const pageTotal = Number(row?.page_total ?? 0);
    if (shape === 'single' && pageTotal !== 1) throw new Rollback(singularityError(pageTotal));
    return { total: row?.total_result_set == null ? undefined : Number(row.total_result_set), pageTotal, body: row?.body ?? '' };
  });
  if (result instanceof RestError) throw result;
  const lower = root.range.offset;
  const upper = lower + result.pageTotal - 1;
  const out: Record<string, string> = { 'Content-Range': contentRange(lower, upper, result.total), ...preferenceApplied([prefer.count && `count=${prefer.count}`]) };
  if (routine.returnsVoid) return new Response(null, { status: 204, headers: out });
  let status = 200;
  let body: string | null = method === 'HEAD' ? null : result.body;
  if (result.total !== undefined) {
    if (lower > result.total) {
      status = 416;
      body = JSON.stringify({ code: 'PGRST103', details: `An offset of ${lower} was requested, but there are only ${result.total} rows.`, hint: null, message: 'Requested range not satisfiable' });
    } else if (1 + upper - lower < result.total) status = 206;
  }
  out['Content-Type'] = shape === 'single' ? OBJECT_TYPE : JSON_TYPE;
  return new Response(body, { status, headers: out });
}
