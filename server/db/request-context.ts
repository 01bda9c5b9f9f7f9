import pg from 'pg';
import type { Db, LiteralStatement, Queryable, QueryResult, TransactionOptions } from './adapter.ts';
import { roleSettings } from './role-settings.ts';

export { API_ROLES, type ApiRole } from './api-roles.ts';

export type JwtClaims = Record<string, unknown> & { role: string; sub?: string };

export interface RequestSettings {
  claims: JwtClaims;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  readOnly?: boolean;
  /** Extra transaction-local settings, e.g. storage.operation. */
  extra?: Record<string, string>;
  /**
   * The share of the database the request may use. `anon` (also given to signed-in accounts that
   * are not approved) takes the anonymous pool places and anon's statement timeout whatever the
   * role; `statementTimeout` then lowers the timeout further (pattern filters). Default: the role's.
   */
  budget?: { lane: 'anon' | 'member'; statementTimeout?: string };
  /**
   * The REST schema the request chose (Accept-Profile / Content-Profile): first on the search_path,
   * before public and extensions (PostgREST's db-extra-search-path as Supabase sets it).
   */
  schema?: string;
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
    ['request.jwt.claims', JSON.stringify(claims)],
    ['request.jwt.claim.role', role],
    ['request.jwt.claim.sub', typeof claims.sub === 'string' ? claims.sub : ''],
    ['request.method', settings.method ?? 'GET'],
    ['request.path', settings.path ?? '/'],
    ['request.headers', JSON.stringify(settings.headers ?? {})],
    ...Object.entries(settings.extra ?? {}),
  ];
  const searchPath = settings.schema === undefined || settings.schema === 'public' ? SEARCH_PATH : setConfig('search_path', `"${settings.schema}", public, extensions`);
  return `select ${searchPath}, ${pairs.map(([k, v]) => setConfig(k, v)).join(', ')}, ${roleTail(db, role)}${budgetTail(db, role, settings.budget)}`;
}

/**
 * After the role: statement_timeout may be set by any role, so a request on the anonymous budget
 * gets anon's timeout even as `authenticated`, and a pattern filter its own shorter one.
 */
function budgetTail(db: Db, role: string, budget: RequestSettings['budget']): string {
  if (!budget) return '';
  const pairs: [string, string][] = budget.lane === 'anon' && role !== 'anon'
    ? roleSettings(db, 'anon').filter(([key]) => key === 'statement_timeout')
    : [];
  if (budget.statementTimeout !== undefined) pairs.push(['statement_timeout', budget.statementTimeout]);
  return pairs.map(([k, v]) => `, ${setConfig(k, v)}`).join('');
}

const setConfig = (key: string, value: string) => `set_config(${pg.escapeLiteral(key)}, ${pg.escapeLiteral(value)}, true)`;
const SEARCH_PATH = setConfig('search_path', 'public, extensions');
const tails = new WeakMap<[string, string][], Map<string, string>>();

/** The role's own settings, then the role (last: after it the session may not change the others). */
function roleTail(db: Db, role: string): string {
  const own = roleSettings(db, role);
  let byRole = tails.get(own);
  if (!byRole) tails.set(own, (byRole = new Map()));
  let tail = byRole.get(role);
  if (tail === undefined) {
    tail = [...own, ['role', role] as [string, string]].map(([k, v]) => setConfig(k, v)).join(', ');
    byRole.set(role, tail);
  }
  return tail;
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
    anonymous: settings.budget ? settings.budget.lane === 'anon' : settings.claims.role === 'anon',
  };
}
