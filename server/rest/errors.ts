import { isPgError, PoolTimeout } from '../db/adapter.ts';

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

export function restError(status: number, code: string, message: string, details: RestErrorBody['details'] = null, hint: string | null = null): RestError {
  return new RestError(status, { code, details, hint, message });
}

/** PGRST100: a query parameter did not parse. */
export function parseError(what: string, input: string, column: number, details: string): RestError {
  return restError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details);
}

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
  const invalid = (details: string, hint: string) => restError(500, 'PGRST121', "Could not parse JSON in the RAISE SQLSTATE 'PGRST' error", details, hint);
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
  if (error instanceof PoolTimeout) return restError(504, 'PGRST003', error.message);
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
  return restError(500, 'PGRSTX00', 'Internal server error');
}
