/** Copies off the machine (BACKUP_S3_BUCKET) against s3rver: upload with read-back, retention, an unreachable bucket. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveName } from '../../server/backup/manifest.ts';
import { BackupScheduler } from '../../server/backup/schedule.ts';
import { applyRemoteRetention, uploadBackup } from '../../server/backup/offsite.ts';
import { makeS3Client } from '../../server/s3/client.ts';
import { backupS3Settings, type BackupS3Settings } from '../../server/s3/settings.ts';
import { startS3rver, type S3Server } from '../support/s3rver.ts';
import { tempDir } from './helpers.ts';

let s3: S3Server;
let settings: BackupS3Settings;

beforeAll(async () => {
  s3 = await startS3rver();
  settings = backupS3Settings(s3.env({ BACKUP_S3_BUCKET: 'skd-retention', BACKUP_S3_PREFIX: 'situs' }))!;
});
afterAll(() => s3?.stop());

async function keys(): Promise<string[]> {
  const page = await makeS3Client(settings).send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  return (page.Contents ?? []).map((c) => c.Key!).sort();
}

describe('backup copies in S3', () => {
  it('BACKUP_KEEP applies to the copies under the prefix: the newest of the kept days stay, other keys are untouched', async () => {
    expect(settings.prefix).toBe('situs/');
    const dir = tempDir('skd-offsite-');
    const days = [1, 2, 3, 4].map((d) => new Date(Date.UTC(2026, 10, d, 3, 0, 0)));
    for (const day of days) {
      const file = path.join(dir, archiveName(day));
      writeFileSync(file, `arsip ${day.toISOString()}`);
      expect(await uploadBackup(file, settings)).toBe(`s3://skd-retention/situs/${archiveName(day)}`);
    }
    await makeS3Client(settings).send(new PutObjectCommand({ Bucket: settings.bucket, Key: 'lain/catatan.txt', Body: 'bukan arsip' }));
    const removed = await applyRemoteRetention(settings, { daily: 2, weekly: 0 });
    expect(removed.sort()).toEqual(days.slice(0, 2).map((d) => `s3://skd-retention/situs/${archiveName(d)}`).sort());
    expect(await keys()).toEqual(['lain/catatan.txt', ...days.slice(2).map((d) => `situs/${archiveName(d)}`)].sort());
  });

  it('a scheduled run copies its archive and then applies BACKUP_KEEP to the copies', async () => {
    const dir = tempDir('skd-offsite-sched-');
    const prefixed = { ...settings, prefix: 'jadwal/' };
    const old = [1, 2, 3].map((d) => new Date(Date.UTC(2026, 9, d, 3, 0, 0)));
    for (const day of old) {
      const file = path.join(dir, archiveName(day));
      writeFileSync(file, 'arsip lama');
      await uploadBackup(file, prefixed);
    }
    const today = new Date(Date.UTC(2026, 9, 4, 3, 0, 0));
    const log: string[] = [];
    const scheduler = new BackupScheduler({
      schedule: { hour: 3, minute: 0 }, keep: { daily: 2, weekly: 0 }, backupDir: dir, log: (line) => log.push(line),
      async backup() {
        const file = path.join(dir, archiveName(today));
        writeFileSync(file, 'arsip baru');
        return `${file} (copy: ${await uploadBackup(file, prefixed)})`;
      },
      remoteRetention: () => applyRemoteRetention(prefixed, { daily: 2, weekly: 0 }),
    });
    await scheduler.runOnce();
    expect(log).toContain('[backup] retention removed 2 older copies off the machine');
    expect((await keys()).filter((k) => k.startsWith('jadwal/'))).toEqual([old[2], today].map((d) => `jadwal/${archiveName(d)}`));
  });

  it('an unreachable bucket fails the copy with the reason, naming the setting to check', async () => {
    const file = path.join(tempDir('skd-offsite-'), archiveName(new Date()));
    writeFileSync(file, 'arsip');
    await s3.pause();
    try {
      await expect(uploadBackup(file, settings)).rejects.toThrow(/cannot be reached.*STORAGE_S3_ENDPOINT/);
    } finally {
      await s3.restart();
    }
  });
});
