import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/adapter.ts';
import { JwtError } from '../keys.ts';
import { AuthError, errors } from './errors.ts';
import { findUserById, isBanned, type UserRecord } from './users.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Authenticated {
  user: UserRecord;
  sessionId: string | null;
  claims: Record<string, unknown>;
}

/** GoTrue's wording of jwt-go errors, which ends up in the bad_jwt message. */
function jwtDetail(error: JwtError): string {
  if (error.detail) return error.detail;
  switch (error.reason) {
    case 'expired':
      return 'token has invalid claims: token is expired';
    case 'invalid_signature':
      return 'token signature is invalid: signature is invalid';
    case 'claims':
      return `token has invalid claims: ${error.message}`;
    default:
      return 'token is malformed: could not base64 decode header';
  }
}

export function bearerToken(c: Context): string {
  const match = /^bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
  if (!match) throw errors.noAuthorization();
  return match[1];
}

/** The claims of the request's bearer token, once its signature and expiry hold (GoTrue's parseJWTClaims). */
export async function bearerClaims(ctx: ServerContext, c: Context): Promise<Record<string, unknown>> {
  const token = bearerToken(c);
  try {
    return await ctx.keys.verify(token);
  } catch (error) {
    if (error instanceof JwtError) throw errors.badJwt(jwtDetail(error));
    throw error;
  }
}

/**
 * requireAuthentication + maybeLoadUserOrSession from GoTrue: a valid signature and expiry,
 * an `authenticated` audience, a uuid `sub` naming an existing user, and (when the token
 * names one) a session that still exists. Runs on `q` so callers can stay in one transaction.
 */
export async function authenticate(ctx: ServerContext, c: Context, q: Queryable): Promise<Authenticated> {
  const claims = await bearerClaims(ctx, c);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_RE.test(sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const expectedAud = c.req.header('X-JWT-AUD') || 'authenticated';
  const aud = claims.aud;
  if (!(aud === expectedAud || (Array.isArray(aud) && aud.includes(expectedAud)))) {
    throw errors.validation("Token audience doesn't match request audience");
  }
  const user = await findUserById(q, sub);
  if (!user) throw errors.userNotFound();
  // GoTrue refuses a banned user's access token that was issued before the ban
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  let sessionId: string | null = null;
  if (typeof claims.session_id === 'string' && claims.session_id !== '') {
    if (!UUID_RE.test(claims.session_id)) throw new AuthError(400, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const { rows } = await q.query<{ expired: boolean }>(
      'select coalesce(not_after < now(), false) as expired from auth.sessions where id = $1 and user_id = $2',
      [claims.session_id, sub]);
    if (!rows[0] || rows[0].expired) throw errors.sessionNotFound();
    sessionId = claims.session_id;
  }
  return { user, sessionId, claims };
}
