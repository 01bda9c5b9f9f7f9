/**
 * Tokens of signed URLs, shaped as Supabase Storage makes them (`{ url: "bucket/name", exp }`,
 * HS256), with two differences that only make them narrower: they are signed with a key derived
 * from the project secret, so a URL token can never pass as an API JWT (and no API JWT as a URL
 * token), and each carries its `scope` (download or upload), as newer Storage does, so a download
 * link cannot be used to upload.
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Keys } from '../keys.ts';
import { errors } from './errors.ts';

export type UrlScope = 'download' | 'upload';

export interface UrlClaims {
  /** `bucket/name` of the one object the token opens. */
  url: string;
  scope: UrlScope;
  /** Upload tokens: who the object will belong to, and whether it may replace one. */
  owner?: string;
  upsert?: boolean;
  /** Download tokens for /render/image/sign: the rendition asked for when signing. */
  transformations?: string;
}

/** Storage's largest expiry is not bounded; ours is a year, so a link cannot outlive every key rotation by decades. */
export const MAX_EXPIRES_IN = 365 * 24 * 3600;
export const UPLOAD_EXPIRES_IN = 2 * 3600;

const keyOf = (keys: Keys) => keys.deriveKey('storage-url-signing');

export function signUrl(keys: Keys, claims: UrlClaims, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now).setExpirationTime(now + expiresInSeconds).sign(keyOf(keys));
}

/**
 * Checks a token for `bucket/name` and `scope`, with Storage's errors: 400 InvalidJWT with the
 * verifier's reason, or 400 InvalidSignature when it was made for another object.
 */
export async function verifyUrl(keys: Keys, token: string | undefined, url: string, scope: UrlScope): Promise<UrlClaims & { exp: number }> {
  if (!token) throw errors.invalidJwt('jwt must be provided');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyOf(keys), { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw errors.invalidJwt('jwt expired');
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw errors.invalidJwt('invalid signature');
    throw errors.invalidJwt('jwt malformed');
  }
  if (typeof payload.exp !== 'number' || payload.scope !== scope) throw errors.invalidJwt('invalid token scope');
  if (payload.url !== url) throw errors.invalidSignature();
  return payload as unknown as UrlClaims & { exp: number };
}

/** `expiresIn` as Storage's schema takes it: an integer of at least 1 (seconds). */
export function expiresInOf(value: unknown): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw errors.invalidRequest('body/expiresIn must be integer >= 1');
  return Math.min(n, MAX_EXPIRES_IN);
}
