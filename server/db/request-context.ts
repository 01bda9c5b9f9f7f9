import pg from 'pg';
import type { Db, LiteralStatement, Queryable, QueryResult, TransactionOptions } from './adapter.ts';
import { roleSettings } from './role-settings.ts';

/** Database roles a verified JWT may switch to. Anything else is refused before SQL runs. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type JwtClaims = Record<string, unknown> & { role: string; sub?: string };

export interface RequestSettings {
  claims: JwtClaims;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  readOnly?: boolean;
  /** Extra transaction-local settings, e.g. storage.operation. */
  extra?: Record<string, string>;
}

/**
 * The statement sent with BEGIN: claims, request settings, the role's own settings and the role,
 * all transaction-local as PostgREST sets them. `set_config('role', ...)` does not load a role's
 * `alter role ... set` settings, so they are applied here explicitly (anon's 3 s timeout).
 */
export function requestPrologue(db: Db, settings: RequestSettings): string {
  const { claims } = settings;
  const role = String(claims.role);
  const pairs: [string, string][] = [
    ['search_path', 'public, extensions'],
    ['request.jwt.claims', JSON.stringify(claims)],
    ['request.jwt.claim.role', role],
    ['request.jwt.claim.sub', typeof claims.sub === 'string' ? claims.sub : ''],
    ['request.method', settings.method ?? 'GET'],
    ['request.path', settings.path ?? '/'],
    ['request.headers', JSON.stringify(settings.headers ?? {})],
    ...Object.entries(settings.extra ?? {}),
    ...roleSettings(db, role),
    // role last: after it, the session may no longer be allowed to change the others
    ['role', role],
  ];
  return `select ${pairs.map(([k, v]) => `set_config(${pg.escapeLiteral(k)}, ${pg.escapeLiteral(v)}, true)`).join(', ')}`;
}

/**
 * Runs `fn` in one transaction as the JWT's role with its claims, exactly as PostgREST does,
 * so row-level security decides what the request sees. BEGIN and the settings travel in one
 * round trip. The legacy `request.jwt.claim.*` settings are set too because Supabase Storage
 * sets them.
 */
export function asRequest<T>(db: Db, settings: RequestSettings, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(fn, requestOptions(db, settings));
}

/** One statement (its arguments written as literals) as the request, in a single round trip. */
export function onceAsRequest<T>(db: Db, settings: RequestSettings, statement: LiteralStatement): Promise<QueryResult<T>> {
  return db.once<T>(statement, requestOptions(db, settings));
}

function requestOptions(db: Db, settings: RequestSettings): TransactionOptions {
  return {
    readOnly: settings.readOnly,
    prologue: requestPrologue(db, settings),
    anonymous: settings.claims.role === 'anon',
  };
}
