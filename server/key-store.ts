/**
 * Where the legacy secret and the signing keys live. Alone, a server keeps them in DATA_DIR
 * (secrets.json, signing-keys.json). With DATABASE_URL every server of the site reads them from
 * private.server_keys, so a second server started with an empty DATA_DIR verifies the first's
 * tokens and signs with the same current key; a change (`npm run keys`) is made under a row lock
 * and announced with NOTIFY, and each server reloads at once. DATA_DIR keeps a copy, which
 * backups, the doctor and operator scripts read, and which seeds the database the first time a
 * site that ran alone is pointed at it, so the tokens it issued stay valid.
 */
import { randomBytes } from 'node:crypto';
import { unwatchFile, watchFile } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from './db/adapter.ts';
import { readStoredKeys, signingKeysPath, withCurrentKey, writeStoredKeys, type StoredKey } from './signing-keys.ts';

export interface KeyStore {
  /** The legacy secret (JWT_SECRET when set), made on first use. */
  secret(): Promise<string>;
  /** The signing keys, with a first current key made when none signs. */
  keys(): Promise<StoredKey[]>;
  /** Reads, changes and writes the keys as one step; a thrown error changes nothing. */
  update(change: (keys: StoredKey[]) => StoredKey[]): Promise<StoredKey[]>;
  /** Calls `onChange` when another process changed the keys; resolves to the stop function. */
  watch(onChange: () => void): Promise<() => Promise<void>>;
}

export const KEYS_CHANNEL = 'server_keys_changed';
const secretsPath = (dataDir: string) => path.join(dataDir, 'secrets.json');

async function readSecretFile(dataDir: string): Promise<string | undefined> {
  try {
    const stored = JSON.parse(await readFile(secretsPath(dataDir), 'utf8')) as { jwtSecret?: string };
    return stored.jwtSecret && stored.jwtSecret.length >= 32 ? stored.jwtSecret : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeSecretFile(dataDir: string, secret: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(secretsPath(dataDir), JSON.stringify({ jwtSecret: secret }, null, 2) + '\n', { mode: 0o600 });
}

const newSecret = () => randomBytes(48).toString('base64url');

/** DATA_DIR alone: one server. */
export function fileKeyStore(dataDir: string, secretFromEnv: string | undefined): KeyStore {
  return {
    async secret() {
      if (secretFromEnv) return secretFromEnv;
      const stored = await readSecretFile(dataDir);
      if (stored) return stored;
      const secret = newSecret();
      await writeSecretFile(dataDir, secret);
      return secret;
    },
    keys: () => updateFile(dataDir, withCurrentKey),
    update: (change) => updateFile(dataDir, change),
    async watch(onChange) {
      const file = signingKeysPath(dataDir);
      watchFile(file, { interval: 2000, persistent: false }, onChange);
      return async () => unwatchFile(file, onChange);
    },
  };
}

async function updateFile(dataDir: string, change: (keys: StoredKey[]) => StoredKey[]): Promise<StoredKey[]> {
  const keys = await readStoredKeys(dataDir);
  const next = change(keys);
  if (next !== keys) await writeStoredKeys(dataDir, next);
  return next;
}

async function storedValue<T>(q: Queryable, name: string, lock = false): Promise<T | undefined> {
  const { rows } = await q.query<{ value: T }>(`select value from private.server_keys where name = $1${lock ? ' for update' : ''}`, [name]);
  return rows[0]?.value;
}

/** DATABASE_URL: every server of the site shares what the database holds. */
export function databaseKeyStore(db: Db, dataDir: string, secretFromEnv: string | undefined): KeyStore {
  const mirror = async (keys: StoredKey[]) => {
    if (JSON.stringify(await readStoredKeys(dataDir)) !== JSON.stringify(keys)) await writeStoredKeys(dataDir, keys);
  };
  const update = async (change: (keys: StoredKey[]) => StoredKey[]) => {
    const keys = await db.transaction(async (tx) => {
      // The first server seeds the row from its own DATA_DIR; a server that lost the race reads the winner's.
      await tx.query(`insert into private.server_keys (name, value) values ('signing_keys', $1) on conflict (name) do nothing`,
        [JSON.stringify(await readStoredKeys(dataDir))]);
      const current = (await storedValue<StoredKey[]>(tx, 'signing_keys', true)) ?? [];
      const next = change(current);
      if (next === current) return current;
      await tx.query(`update private.server_keys set value = $1, updated_at = now() where name = 'signing_keys'`, [JSON.stringify(next)]);
      await tx.query('select pg_notify($1, $2)', [KEYS_CHANNEL, '']);
      return next;
    });
    await mirror(keys);
    return keys;
  };
  return {
    async secret() {
      if (secretFromEnv) return secretFromEnv;
      let stored = await storedValue<{ jwtSecret: string }>(db, 'jwt_secret');
      if (!stored) {
        const proposed = { jwtSecret: (await readSecretFile(dataDir)) ?? newSecret() };
        await db.query(`insert into private.server_keys (name, value) values ('jwt_secret', $1) on conflict (name) do nothing`, [JSON.stringify(proposed)]);
        stored = await storedValue<{ jwtSecret: string }>(db, 'jwt_secret');
      }
      const secret = stored!.jwtSecret;
      if ((await readSecretFile(dataDir)) !== secret) await writeSecretFile(dataDir, secret);
      return secret;
    },
    keys: () => update(withCurrentKey),
    update,
    watch: (onChange) => db.listen(KEYS_CHANNEL, () => onChange()),
  };
}
