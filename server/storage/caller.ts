import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { CallerError, identifyCaller, type Caller } from '../http/caller.ts';
import type { StorageCaller } from './db.ts';
import { errors } from './errors.ts';

/** The caller by the rule every service shares (server/http/caller.ts), refused as Storage refuses. */
export async function callerOf(ctx: ServerContext, c: Context): Promise<StorageCaller> {
  let caller: Caller;
  try {
    caller = await identifyCaller(ctx.keys, c.req.raw.headers, c.req.query('apikey') ?? null);
  } catch (error) {
    if (error instanceof CallerError) throw errors.accessDenied(error.message);
    throw error;
  }
  const headers = c.req.header();
  for (const secret of ['authorization', 'apikey', 'cookie']) delete headers[secret];
  return { ...caller, method: c.req.method, path: new URL(c.req.url).pathname, headers };
}
