/**
 * The asymmetric keys that sign access tokens (ES256, each with a `kid`), kept in
 * DATA_DIR/signing-keys.json (0600) beside the legacy secret, and with DATABASE_URL in the database
 * too, where every server reads them (key-store.ts). One key is `current` and signs;
 * `previous` keys still verify (tokens they signed before a rotation stay valid until retired);
 * `retired` keys keep only their id and dates, so a token they signed is refused.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type KeyStatus = 'current' | 'previous' | 'retired';

export interface StoredKey {
  kid: string;
  alg: 'ES256';
  status: KeyStatus;
  created_at: string;
  /** When it stopped signing (a rotation) and when it stopped verifying. */
  rotated_at?: string;
  retired_at?: string;
  /** The private JWK; dropped at retirement. */
  private_jwk?: Record<string, unknown>;
}

export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: string;
  use: 'sig';
  key_ops: ['verify'];
}

/** A key that verifies, with the objects node:crypto and jose use. */
export interface ActiveKey {
  kid: string;
  alg: 'ES256';
  status: 'current' | 'previous';
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: PublicJwk;
}

export const SIGNING_KEYS_FILE = 'signing-keys.json';

export function signingKeysPath(dataDir: string): string {
  return path.join(dataDir, SIGNING_KEYS_FILE);
}

export async function readStoredKeys(dataDir: string): Promise<StoredKey[]> {
  try {
    const stored = JSON.parse(await readFile(signingKeysPath(dataDir), 'utf8')) as { keys?: StoredKey[] };
    return Array.isArray(stored.keys) ? stored.keys : [];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Written whole to a temporary file then renamed, so a server reading it never sees half a file.
 * The temporary name is unique per write: one process may mirror the keys twice at once (a reload
 * on NOTIFY beside an operator's command), and a shared name let one rename find no file.
 */
export async function writeStoredKeys(dataDir: string, keys: StoredKey[]): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = signingKeysPath(dataDir);
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temp, JSON.stringify({ keys }, null, 2) + '\n', { mode: 0o600 });
  await rename(temp, file);
}

export function newKey(): StoredKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    kid: randomUUID(),
    alg: 'ES256',
    status: 'current',
    created_at: new Date().toISOString(),
    private_jwk: privateKey.export({ format: 'jwk' }) as Record<string, unknown>,
  };
}

/** The keys with a first current key added when none signs (unchanged otherwise). */
export function withCurrentKey(keys: StoredKey[]): StoredKey[] {
  return keys.some((k) => k.status === 'current' && k.private_jwk) ? keys : [...keys, newKey()];
}

export function activeKeys(stored: StoredKey[]): ActiveKey[] {
  return stored.filter((k) => k.status !== 'retired' && k.private_jwk).map((k) => {
    const privateKey = createPrivateKey({ key: k.private_jwk as never, format: 'jwk' });
    const publicKey = createPublicKey(privateKey);
    const { kty, crv, x, y } = publicKey.export({ format: 'jwk' }) as Record<string, string>;
    return {
      kid: k.kid, alg: k.alg, status: k.status as 'current' | 'previous', privateKey, publicKey,
      jwk: { kty, crv, x, y, kid: k.kid, alg: k.alg, use: 'sig', key_ops: ['verify'] },
    };
  });
}

/** A new current key (last in the list); the one before becomes previous and still verifies. */
export function rotated(keys: StoredKey[]): StoredKey[] {
  const now = new Date().toISOString();
  return [...keys.map((k): StoredKey => (k.status === 'current' ? { ...k, status: 'previous', rotated_at: now } : k)), newKey()];
}

export class RetireRefused extends Error {}

/**
 * Retires previous keys (all, or the one named): tokens they signed are refused from then on.
 * A key that stopped signing less than `minAgeSeconds` ago may still have signed a live access
 * token, so it is refused unless `minAgeSeconds` is 0.
 */
export function retired(keys: StoredKey[], opts: { kid?: string; minAgeSeconds: number }): StoredKey[] {
  const targets = keys.filter((k) => k.status === 'previous' && (opts.kid === undefined || k.kid === opts.kid));
  if (opts.kid !== undefined && targets.length === 0) {
    const found = keys.find((k) => k.kid === opts.kid);
    throw new RetireRefused(found ? `key ${opts.kid} is ${found.status}, only a previous key can be retired` : `no key ${opts.kid}`);
  }
  const now = Date.now();
  const young = targets.filter((k) => now - Date.parse(k.rotated_at ?? k.created_at) < opts.minAgeSeconds * 1000);
  if (young.length > 0) {
    throw new RetireRefused(`key ${young[0].kid} stopped signing less than ${opts.minAgeSeconds} s (JWT_EXPIRY) ago: ` +
      'access tokens it signed may still be in use (add --now to retire it anyway)');
  }
  const retiredAt = new Date(now).toISOString();
  const ids = new Set(targets.map((k) => k.kid));
  return keys.map((k): StoredKey => {
    if (!ids.has(k.kid)) return k;
    const { private_jwk: _dropped, ...rest } = k;
    return { ...rest, status: 'retired', retired_at: retiredAt };
  });
}
