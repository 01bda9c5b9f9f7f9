/**
 * The keys that sign access tokens, from the shell (DATA_DIR/signing-keys.json):
 *   npm run keys -- list
 *   npm run keys -- rotate             a new key signs; the one before still verifies
 *   npm run keys -- retire [--kid K] [--now]
 *                                      previous keys stop verifying (refused within JWT_EXPIRY of
 *                                      the rotation unless --now: tokens they signed may be live)
 * A running server picks the change up within seconds.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { RetireRefused, ensureSigningKeys, readStoredKeys, retireSigningKeys, rotateSigningKey } from '../signing-keys.ts';

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
  switch (positionals[0]) {
    case 'list': {
      const keys = await ensureSigningKeys(config.dataDir);
      return keys.map((k) => [k.kid, k.alg, k.status.padEnd(8), `created ${k.created_at}`,
        k.rotated_at ? `rotated ${k.rotated_at}` : '', k.retired_at ? `retired ${k.retired_at}` : ''].filter(Boolean).join('  ')).join('\n');
    }
    case 'rotate': {
      await ensureSigningKeys(config.dataDir);
      const kid = await rotateSigningKey(config.dataDir);
      const previous = (await readStoredKeys(config.dataDir)).filter((k) => k.status === 'previous').length;
      return `New current key ${kid}; ${previous} previous key(s) still verify. Retire them after JWT_EXPIRY (${config.jwtExpirySeconds} s): npm run keys -- retire`;
    }
    case 'retire': {
      const ids = await retireSigningKeys(config.dataDir, { kid: values.kid, minAgeSeconds: values.now ? 0 : config.jwtExpirySeconds });
      return ids.length ? `Retired ${ids.join(', ')}: tokens they signed are refused.` : 'No previous key to retire.';
    }
    default:
      throw new RetireRefused(USAGE);
  }
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
