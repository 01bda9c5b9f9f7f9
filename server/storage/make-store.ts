import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { FileStore } from './disk.ts';
import { S3Store } from './s3-store.ts';

/** STORAGE_BACKEND picks where the bytes of stored files live. */
export function makeBlobStore(config: Pick<Config, 'dataDir' | 'storageS3'>): BlobStore {
  return config.storageS3 ? new S3Store(config.dataDir, config.storageS3) : new FileStore(config.dataDir);
}
