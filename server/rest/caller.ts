/**
 * The shared caller rule (server/http/caller.ts) worded as PostgREST 12.0.2 words its failures.
 */
import type { ServerContext } from '../context.ts';
import { CallerError, identifyCaller, type Caller } from '../http/caller.ts';
import { errors } from './errors.ts';

export async function restCaller(ctx: ServerContext, req: Request): Promise<Caller> {
  try {
    // The query's apikey counts only without both headers (callerToken): parse the URL only then.
    const { headers } = req;
    const queryApikey = headers.has('authorization') || headers.has('apikey') ? null : new URL(req.url).searchParams.get('apikey');
    return await identifyCaller(ctx.keys, headers, queryApikey);
  } catch (error) {
    if (!(error instanceof CallerError)) throw error;
    if (error.role !== undefined) throw errors.setRoleDenied(error.role);
    // PostgREST 12.0.2 answers every JWT problem with PGRST301 (later versions use PGRST303 for claims).
    const reason = error.jwt?.reason;
    const message = reason === 'expired' ? 'JWT expired'
      : reason === 'invalid_signature' ? 'JWSError JWSInvalidSignature'
        : reason === 'claims' ? error.message
          : `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${error.token.split('.').length})`;
    throw errors.jwt(message);
  }
}
