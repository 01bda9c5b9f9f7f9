import type { Context } from 'hono';
import type { Keys } from '../keys.ts';

/**
 * A request that can only ever see what any visitor sees: the anon key and either no bearer or
 * the anon key as bearer (supabase-js signed out). Only such answers may be shared between
 * visitors (cache, ETag).
 */
export function isAnonymous(c: Context, keys: Keys): boolean {
  const apikey = c.req.header('apikey') ?? c.req.query('apikey');
  if (apikey !== keys.anonKey) return false;
  const auth = c.req.header('Authorization');
  return auth === undefined || auth.trim() === `Bearer ${keys.anonKey}`;
}
