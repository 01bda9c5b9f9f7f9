/**
 * The request step (PostgREST's ApiRequest): everything read from the HTTP request before planning.
 * Query-string parameters, Prefer, Accept, Accept/Content-Profile, Range and the JSON/form body.
 */
import type { Context } from 'hono';
import { readBodyText } from '../http/body.ts';
import { rawPath } from '../http/url.ts';
import { errors } from './errors.ts';
import { hasOperator, parseFilter, parseLogic, type FilterParam, type LogicParam } from './filter-parser.ts';
import { parseColumns, parseOrder, parseSelect, type OrderTerm, type SelectItem } from './parser.ts';
import { checkStrict, parsePrefer, rollsBack, type Prefer, type TxEnd } from './preferences.ts';
import type { PlanRequest, Shape } from './media-types.ts';
import { negotiate } from './negotiate.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_QUERY_LENGTH = 16 * 1024;

export interface Target { kind: 'table' | 'rpc'; name: string }
export type { Shape } from './media-types.ts';
export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

export interface Query {
  params: [string, string][];
  get(name: string): string | undefined;
}

export function parseQuery(url: string): Query {
  const q = url.indexOf('?');
  const raw = q < 0 ? '' : url.slice(q + 1);
  if (raw.length > MAX_QUERY_LENGTH) throw errors.queryTooLong(MAX_QUERY_LENGTH);
  const params = [...new URLSearchParams(raw)];
  return { params, get: (name) => params.find(([k]) => k === name)?.[1] };
}

const lastSegment = (key: string) => key.split('.').pop() ?? key;
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

export interface Parsed {
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

export function parseParams(query: Query, rpcGet: boolean): Parsed {
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

export interface ApiRequest {
  target: Target;
  method: Method;
  isRead: boolean;
  headers: Headers;
  query: Query;
  parsed: Parsed;
  prefer: Prefer;
  /** The transaction ends in a rollback (db-tx-end, or `Prefer: tx=rollback` where it allows). */
  rollback: boolean;
  shape: Shape;
  /** Accept asked for the query plan (application/vnd.pgrst.plan) instead of the rows. */
  plan: PlanRequest | undefined;
  /** The Range header, which PostgREST honours on GET only. */
  range: string | undefined;
  /** PostgREST's db-max-rows, if set. */
  maxRows: number | undefined;
  /** The exposed schema the request reads or writes (Accept-Profile / Content-Profile, else the first). */
  schema: string;
  /** Path below /rest/v1, for request.path in the transaction settings. */
  path: string;
  raw: Request;
}

/** Checks profile and method, then reads the query string and headers, in PostgREST's error order. */
export function readRequest(c: Context, target: Target, opts: { txEnd: TxEnd; schemas: string[]; maxRows?: number }): ApiRequest {
  const method = c.req.method.toUpperCase();
  const headers = c.req.raw.headers;
  const isRead = method === 'GET' || method === 'HEAD';
  const profile = isRead ? headers.get('accept-profile') : headers.get('content-profile');
  if (profile !== null && !opts.schemas.includes(profile)) {
    throw errors.unacceptableSchema(opts.schemas.join(', '));
  }
  const txEnd = opts.txEnd;
  if (target.kind === 'rpc' && !['GET', 'HEAD', 'POST'].includes(method)) {
    throw errors.invalidRpcMethod(method);
  }
  if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
    throw errors.unsupportedMethod(method);
  }
  const query = parseQuery(c.req.url);
  const parsed = parseParams(query, target.kind === 'rpc' && isRead);
  const prefer = parsePrefer(headers, txEnd);
  checkStrict(prefer);
  const { shape, plan } = negotiate(headers.get('accept') ?? undefined);
  return {
    target, method: method as Method, isRead, headers, query, parsed, prefer, rollback: rollsBack(prefer, txEnd), shape, plan,
    range: method === 'GET' ? headers.get('range') ?? undefined : undefined,
    schema: profile ?? opts.schemas[0],
    maxRows: opts.maxRows,
    path: rawPath(c.req.url).replace(/^\/rest\/v1/, ''),
    raw: c.req.raw,
  };
}

export function headerObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (key !== 'cookie') out[key] = value;
  });
  return out;
}

export function readBody(req: Request): Promise<string> {
  return readBodyText(req, MAX_BODY_BYTES, () => errors.payloadTooLarge(MAX_BODY_BYTES));
}
export interface Payload { text: string; keys: string[] }

/** ApiRequest.getPayload: JSON object or array (same keys in every object), or a urlencoded form. */
export function parsePayload(raw: string, contentType: string | undefined, isRpc: boolean, columns: string[] | undefined): Payload {
  const mime = (contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (mime === 'application/x-www-form-urlencoded') {
    const obj = Object.fromEntries(new URLSearchParams(raw));
    return { text: JSON.stringify(obj), keys: Object.keys(obj) };
  }
  if (mime !== 'application/json') throw errors.invalidBody(`Content-Type not acceptable: ${mime}`);
  if (raw.trim() === '' && isRpc) return { text: '{}', keys: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw errors.invalidBody('Empty or invalid json');
  }
  if (columns) return { text: raw, keys: columns };
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(json)) {
    if (json.length === 0) return { text: '[]', keys: [] };
    if (!isObj(json[0])) throw errors.invalidBody('All object keys must match');
    const keys = Object.keys(json[0]).sort();
    const same = json.every((o) => isObj(o) && Object.keys(o).sort().join('\u0000') === keys.join('\u0000'));
    if (!same) throw errors.invalidBody('All object keys must match');
    return { text: raw, keys };
  }
  if (isObj(json)) return { text: raw, keys: Object.keys(json).sort() };
  return { text: '[]', keys: [] };
}

/** The body of a table write or a POST call; reads and DELETE have none. */
export async function readPayload(req: ApiRequest): Promise<Payload | undefined> {
  if (req.isRead || req.method === 'DELETE') return undefined;
  const isRpc = req.target.kind === 'rpc';
  const payload = parsePayload(await readBody(req.raw), req.headers.get('content-type') ?? undefined, isRpc, req.parsed.columns);
  if (isRpc && Array.isArray(JSON.parse(payload.text))) throw errors.invalidBody('A single JSON object is expected as function arguments');
  return payload;
}
