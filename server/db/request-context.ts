import type { Db, Queryable } from './adapter.ts';

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
 * Runs `fn` in one transaction as the JWT's role with its claims, exactly as PostgREST does
 * (`set_config(..., true)`), so row-level security decides what the request sees. The legacy
 * `request.jwt.claim.*` settings are set too because Supabase Storage sets them.
 */
export function asRequest<T>(db: Db, settings: RequestSettings, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const { claims } = settings;
  const pairs: [string, string][] = [
    ['search_path', 'public, extensions'],
    ['request.jwt.claims', JSON.stringify(claims)],
    ['request.jwt.claim.role', String(claims.role)],
    ['request.jwt.claim.sub', typeof claims.sub === 'string' ? claims.sub : ''],
    ['request.method', settings.method ?? 'GET'],
    ['request.path', settings.path ?? '/'],
    ['request.headers', JSON.stringify(settings.headers ?? {})],
    ...Object.entries(settings.extra ?? {}),
    // role last: after it, the session may no longer be allowed to change the others
    ['role', String(claims.role)],
  ];
  const sql = `select ${pairs.map((_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`).join(', ')}`;
  return db.transaction(async (tx) => {
    await tx.query(sql, pairs.flat());
    return fn(tx);
  }, { readOnly: settings.readOnly });
}
