import { isPgError, PoolTimeout } from '../db/adapter.ts';
import { OBJECT_TYPE } from './media-types.ts';

/** PostgREST's error body; `details`/`hint` may be null and PostgREST always sends all four keys. */
export interface RestErrorBody {
  code: string;
  details: string | null | unknown[];
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: RestErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

function restError(status: number, code: string, message: string, details: RestErrorBody['details'] = null, hint: string | null = null, headers: Record<string, string> = {}): RestError {
  return new RestError(status, { code, details, hint, message }, headers);
}

/**
 * Every error this service answers with, by status, code and message, grouped as PostgREST's
 * Error.hs groups them: PGRST0xx connection, PGRST1xx the request, PGRST2xx the schema cache,
 * PGRST3xx the JWT, then the SQLSTATEs PostgreSQL would raise for what is refused here before
 * any SQL runs. Errors PostgreSQL itself raises are turned into answers by `toRestError`.
 */
export const errors = {
  // PGRST0xx: the database connection
  poolTimeout: (message: string) => restError(504, 'PGRST003', message),

  // PGRST1xx: the request (ApiRequestError)
  parse: (what: string, input: string, column: number, details: string) =>
    restError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details),
  unknownCast: (cast: string) =>
    restError(400, 'PGRST100', `"failed to parse select parameter" (cast ${JSON.stringify(cast)})`, `unknown type ${JSON.stringify(cast)}`),
  queryTooLong: (max: number) => restError(414, 'PGRST100', 'Query string too long', `The query string is longer than ${max} characters.`),
  writeRange: (method: string) =>
    restError(400, 'PGRST100', `limit/offset on ${method} is not supported by this server`, 'Filter the rows to change by their primary key instead.'),
  invalidRpcMethod: (method: string) => restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  invalidBody: (message: string) => restError(400, 'PGRST102', message),
  invalidRange: (details: string) => restError(416, 'PGRST103', 'Requested range not satisfiable', details),
  unacceptableSchema: (schemas: string) => restError(406, 'PGRST106', `The schema must be one of the following: ${schemas}`),
  mediaType: (types: string[]) => restError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  /** PostgREST 12 answers the plan media type with 415 while db-plan-enabled is off. */
  planDisabled: (accept: string) => restError(415, 'PGRST107', `None of these media types are available: ${accept}`),
  notEmbedded: (resource: string) => restError(400, 'PGRST108', `'${resource}' is not an embedded resource in this request`, null,
    `Verify that '${resource}' is included in the 'select' query parameter.`),
  limitWithoutOrder: () => restError(400, 'PGRST109', "A 'limit' was applied without an explicit 'order'", null, "Apply an 'order' using unique column(s)"),
  singularity: (rows: number) => restError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`, null,
    { 'Content-Type': OBJECT_TYPE }),
  unsupportedMethod: (method: string) => restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  relatedOrderNotToOne: (origin: string, target: string) => restError(400, 'PGRST118', `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`),
  spreadNotToOne: (origin: string, target: string) => restError(400, 'PGRST119', `A spread operation on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`),
  raisedPgrst: (details: string, hint: string) => restError(500, 'PGRST121', "Could not parse JSON in the RAISE SQLSTATE 'PGRST' error", details, hint),
  invalidPreferences: (prefs: string[]) => restError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`),
  aggregatesNotAllowed: () => restError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  /** PostgREST 12.2+: the write or call is rolled back. */
  maxAffected: (rows: number) => restError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`),
  /** PostgREST 13+: a limit on affected rows needs a function returning a set. */
  maxAffectedScalar: () => restError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict'),
  payloadTooLarge: (max: number) => restError(413, 'PGRST413', 'Payload too large', `The request body is larger than ${max} bytes.`),

  // PGRST2xx: the schema cache (SchemaCacheError)
  /** `searched` names where it was looked for, when the target table is known at all. */
  noRelationship: (origin: string, target: string, searched?: { hint: string | undefined; schema: string }) =>
    restError(400, 'PGRST200', `Could not find a relationship between '${origin}' and '${target}' in the schema cache`, searched
      ? `Searched for a foreign key relationship between '${origin}' and '${target}${searched.hint === undefined ? '' : `' using the hint '${searched.hint}`}' in the schema '${searched.schema}', but no matches were found.`
      : null),
  /** `candidates`: each relationship as details describes it, and as the hint spells it. */
  ambiguousRelationship: (origin: string, target: string, details: unknown[], candidates: string[]) =>
    restError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${origin}' and '${target}'`, details,
      `Try changing '${target}' to one of the following: ${candidates.join(', ')}. Find the desired relationship in the 'details' key.`),
  /** `params`: the argument names, sorted; `json`: a single unnamed json/jsonb parameter would also have done. */
  noFunction: (qualifiedName: string, params: string[], json: boolean) => {
    const list = params.join(', ');
    const fmt = (withParams: string) => (params.length === 0 ? ' without parameters' : withParams);
    return restError(404, 'PGRST202', `Could not find the function ${qualifiedName}${fmt(`(${list})`)} in the schema cache`,
      `Searched for the function ${qualifiedName}${fmt(` with parameter${params.length > 1 ? 's' : ''} ${list}`)}${json ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`);
  },
  /** `signatures`: `schema.name(arg => type, ...)` of each candidate. */
  ambiguousFunction: (signatures: string[]) => restError(300, 'PGRST203', `Could not choose the best candidate function between: ${signatures.join(', ')}`,
    null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved'),
  columnNotFound: (table: string, column: string) => restError(400, 'PGRST204', `Column '${column}' of relation '${table}' does not exist`),

  // PGRST3xx: the JWT (PostgREST 12.0.2 answers every JWT problem with PGRST301)
  jwt: (message: string) => restError(401, 'PGRST301', message, null, null,
    { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` }),

  // PGRSTX: anything else, without internals
  internal: () => restError(500, 'PGRSTX00', 'Internal server error'),

  // SQLSTATEs PostgreSQL would raise, for what is refused before any SQL runs
  tableNotFound: (schema: string, name: string) => restError(404, '42P01', `relation "${schema}.${name}" does not exist`),
  /** `column`: as PostgreSQL names it, `alias.name` or `"name"`. */
  undefinedColumn: (column: string) => restError(400, '42703', `column ${column} does not exist`),
  undefinedType: (name: string) => restError(400, '42704', `type "${name}" does not exist`),
  /** Supabase loads pg-safeupdate: a DELETE or UPDATE must name its rows. */
  whereRequired: (verb: 'DELETE' | 'UPDATE') => restError(400, '21000', `${verb} requires a WHERE clause`),
  /** The anon role's denials are 401, others' 403 (pgStatus). */
  setRoleDenied: (role: string) => restError(role === 'anon' ? 401 : 403, '42501', `permission denied to set role "${role}"`),
  /** 53300 (too_many_connections) is the SQLSTATE class PostgREST answers 503 for. */
  callerBusy: (queuePerCaller: number) => restError(503, '53300', 'Too many concurrent requests from this client',
    `At most ${queuePerCaller} requests of one client may wait for the database.`, 'Wait for earlier requests to finish, then retry.', { 'Retry-After': '1' }),
  backReference: () => restError(400, '2201B', 'invalid regular expression: back-references are not allowed', null,
    'Back-references (\\1 to \\9) are not allowed in match and imatch filters.'),
};

/**
 * PostgreSQL SQLSTATE -> HTTP status as PostgREST 12 maps it (Error.hs pgErrorStatus).
 * `authenticated` is true when the request ran as a role other than anon.
 */
export function pgStatus(code: string, message: string, authenticated: boolean): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '42P01') return 404;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === 'P0001') return 400;
  if (code.startsWith('PT')) {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  if (code === '57P01') return 503;
  const two = code.slice(0, 2);
  switch (two) {
    case '08': case '53': return 503;
    case '0L': case '0P': case '28': return 403;
    case '09': case '25': case '2D': case '38': case '39': case '3B': case '40': case '55': case '57': case '58': case 'F0': case 'HV': case 'XX': case 'P0':
      return 500;
    case '54': return 413;
  }
  return 400;
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code": ..., "message": ...}', detail = '{"status": ...,
 * "headers": {...}}'`: the function names the answer's status, headers and error body, as PostgREST
 * 11.2+ honours it (Error.hs parseRaisePGRST); anything else in those fields is PGRST121.
 */
function raisedPgrst(error: { message: string; detail?: string }): RestError {
  const parse = (text: string | undefined): Record<string, unknown> | undefined => {
    try {
      const value: unknown = JSON.parse(text ?? '');
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
    } catch {
      return undefined;
    }
  };
  const body = parse(error.message);
  const detail = parse(error.detail);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const invalid = errors.raisedPgrst;
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return invalid(`Invalid JSON value for MESSAGE: '${error.message}'`, "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.");
  }
  const headers = detail?.headers;
  const status = detail?.status;
  if (!detail || typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599
    || typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    return invalid(error.detail === undefined ? 'DETAIL is missing in the RAISE statement' : `Invalid JSON value for DETAIL: '${error.detail}'`,
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.");
  }
  const headerPairs = Object.entries(headers as Record<string, unknown>).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  return new RestError(status, { code: body.code, details: text(body.details), hint: text(body.hint), message: body.message }, Object.fromEntries(headerPairs));
}

/** Turns anything thrown while serving into a PostgREST-shaped error; unknown failures become 500 without internals. */
export function toRestError(error: unknown, authenticated: boolean): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof PoolTimeout) return errors.poolTimeout(error.message);
  if (error instanceof Error && (error as Error & { code?: unknown }).code === 'PGRST') return raisedPgrst(error as Error & { detail?: string });
  if (isPgError(error)) {
    const status = pgStatus(error.code, error.message, authenticated);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(status, {
      code: error.code,
      details: error.detail ?? null,
      hint: error.hint ?? null,
      message: error.message,
    }, headers);
  }
  return errors.internal();
}
