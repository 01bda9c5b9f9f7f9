import type { Config } from '../config.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { makeBlobStore } from '../storage/make-store.ts';
import { createBackup, type BackupResult } from './create.ts';
import { recordOffsite, uploadBackup } from './offsite.ts';
import { log } from '../observability/log.ts';

export interface TakenBackup extends BackupResult {
  /** `s3://BUCKET/KEY` of the verified copy (BACKUP_S3_BUCKET), if one is configured. */
  offsite?: string;
}

/**
 * One backup as the settings ask: the archive in BACKUP_DIR (stored files read from wherever
 * STORAGE_BACKEND keeps them), then, with BACKUP_S3_BUCKET, its copy uploaded and read back.
 * A failed copy throws; the archive in BACKUP_DIR stays.
 */
export async function takeBackup(config: Config, databaseUrl: string, blobs: BlobStore = makeBlobStore(config)): Promise<TakenBackup> {
  const result = await createBackup({ databaseUrl, dataDir: config.dataDir, backupDir: config.backupDir, blobs });
  if (!config.backupS3) return result;
  let offsite: string;
  try {
    offsite = await uploadBackup(result.file, config.backupS3);
  } catch (error) {
    throw new Error(`${result.file} was written, but its copy off the machine failed: ${(error as Error).message}`, { cause: error });
  }
  await recordOffsite(databaseUrl, result.file, offsite).catch((error: unknown) => {
    log.error({ err: error }, '[backup] could not note the copy in the database');
  });
  return { ...result, offsite };
}
