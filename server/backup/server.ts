import type { Config } from '../config.ts';
import type { EmbeddedCluster } from '../db/embedded.ts';
import { applyRemoteRetention } from './offsite.ts';
import { BackupScheduler } from './schedule.ts';
import { takeBackup } from './take.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { log } from '../observability/log.ts';

/** With BACKUP_SCHEDULE set, the server takes its own backups (started once it listens). */
export function scheduleBackups(config: Config, cluster: EmbeddedCluster | undefined, blobs?: BlobStore, leads?: () => boolean): BackupScheduler | undefined {
  const databaseUrl = config.databaseUrl ?? cluster?.url();
  if (!config.backupSchedule || !databaseUrl) return undefined;
  const { backupS3 } = config;
  const scheduler = new BackupScheduler({
    schedule: config.backupSchedule,
    keep: config.backupKeep,
    backupDir: config.backupDir,
    backup: async () => {
      const taken = await takeBackup(config, databaseUrl, blobs);
      return taken.offsite ? `${taken.file} (copy: ${taken.offsite})` : taken.file;
    },
    remoteRetention: backupS3 && (() => applyRemoteRetention(backupS3, config.backupKeep)),
    log: (line) => log.info(line),
    leads,
  });
  scheduler.start();
  log.info(`[backup] daily into ${config.backupDir}, next at ${scheduler.next().toString()}, keeping ${config.backupKeep.daily} daily and ${config.backupKeep.weekly} weekly${backupS3 ? `; copied to s3://${backupS3.bucket}/${backupS3.prefix}` : ''}`);
  return scheduler;
}
