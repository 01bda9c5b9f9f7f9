import type { Config } from '../config.ts';
import type { EmbeddedCluster } from '../db/embedded.ts';
import { createBackup } from './create.ts';
import { BackupScheduler } from './schedule.ts';
import { log } from '../observability/log.ts';

/** With BACKUP_SCHEDULE set, the server takes its own backups (started once it listens). */
export function scheduleBackups(config: Config, cluster: EmbeddedCluster | undefined, leads?: () => boolean): BackupScheduler | undefined {
  const databaseUrl = config.databaseUrl ?? cluster?.url();
  if (!config.backupSchedule || !databaseUrl) return undefined;
  const scheduler = new BackupScheduler({
    schedule: config.backupSchedule,
    keep: config.backupKeep,
    backupDir: config.backupDir,
    backup: async () => (await createBackup({ databaseUrl, dataDir: config.dataDir, backupDir: config.backupDir })).file,
    log: (line) => log.info(line),
    leads,
  });
  scheduler.start();
  log.info(`[backup] daily into ${config.backupDir}, next at ${scheduler.next().toString()}, keeping ${config.backupKeep.daily} daily and ${config.backupKeep.weekly} weekly`);
  return scheduler;
}
