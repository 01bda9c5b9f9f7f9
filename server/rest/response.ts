/**
 * The response step (PostgREST's Response.hs): status, Content-Range, Content-Type, Location and
 * Preference-Applied for each kind of action, and the error body.
 */
import { etagOf } from '../http/etag.ts';
import { knownBodyResponse } from '../http/response-body.ts';
import { errors, type RestError } from './errors.ts';
import { contentTypeOf, JSON_TYPE } from './media-types.ts';
import { appliedTail, type Prefer } from './preferences.ts';
import type { Method, Query, Shape } from './request.ts';

export function respond(status: number, body: string | null, headers: Record<string, string>): Response {
  return knownBodyResponse(body, { status, headers });
}

export function errorResponse(e: RestError): Response {
  return respond(e.status, JSON.stringify(e.body), { 'Content-Type': JSON_TYPE, ...e.headers });
}

function preferenceApplied(values: (string | undefined)[]): Record<string, string> {
  const list = values.filter((v): v is string => v !== undefined);
  return list.length ? { 'Preference-Applied': list.join(', ') } : {};
}

const encodeComponent = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/** PostgREST echoes the request as Content-Location, its parameters sorted by name. */
export function contentLocation(name: string, query: Query): Record<string, string> {
  const params = [...query.params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { 'Content-Location': `/${name}${params.length ? '?' + params.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&') : ''}` };
}

export interface PageResult { offset: number; pageTotal: number; total: number | undefined; body: string | null }

/**
 * The one answer for a page of rows (table reads and function calls): 200 for everything, 206 when
 * a count shows more rows than the page, 416 when the offset lies past the counted rows. `tag`
 * adds the body's ETag to a 200 (anonymous GETs: server/http/etag.ts answers If-None-Match).
 */
export function pageResponse(result: PageResult, shape: Shape, prefer: Prefer, extra: Record<string, string> = {}, tag = false): Response {
  const lower = result.offset;
  const upper = lower + result.pageTotal - 1;
  let status = 200;
  let body = result.body;
  if (result.total !== undefined) {
    if (lower > result.total) {
      status = 416;
      body = JSON.stringify(errors.invalidRange(`An offset of ${lower} was requested, but there are only ${result.total} rows.`).body);
    } else if (1 + upper - lower < result.total) status = 206;
  }
  const headers: Record<string, string> = {
    'Content-Range': contentRange(lower, upper, result.total), ...extra,
    'Content-Type': status === 416 ? JSON_TYPE : contentTypeOf(shape),
    ...preferenceApplied([prefer.count && `count=${prefer.count}`, ...appliedTail(prefer)]),
  };
  if (tag && status === 200 && body) headers.ETag = etagOf(body);
  return respond(status, body, headers);
}

/** A function returning void answers 204 with only the range headers. */
export function voidResponse(result: PageResult, prefer: Prefer): Response {
  const range = contentRange(result.offset, result.offset + result.pageTotal - 1, result.total);
  return new Response(null, { status: 204, headers: { 'Content-Range': range, ...preferenceApplied([prefer.count && `count=${prefer.count}`, ...appliedTail(prefer)]) } });
}

export interface WriteResult { pageTotal: number; header: string; body: string; inserted: number | null }

export interface WriteContext {
  table: string;
  method: Exclude<Method, 'GET' | 'HEAD'>;
  prefer: Prefer;
  shape: Shape;
  /** on_conflict was given or the table has a primary key, so a resolution preference applies. */
  resolvable: boolean;
  /** Headers of every answer (Content-Profile). */
  headers?: Record<string, string>;
}

export function writeResponse(result: WriteResult, w: WriteContext): Response {
  const { method, prefer } = w;
  const count = prefer.count === 'exact' || prefer.count === 'estimated' ? result.pageTotal : undefined;
  const out: Record<string, string> = { ...w.headers };
  if (method === 'POST') {
    const loc = JSON.parse(result.header || '[]') as string[];
    if (loc.length) out.Location = `/${w.table}?${loc.map((kv) => { const i = kv.indexOf('='); return `${encodeComponent(kv.slice(0, i))}=${encodeComponent(kv.slice(i + 1))}`; }).join('&')}`;
    out['Content-Range'] = contentRange(1, 0, count);
  } else if (method === 'PATCH') {
    out['Content-Range'] = contentRange(0, result.pageTotal - 1, count);
  } else {
    out['Content-Range'] = contentRange(1, 0, count);
  }
  const resolutionApplied = method === 'POST' && w.resolvable ? prefer.resolution && `resolution=${prefer.resolution}` : undefined;
  Object.assign(out, preferenceApplied([
    resolutionApplied,
    method !== 'DELETE' && prefer.missing ? `missing=${prefer.missing}` : undefined,
    prefer.return && `return=${prefer.return}`,
    prefer.count && `count=${prefer.count}`,
    ...appliedTail(prefer),
  ]));
  const representation = prefer.return === 'representation';
  let status: number;
  if (method === 'POST') status = prefer.resolution === 'merge-duplicates' && (result.inserted ?? 0) <= 0 ? 200 : 201;
  else status = representation ? 200 : 204;
  if (!representation) return new Response(null, { status, headers: out });
  out['Content-Type'] = contentTypeOf(w.shape);
  return knownBodyResponse(result.body, { status, headers: out });
}
