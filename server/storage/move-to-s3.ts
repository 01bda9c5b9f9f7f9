import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { s3Failure } from '../s3/client.ts';
import { FileStore } from './disk.ts';
import type { S3Store } from './s3-store.ts';

export interface MoveReport {
  total: number;
  copied: number;
  /** Already in the bucket with the same SHA-256 (an earlier, interrupted run). */
  skipped: number;
  bytes: number;
}

async function sha256(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * Copies every stored version under DATA_DIR/storage into the S3 store's bucket, under the keys
 * the S3 backend reads. Each copy is read back and its SHA-256 compared with the file's; the
 * digest is kept with the object, so a second run skips what is already there and intact.
 * With `removeLocal` a file is deleted once its copy is verified.
 */
export async function moveFilesToS3(dataDir: string, s3: S3Store, options: { removeLocal?: boolean; progress?: (line: string) => void } = {}): Promise<MoveReport> {
  const local = new FileStore(dataDir);
  const stored = await local.stored();
  const report: MoveReport = { total: 0, copied: 0, skipped: 0, bytes: 0 };
  for (const versions of stored.values()) report.total += versions.size;
  const Bucket = s3.settings.bucket;
  let done = 0;
  for (const [bucket, versions] of stored) {
    for (const version of versions.keys()) {
      const file = local.filePath(bucket, version);
      const Key = s3.key(bucket, version);
      const { size } = await stat(file);
      const digest = await sha256(createReadStream(file));
      let state = 'already there, checksum matches';
      try {
        const head = await s3.client.send(new HeadObjectCommand({ Bucket, Key })).catch((error: unknown) => {
          if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
          throw error;
        });
        if (head && head.ContentLength === size && head.Metadata?.sha256 === digest) {
          report.skipped++;
        } else {
          await new Upload({ client: s3.client, params: { Bucket, Key, Body: createReadStream(file), ContentLength: size, Metadata: { sha256: digest } } }).done();
          const { Body } = await s3.client.send(new GetObjectCommand({ Bucket, Key }));
          if ((await sha256(Body as Readable)) !== digest) throw new Error(`the copy of ${bucket}/${version} in the bucket reads back differently`);
          report.copied++;
          report.bytes += size;
          state = 'copied, checksum verified';
        }
      } catch (error) {
        throw s3Failure(error, s3.settings);
      }
      if (options.removeLocal) await unlink(file);
      done++;
      options.progress?.(`[${done}/${report.total}] ${bucket}/${version} (${size} bytes): ${state}`);
    }
  }
  return report;
}
