/**
 * `npm run integrity`: one run of the integrity watch, printed. Looks at the stored content, the
 * built files against the manifest recorded in the database, and the public pages at --url (or
 * INTEGRITY_URL, or SITE_URL) as a visitor, Googlebot, a phone and a visitor from Google. Exit
 * status 1 when anything is found. Database: DATABASE_URL if set (a hosted project's connection
 * string works), else the embedded database in DATA_DIR.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDb } from './open-db.ts';
import { ROOT } from '../paths.ts';
import { runWatch, type WatchResult } from '../integrity/watch.ts';

export function report(result: WatchResult): string {
  const lines = result.findings.map((f) => `FOUND  ${f.kind}  ${f.subject}\n       ${f.detail}`);
  lines.push('', result.findings.length === 0
    ? `Nothing found (${result.pages} pages looked at).`
    : `${result.findings.length} finding(s) (${result.pages} pages looked at); ${result.open} open in total. Review them on /admin/integritas.`);
  return lines.join('\n');
}

export async function runIntegrity(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<WatchResult> {
  const { values } = parseArgs({ args: argv, options: { url: { type: 'string' }, days: { type: 'string' }, root: { type: 'string' } } });
  const config = loadConfig(env, { seedDemo: false });
  const siteUrl = values.url ?? (env.INTEGRITY_URL || env.SITE_URL || undefined);
  const database = await openDb(config);
  try {
    return await runWatch({
      db: database.db, siteUrl, root: values.root ? path.resolve(values.root) : ROOT, days: values.days ? Number(values.days) : 30,
    });
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  runIntegrity(process.argv.slice(2)).then(
    (result) => {
      console.log(report(result));
      process.exit(result.findings.length > 0 ? 1 : 0);
    },
    (error: unknown) => {
      console.error(`Error: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
