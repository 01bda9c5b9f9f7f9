/**
 * npm run restore -- FILE [--force] [--other-site]
 * Restores a backup archive into DATA_DIR (which must be empty unless --force), or with
 * DATABASE_URL into that (empty) database plus DATA_DIR's files; then `npm start` serves it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreSite } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';

const USAGE = `Usage: npm run restore -- <archive> [--force] [--other-site]

Restores an archive written by npm run backup into DATA_DIR (default ./data), which must be
empty or missing. --force replaces a non-empty DATA_DIR (kept beside it as
<DATA_DIR>.before-restore-<time>); --other-site also allows replacing another site's DATA_DIR.
The archive is checked completely first: a truncated, damaged or foreign file restores nothing.`;

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { force: { type: 'boolean' }, 'other-site': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help || positionals.length !== 1) {
    log(USAGE);
    if (!values.help) throw new Error('give exactly one archive file');
    return;
  }
  const config = loadConfig(env, { superadminEmail: undefined, superadminPassword: undefined });
  const result = await restoreSite({
    file: path.resolve(positionals[0]),
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force: values.force,
    otherSite: values['other-site'],
    log,
  });
  const rows = Object.values(result.report.rows).reduce((a, b) => a + b, 0);
  if (result.keptAt) log(`the previous DATA_DIR was moved to ${result.keptAt}`);
  log(`restored ${rows} rows and ${result.report.files} files into ${config.dataDir}; start the site with npm start`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Error: ${(error as Error).message}. Nothing was restored.`);
      process.exit(1);
    },
  );
}
