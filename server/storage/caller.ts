import type { Context } from 'hono';
import { SESSION_ENDED } from '../http/live-sessions.ts';
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
  // Policies would refuse an ended session's private reads and writes anyway; refusing the token
  // here gives the client one clear answer instead of an empty list or a policy error.
  if ((await ctx.sessions.state(caller.claims)) === 'ended') throw errors.accessDenied(SESSION_ENDED);
  const headers = c.req.header();
  for (const secret of ['authorization', 'apikey', 'cookie']) delete headers[secret];
  return { ...caller, method: c.req.method, path: new URL(c.req.url).pathname, headers };
}
