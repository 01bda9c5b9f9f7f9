/**
 * npm run restore -- FILE [--force] [--other-site]
 * Restores a backup archive into DATA_DIR (which must be empty unless --force), or with
 * DATABASE_URL into that (empty) database plus DATA_DIR's files; then `npm start` serves it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mkdir, rm } from 'node:fs/promises';
import { downloadBackup } from '../backup/offsite.ts';
import { restoreSite } from '../backup/restore.ts';
import { moveFilesToS3 } from '../storage/move-to-s3.ts';
import { S3Store } from '../storage/s3-store.ts';
import { loadConfig } from '../config.ts';
import { HostedRefusal, hostedRefusal, refuseOnHostedProject } from './open-db.ts';

const USAGE = `Usage: npm run restore -- <archive | s3://BUCKET/KEY> [--force] [--other-site]

Restores an archive written by npm run backup into DATA_DIR (default ./data), which must be
empty or missing. --force replaces a non-empty DATA_DIR (kept beside it as
<DATA_DIR>.before-restore-<time>); --other-site also allows replacing another site's DATA_DIR.
The archive is checked completely first: a truncated, damaged or foreign file restores nothing.
An s3:// address is downloaded first (endpoint, region and credentials as for STORAGE_S3_*);
with STORAGE_BACKEND=s3 the restored files go into STORAGE_S3_BUCKET.`;

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
  await refuseOnHostedProject(config, hostedRefusal('restore', 'restore the project from the Supabase dashboard, Database > Backups.'));
  const source = positionals[0];
  let file = path.resolve(source);
  let downloaded: string | undefined;
  if (source.startsWith('s3://')) {
    const settings = config.backupS3 ?? config.storageS3;
    if (!settings) throw new Error('restoring from s3:// needs the bucket\'s settings: STORAGE_S3_ENDPOINT, STORAGE_S3_REGION and the AWS_* credentials, with BACKUP_S3_BUCKET or STORAGE_BACKEND=s3 set');
    await mkdir(config.backupDir, { recursive: true, mode: 0o700 });
    log(`downloading ${source}`);
    file = downloaded = await downloadBackup(source, settings, config.backupDir);
  }
  const { storageS3 } = config;
  const result = await restoreSite({
    file,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force: values.force,
    otherSite: values['other-site'],
    log,
    storeFiles: storageS3 && (async (staging) => {
      const store = new S3Store(staging, storageS3);
      await store.init();
      const moved = await moveFilesToS3(staging, store, { removeLocal: true });
      log(`${moved.total} stored files in ${store.where} (${moved.copied} copied, ${moved.skipped} already there), each checked by SHA-256`);
    }),
  }).finally(() => downloaded && rm(downloaded, { force: true }));
  const rows = Object.values(result.report.rows).reduce((a, b) => a + b, 0);
  if (result.keptAt) log(`the previous DATA_DIR was moved to ${result.keptAt}`);
  log(`restored ${rows} rows and ${result.report.files} files into ${config.dataDir}; start the site with npm start`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Error: ${(error as Error).message}${error instanceof HostedRefusal ? '' : '. Nothing was restored.'}`);
      process.exit(1);
    },
  );
}
