/** The S3 settings as an operator writes them: defaults, and mistakes refused at start with the setting's name. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('STORAGE_BACKEND and BACKUP_S3_*', () => {
  it('file by default; s3 with the storage-api names, us-east-1 and backups/ by default', () => {
    expect(loadConfig({}).storageS3).toBeUndefined();
    expect(loadConfig({}).backupS3).toBeUndefined();
    const config = loadConfig({
      STORAGE_BACKEND: 's3', STORAGE_S3_BUCKET: 'berkas-situs', STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      STORAGE_S3_FORCE_PATH_STYLE: 'true', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'rahasia', BACKUP_S3_BUCKET: 'cadangan',
    });
    expect(config.storageS3).toEqual({
      bucket: 'berkas-situs', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'rahasia' },
    });
    expect(config.backupS3).toMatchObject({ bucket: 'cadangan', prefix: 'backups/', endpoint: 'http://127.0.0.1:9000' });
    expect(loadConfig({ BACKUP_S3_BUCKET: 'cadangan', BACKUP_S3_PREFIX: 'situs' }).backupS3!.prefix).toBe('situs/');
  });

  it('refuses what would fail later, naming the setting', () => {
    expect(() => loadConfig({ STORAGE_BACKEND: 'ftp' })).toThrow(/STORAGE_BACKEND must be file or s3/);
    expect(() => loadConfig({ STORAGE_BACKEND: 's3' })).toThrow(/needs STORAGE_S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_BACKEND: 's3', STORAGE_S3_BUCKET: 'Berkas_Situs' })).toThrow(/STORAGE_S3_BUCKET must be an S3 bucket name/);
    expect(() => loadConfig({ STORAGE_BACKEND: 's3', STORAGE_S3_BUCKET: 'berkas', STORAGE_S3_ENDPOINT: 'minio:9000' })).toThrow(/STORAGE_S3_ENDPOINT must be an http\(s\) address/);
    expect(() => loadConfig({ BACKUP_S3_BUCKET: 'cadangan', AWS_ACCESS_KEY_ID: 'id' })).toThrow(/Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
  });
});
