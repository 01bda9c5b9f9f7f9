/**
 * npm run backup                      one archive of the site into BACKUP_DIR (default ./backups);
 *                                     its path is the last line printed
 * npm run backup -- --verify FILE     restore FILE into a temporary directory and compare
 * Works on a running site (through its PostgreSQL) and on a stopped one (started for the command).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { takeBackup } from '../backup/take.ts';
import { verifyBackup } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';
import { runningClusterUrl, startEmbedded } from '../db/embedded.ts';
import { hostedRefusal, refuseOnHostedProject } from './open-db.ts';

const USAGE = `Usage: npm run backup [-- --verify <archive>]

Without options: writes one archive (database, stored files, secrets) into BACKUP_DIR
(default ./backups) and prints its path last; with BACKUP_S3_BUCKET also uploads it, reads
the copy back, and prints its s3://BUCKET/KEY last. The site may keep running.
--verify <archive>: restores the archive into a temporary directory and compares every
table's row count and every file's SHA-256 with the archive.`;

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<string> {
  const { values } = parseArgs({ args: argv, options: { verify: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    log(USAGE);
    return '';
  }
  if (values.verify) {
    const file = path.resolve(values.verify);
    const result = await verifyBackup(file);
    const { header } = result.archive;
    log(`verified ${file}: site ${header.siteId}, made ${header.createdAt} (PostgreSQL ${header.postgresMajor}, migration ${header.migration}); `
      + `${result.tables} tables with ${result.rows} rows and ${result.files} files restored and matching`);
    return file;
  }
  const config = loadConfig(env, { superadminEmail: undefined, superadminPassword: undefined });
  await refuseOnHostedProject(config, hostedRefusal('backup', 'Supabase backs up the project\'s database and storage; see the Supabase dashboard, Database > Backups, or dump the database with "npx supabase db dump".'));
  const running = config.databaseUrl ?? runningClusterUrl(config.dataDir);
  const cluster = running ? undefined : await startEmbedded(config.dataDir, {
    size: { maxConnections: config.pgMaxConnections, sharedBuffers: config.pgSharedBuffers },
    durable: config.pgDurable,
  });
  try {
    const result = await takeBackup(config, running ?? cluster!.url());
    for (const missing of result.missingFiles) log(`warning: the site has no file for ${missing} (already lost before this backup)`);
    log(`${result.tables} tables, ${result.rows} rows, ${result.files} files, ${(result.size / 1024 / 1024).toFixed(1)} MiB`);
    log(result.file);
    if (result.offsite) log(result.offsite);
    return result.offsite ?? result.file;
  } finally {
    await cluster?.stop();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Error: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
