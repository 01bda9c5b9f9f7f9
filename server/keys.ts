import { hkdfSync } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify, errors, type ProtectedHeaderParameters } from 'jose';
import type { JwtClaims } from './db/request-context.ts';
import { fileKeyStore, type KeyStore } from './key-store.ts';
import { activeKeys, type ActiveKey, type PublicJwk } from './signing-keys.ts';

type Reason = 'missing' | 'malformed' | 'invalid_signature' | 'expired' | 'claims';

/** Why a token was refused; services turn this into their own error shape. */
export class JwtError extends Error {
  constructor(
    readonly reason: Reason,
    message: string,
    /** jwt-go's wording (GoTrue's bad_jwt message) where it differs from the reason's usual one. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export type SigningAlg = 'ES256' | 'HS256';

export interface Keys {
  /** Legacy-style HS256 API keys, as a Supabase project issues them. */
  anonKey: string;
  serviceKey: string;
  /** How access tokens are signed: the current asymmetric key (with its kid), or the legacy secret. */
  signingAlg: SigningAlg;
  /** Signs a JWT; `exp` is `expiresIn` seconds from now. */
  sign(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  /**
   * Verifies signature and expiry (30 s leeway like PostgREST) and returns the claims: a `kid`
   * of a current or previous key, or HS256 with the legacy secret (tokens issued before the keys).
   */
  verify(token: string): Promise<JwtClaims>;
  /** The public half of every key that verifies (GoTrue's /.well-known/jwks.json). */
  jwks(): { keys: PublicJwk[] };
  /** Reads the stored keys again, after `npm run keys` rotated or retired a key. */
  reload(): Promise<void>;
  /** Counts reloads: what was verified under an earlier generation must be verified again. */
  readonly generation: number;
  /** A 32-byte key for `purpose`, derived from the project secret (HKDF-SHA256): data encrypted at rest. */
  deriveKey(purpose: string): Buffer;
}

// API keys are signed with fixed times so the same secret always yields the same keys: a browser
// that loaded the anon key before a restart keeps working after it.
const API_KEY_ISSUED_AT = 1735689600; // 2025-01-01
const API_KEY_EXPIRES_AT = 2051222400; // 2035-01-01

const signatureInvalid = (detail: string) => new JwtError('invalid_signature', 'JWT cryptographic operation failed', detail);

/** The keys of a server that keeps them in `dataDir` alone (tests and operator scripts). */
export function loadKeys(dataDir: string, secretFromEnv: string | undefined, signingAlg: SigningAlg = 'ES256'): Promise<Keys> {
  return keysFrom(fileKeyStore(dataDir, secretFromEnv), signingAlg);
}

export async function keysFrom(store: KeyStore, signingAlg: SigningAlg = 'ES256'): Promise<Keys> {
  const secretText = await store.secret();
  const secret = new TextEncoder().encode(secretText);
  let byKid = new Map<string, ActiveKey>();
  let current: ActiveKey | undefined;
  const adopt = (keys: ActiveKey[]) => {
    byKid = new Map(keys.map((k) => [k.kid, k]));
    current = keys.find((k) => k.status === 'current');
  };
  adopt(activeKeys(await store.keys()));

  const signAt = (claims: Record<string, unknown>, iat: number, exp: number) =>
    new SignJWT({ ...claims, iat, exp }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
  const sign = (claims: Record<string, unknown>, expiresIn: number) => {
    const now = Math.floor(Date.now() / 1000);
    if (signingAlg === 'HS256' || !current) return signAt(claims, now, now + expiresIn);
    return new SignJWT({ ...claims, iat: now, exp: now + expiresIn })
      .setProtectedHeader({ alg: current.alg, kid: current.kid, typ: 'JWT' }).sign(current.privateKey);
  };

  /** GoTrue's keyfunc: a known kid picks its key, else HS256 falls back to the legacy secret. */
  const keyFor = (header: ProtectedHeaderParameters) => {
    const { alg, kid } = header;
    if (alg !== 'ES256' && alg !== 'HS256') throw signatureInvalid(`token signature is invalid: signing method ${String(alg)} is invalid`);
    const key = typeof kid === 'string' ? byKid.get(kid) : undefined;
    if (key) {
      if (alg !== key.alg) throw signatureInvalid('token signature is invalid: key is of invalid type');
      return key.publicKey;
    }
    if (alg === 'HS256') return secret;
    throw signatureInvalid(`token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid ?? '<nil>'} for algorithm ${alg}`);
  };

  const verify = async (token: string): Promise<JwtClaims> => {
    if (!token) throw new JwtError('missing', 'No JWT provided');
    try {
      let header: ProtectedHeaderParameters;
      try {
        header = decodeProtectedHeader(token);
      } catch {
        throw new JwtError('malformed', 'JWT could not be decoded');
      }
      const key = keyFor(header);
      const { payload } = await jwtVerify(token, key, { algorithms: [String(header.alg)], clockTolerance: 30 });
      if (typeof payload.exp !== 'number') throw new JwtError('claims', 'JWT has no exp claim');
      return { ...payload, role: typeof payload.role === 'string' ? payload.role : 'anon' } as JwtClaims;
    } catch (error) {
      if (error instanceof JwtError) throw error;
      if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
      if (error instanceof errors.JWSSignatureVerificationFailed) throw signatureInvalid('token signature is invalid: signature is invalid');
      if (error instanceof errors.JWTClaimValidationFailed) throw new JwtError('claims', error.message);
      throw new JwtError('malformed', 'JWT could not be decoded');
    }
  };

  let generation = 0;
  return {
    anonKey: await signAt({ iss: 'supabase', role: 'anon' }, API_KEY_ISSUED_AT, API_KEY_EXPIRES_AT),
    serviceKey: await signAt({ iss: 'supabase', role: 'service_role' }, API_KEY_ISSUED_AT, API_KEY_EXPIRES_AT),
    signingAlg,
    sign,
    verify,
    jwks: () => ({ keys: [...byKid.values()].map((k) => k.jwk) }),
    reload: async () => {
      adopt(activeKeys(await store.keys()));
      generation += 1;
    },
    get generation() {
      return generation;
    },
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', secret, 'skadron-keys', purpose, 32)),
  };
}

/**
 * Reloads the keys when `npm run keys` changes them (the file within seconds, the database at its
 * NOTIFY), so a rotation or a retirement takes effect without a restart. Resolves to the stop function.
 */
export function watchSigningKeys(store: KeyStore, keys: Keys, onError: (error: unknown) => void): Promise<() => Promise<void>> {
  return store.watch(() => void keys.reload().catch(onError));
}
