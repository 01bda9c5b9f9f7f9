/**
 * Who is calling, the same way for every HTTP service: the bearer token of `Authorization`, or,
 * when that header is absent, the `apikey` the gateway has already checked (as Supabase's gateway
 * does); no token at all is the anon role. The token must verify and name a role the API may
 * switch to. Each service words the failure in its own upstream's error format.
 */
import { API_ROLES, type JwtClaims } from '../db/request-context.ts';
import { JwtError, type Keys } from '../keys.ts';

export interface Caller {
  claims: JwtClaims;
  /** False for the anon role, whose denials PostgreSQL reports differently. */
  authenticated: boolean;
}

export class CallerError extends Error {
  constructor(readonly token: string, readonly jwt: JwtError | undefined, readonly role: string | undefined) {
    super(jwt ? jwt.message : `role "${role}" is not allowed`);
  }
}

export function callerToken(headers: Headers, queryApikey: string | null = null): string {
  const header = headers.get('authorization');
  if (header === null) return (headers.get('apikey') ?? queryApikey ?? '').trim();
  return /^bearer\s+(.*)$/i.exec(header.trim())?.[1].trim() ?? '';
}

/**
 * Verified tokens by their exact text, per signing key set, kept only while `exp` has not passed:
 * the claims of a signed token cannot change, and every request of a browser session (and every
 * anonymous one, with the anon key) carries the same token, so the signature check need not run each time.
 */
const VERIFIED_MAX = 1000;
const verified = new WeakMap<Keys, { generation: number; tokens: Map<string, JwtClaims> }>();

async function verifyCached(keys: Keys, token: string): Promise<JwtClaims> {
  let entry = verified.get(keys);
  // a key retired since: every cached token is checked again
  if (!entry || entry.generation !== keys.generation) verified.set(keys, (entry = { generation: keys.generation, tokens: new Map() }));
  const cache = entry.tokens;
  const hit = cache.get(token);
  if (hit && typeof hit.exp === 'number' && Date.now() / 1000 < hit.exp) return hit;
  if (hit) cache.delete(token);
  const claims = await keys.verify(token);
  if (typeof claims.exp === 'number' && Date.now() / 1000 < claims.exp) {
    if (cache.size >= VERIFIED_MAX) cache.clear();
    cache.set(token, Object.freeze(claims));
  }
  return claims;
}

/** The role a token verifies to, for logs: `invalid` when it does not verify. */
export function verifiedRole(keys: Keys, token: string): Promise<string> {
  return verifyCached(keys, token).then((claims) => String(claims.role), () => 'invalid');
}

/** Throws CallerError when the token does not verify or names a role outside the API roles. */
export async function identifyCaller(keys: Keys, headers: Headers, queryApikey: string | null = null): Promise<Caller> {
  const token = callerToken(headers, queryApikey);
  if (!token) return { claims: { role: 'anon' }, authenticated: false };
  let claims: JwtClaims;
  try {
    claims = await verifyCached(keys, token);
  } catch (error) {
    if (error instanceof JwtError) throw new CallerError(token, error, undefined);
    throw error;
  }
  const role = String(claims.role);
  // authenticator is only a member of the API roles; switching to anything else is refused by PostgreSQL.
  if (!(API_ROLES as readonly string[]).includes(role)) throw new CallerError(token, undefined, role);
  return { claims: { ...claims, role }, authenticated: role !== 'anon' };
}
