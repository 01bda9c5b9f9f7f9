import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { JwtClaims } from './db/request-context.ts';

/** Why a token was refused; services turn this into their own error shape. */
export class JwtError extends Error {
  constructor(readonly reason: 'missing' | 'malformed' | 'invalid_signature' | 'expired' | 'claims', message: string) {
    super(message);
  }
}

export interface Keys {
  /** Legacy-style HS256 API keys, as a Supabase project issues them. */
  anonKey: string;
  serviceKey: string;
  /** Signs an HS256 JWT with the project secret; `exp` is `expiresIn` seconds from now. */
  sign(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  /** Verifies signature and expiry (30 s leeway like PostgREST) and returns the claims. */
  verify(token: string): Promise<JwtClaims>;
  /** A 32-byte key for `purpose`, derived from the project secret (HKDF-SHA256): data encrypted at rest. */
  deriveKey(purpose: string): Buffer;
}

// API keys are signed with fixed times so the same secret always yields the same keys: a browser
// that loaded the anon key before a restart keeps working after it.
const API_KEY_ISSUED_AT = 1735689600; // 2025-01-01
const API_KEY_EXPIRES_AT = 2051222400; // 2035-01-01

async function loadSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret && stored.jwtSecret.length >= 32) return stored.jwtSecret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify({ jwtSecret: secret }, null, 2) + '\n', { mode: 0o600 });
  return secret;
}

export async function loadKeys(dataDir: string, secretFromEnv: string | undefined): Promise<Keys> {
  const secretText = await loadSecret(dataDir, secretFromEnv);
  const secret = new TextEncoder().encode(secretText);

  const signAt = (claims: Record<string, unknown>, iat: number, exp: number) =>
    new SignJWT({ ...claims, iat, exp }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
  const sign = (claims: Record<string, unknown>, expiresIn: number) => {
    const now = Math.floor(Date.now() / 1000);
    return signAt(claims, now, now + expiresIn);
  };

  const verify = async (token: string): Promise<JwtClaims> => {
    if (!token) throw new JwtError('missing', 'No JWT provided');
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], clockTolerance: 30 });
      if (typeof payload.exp !== 'number') throw new JwtError('claims', 'JWT has no exp claim');
      return { ...payload, role: typeof payload.role === 'string' ? payload.role : 'anon' } as JwtClaims;
    } catch (error) {
      if (error instanceof JwtError) throw error;
      if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
      if (error instanceof errors.JWSSignatureVerificationFailed) {
        throw new JwtError('invalid_signature', 'JWT cryptographic operation failed');
      }
      if (error instanceof errors.JWTClaimValidationFailed) throw new JwtError('claims', error.message);
      throw new JwtError('malformed', 'JWT could not be decoded');
    }
  };

  return {
    anonKey: await signAt({ iss: 'supabase', role: 'anon' }, API_KEY_ISSUED_AT, API_KEY_EXPIRES_AT),
    serviceKey: await signAt({ iss: 'supabase', role: 'service_role' }, API_KEY_ISSUED_AT, API_KEY_EXPIRES_AT),
    sign,
    verify,
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', secret, 'skadron-keys', purpose, 32)),
  };
}
