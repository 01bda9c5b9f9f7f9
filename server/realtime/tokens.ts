import { API_ROLES, type JwtClaims } from '../db/request-context.ts';
import { JwtError, type Keys } from '../keys.ts';

export class TokenError extends Error {}

export interface VerifiedToken {
  token: string;
  claims: JwtClaims;
  /** Expiry in epoch milliseconds. */
  expiresAt: number;
}

function rawClaims(token: string): Record<string, unknown> {
  try {
    const body = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Realtime's rules for a connection or channel token: a JWT signed with the project secret
 * that carries `role` and `exp`, for a role the API may switch to. Unlike the HTTP services there
 * is no clock leeway: an expired token is refused, and an open channel closes at `exp`.
 */
/**
 * `maxLifetimeSeconds` (JWT_EXPIRY) bounds a user session's token (one with a `session_id`): a
 * token forged with a leaked key keeps a channel no longer than one the server issued, whatever
 * `exp` it names. The API keys (no session) keep their own `exp`.
 */
export async function verifyRealtimeToken(keys: Keys, token: string, maxLifetimeSeconds = 0): Promise<VerifiedToken> {
  let claims: JwtClaims;
  try {
    claims = await keys.verify(token);
  } catch (error) {
    if (error instanceof JwtError) {
      if (error.reason === 'expired') throw new TokenError(expiredMessage(rawClaims(token).exp));
      if (error.reason === 'invalid_signature') throw new TokenError('JwtSignatureError: Failed to validate JWT signature');
      if (error.reason === 'missing') throw new TokenError('JwtError: no token was provided');
      throw new TokenError(`JwtError: ${error.message}`);
    }
    throw error;
  }
  // keys.verify defaults a missing role to anon (PostgREST's rule); Realtime requires it.
  const raw = rawClaims(token);
  if (typeof raw.role !== 'string' || typeof raw.exp !== 'number') {
    throw new TokenError('Fields `role` and `exp` are required in JWT');
  }
  if (!(API_ROLES as readonly string[]).includes(raw.role)) {
    throw new TokenError(`JwtError: role "${raw.role}" is not allowed`);
  }
  let expiresAt = raw.exp * 1000;
  if (maxLifetimeSeconds > 0 && typeof raw.session_id === 'string') {
    const issuedAt = typeof raw.iat === 'number' ? Math.min(raw.iat * 1000, Date.now()) : Date.now();
    expiresAt = Math.min(expiresAt, issuedAt + maxLifetimeSeconds * 1000);
  }
  if (expiresAt <= Date.now()) throw new TokenError(expiredMessage(expiresAt / 1000));
  return { token, claims, expiresAt };
}

export function expiredMessage(exp: unknown): string {
  const ago = typeof exp === 'number' ? Math.max(0, Math.floor(Date.now() / 1000 - exp)) : 0;
  return `Token has expired ${ago} seconds ago`;
}
