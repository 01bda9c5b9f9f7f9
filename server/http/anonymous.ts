import type { Context } from 'hono';
import type { Keys } from '../keys.ts';

/**
 * A request that can only ever see what any visitor sees: the anon key (header `apikey`, else the
 * `?apikey=` parameter) and either no bearer or the anon key as bearer (supabase-js signed out).
 * Only such answers may be shared between visitors (cache, ETag).
 */
export function isAnonymousCall(keys: Keys, apikey: string | undefined, authorization: string | undefined): boolean {
  if (apikey !== keys.anonKey) return false;
  return authorization === undefined || authorization.trim() === `Bearer ${keys.anonKey}`;
}

export function isAnonymous(c: Context, keys: Keys): boolean {
  return isAnonymousCall(keys, c.req.header('apikey') ?? c.req.query('apikey'), c.req.header('Authorization'));
}
