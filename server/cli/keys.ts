/**
 * The keys that sign access tokens, from the shell (DATA_DIR/signing-keys.json, or with DATABASE_URL
 * the database every server of the site reads):
 *   npm run keys -- list
 *   npm run keys -- rotate             a new key signs; the one before still verifies
 *   npm run keys -- retire [--kid K] [--now]
 *                                      previous keys stop verifying (refused within JWT_EXPIRY of
 *                                      the rotation unless --now: tokens they signed may be live)
 * Running servers pick the change up within seconds (with DATABASE_URL at once, every one of them).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { databaseKeyStore, fileKeyStore, type KeyStore } from '../key-store.ts';
import { RetireRefused, retired, rotated } from '../signing-keys.ts';
import { hostedRefusal, openDb } from './open-db.ts';

const USAGE = `Usage: npm run keys -- <command> [options]

Commands:
  list                      the signing keys: id, state (current signs; previous verifies; retired neither), dates
  rotate                    make a new current key; the current one becomes previous and still verifies
  retire [--kid <id>] [--now]
                            retire the previous keys (or the one named): tokens they signed are refused.
                            Refused within JWT_EXPIRY of the rotation unless --now.`;

export async function runKeys(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv, allowPositionals: true, options: { kid: { type: 'string' }, now: { type: 'boolean' } },
  });
  const config = loadConfig(env, { seedDemo: false });
  if (!['list', 'rotate', 'retire'].includes(positionals[0] ?? '')) throw new RetireRefused(USAGE);
  const database = config.databaseUrl ? await openDb(config, hostedRefusal('keys', 'the project\'s Auth signs its sessions; list, rotate and revoke its signing keys in the Supabase dashboard, Project Settings > JWT Keys.')) : undefined;
  const store = database ? databaseKeyStore(database.db, config.dataDir, config.jwtSecret) : fileKeyStore(config.dataDir, config.jwtSecret);
  try {
    return await run(store, positionals[0], values, config.jwtExpirySeconds);
  } finally {
    await database?.close();
  }
}

async function run(store: KeyStore, command: string, values: { kid?: string; now?: boolean }, jwtExpirySeconds: number): Promise<string> {
  if (command === 'list') {
    return (await store.keys()).map((k) => [k.kid, k.alg, k.status.padEnd(8), `created ${k.created_at}`,
      k.rotated_at ? `rotated ${k.rotated_at}` : '', k.retired_at ? `retired ${k.retired_at}` : ''].filter(Boolean).join('  ')).join('\n');
  }
  if (command === 'rotate') {
    await store.keys();
    const keys = await store.update(rotated);
    const previous = keys.filter((k) => k.status === 'previous').length;
    return `New current key ${keys[keys.length - 1].kid}; ${previous} previous key(s) still verify. Retire them after JWT_EXPIRY (${jwtExpirySeconds} s): npm run keys -- retire`;
  }
  await store.keys();
  let ids: string[] = [];
  await store.update((keys) => {
    const next = retired(keys, { kid: values.kid, minAgeSeconds: values.now ? 0 : jwtExpirySeconds });
    ids = next.filter((k, i) => k.status === 'retired' && keys[i].status !== 'retired').map((k) => k.kid);
    return next;
  });
  return ids.length ? `Retired ${ids.join(', ')}: tokens they signed are refused.` : 'No previous key to retire.';
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  runKeys(process.argv.slice(2)).then(
    (out) => console.log(out),
    (error: unknown) => {
      console.error(error instanceof RetireRefused ? error.message : `Error: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
