/**
 * The caller as PostgREST 12.0.2 sees it: no bearer token is the anon role; a token that fails
 * verification is PGRST301, and a role outside the API roles is refused as PostgreSQL would.
 */
import type { ServerContext } from '../context.ts';
import { API_ROLES, type JwtClaims } from '../db/request-context.ts';
import { JwtError } from '../keys.ts';
import { restError, RestError } from './errors.ts';

export interface RestCaller { claims: JwtClaims; authenticated: boolean }

/**
 * Verified tokens by their exact text, kept only while `exp` has not passed: the claims of a
 * signed token cannot change, and every request of a browser session (and every anonymous one,
 * with the anon key) carries the same token, so the HMAC check need not run each time.
 */
const VERIFIED_MAX = 1000;

async function verifyCached(ctx: ServerContext, cache: Map<string, JwtClaims>, token: string): Promise<JwtClaims> {
  const hit = cache.get(token);
  if (hit && typeof hit.exp === 'number' && Date.now() / 1000 < hit.exp) return hit;
  if (hit) cache.delete(token);
  const claims = await ctx.keys.verify(token);
  if (typeof claims.exp === 'number' && Date.now() / 1000 < claims.exp) {
    if (cache.size >= VERIFIED_MAX) cache.clear();
    cache.set(token, Object.freeze(claims));
  }
  return claims;
}

export function restCaller(ctx: ServerContext): (headers: Headers) => Promise<RestCaller> {
  const cache = new Map<string, JwtClaims>();
  return async (headers) => {
    const header = headers.get('authorization') ?? undefined;
    const m = header ? /^bearer\s+(.*)$/i.exec(header.trim()) : null;
    const token = m ? m[1].trim() : '';
    if (!token) return { claims: { role: 'anon' }, authenticated: false };
    let claims: JwtClaims;
    try {
      claims = await verifyCached(ctx, cache, token);
    } catch (error) {
      // PostgREST 12.0.2 answers every JWT problem with PGRST301 (later versions use PGRST303 for claims).
      const message = error instanceof JwtError && error.reason === 'expired' ? 'JWT expired'
        : error instanceof JwtError && error.reason === 'invalid_signature' ? 'JWSError JWSInvalidSignature'
          : error instanceof JwtError && error.reason === 'claims' ? error.message
            : `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${token.split('.').length})`;
      throw new RestError(401, { code: 'PGRST301', details: null, hint: null, message },
        { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` });
    }
    const role = String(claims.role);
    if (!(API_ROLES as readonly string[]).includes(role)) {
      // authenticator is only a member of the API roles; switching to anything else is refused by PostgreSQL.
      throw restError(role === 'anon' ? 401 : 403, '42501', `permission denied to set role "${role}"`);
    }
    return { claims: { ...claims, role }, authenticated: role !== 'anon' };
  };
}
