/**
 * npm run storage:move-to-s3 [-- --remove-local]
 * Copies the stored files of DATA_DIR/storage into STORAGE_S3_BUCKET (STORAGE_BACKEND=s3 and
 * its settings must be set), each verified by SHA-256 after upload. Safe to run on a running
 * site and to run again: files already copied intact are skipped.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { HostedRefusal, hostedRefusal, refuseOnHostedProject } from './open-db.ts';
import { moveFilesToS3 } from '../storage/move-to-s3.ts';
import { S3Store } from '../storage/s3-store.ts';

const USAGE = `Usage: STORAGE_BACKEND=s3 STORAGE_S3_BUCKET=... npm run storage:move-to-s3 [-- --remove-local]

Copies every stored file under DATA_DIR/storage into the S3 bucket, reads each copy back and
compares its SHA-256. Run it while the site still serves from disk, then stop the site, run it
again (only files uploaded meanwhile are copied), and start the site with STORAGE_BACKEND=s3.
--remove-local deletes each local file once its copy is verified.`;

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'remove-local': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    log(USAGE);
    return;
  }
  const config = loadConfig(env, { superadminEmail: undefined, superadminPassword: undefined });
  await refuseOnHostedProject(config, hostedRefusal('storage:move-to-s3', 'the project\'s Storage holds the files; manage them in the Supabase dashboard, Storage.'));
  if (!config.storageS3) throw new Error('set STORAGE_BACKEND=s3 and STORAGE_S3_BUCKET (and the endpoint and credentials) first');
  const store = new S3Store(config.dataDir, config.storageS3);
  await store.init();
  const report = await moveFilesToS3(config.dataDir, store, { removeLocal: values['remove-local'], progress: log });
  log(`${report.total} files: ${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MiB), ${report.skipped} already in ${store.where}`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Error: ${(error as Error).message}${error instanceof HostedRefusal ? '' : '. Run the command again to go on where it stopped.'}`);
      process.exit(1);
    },
  );
}
