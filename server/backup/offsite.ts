import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import pg from 'pg';
import { ensureBucket, makeS3Client, s3Failure } from '../s3/client.ts';
import type { BackupS3Settings, S3Settings } from '../s3/settings.ts';
import { expiredArchives, type Keep } from './archives.ts';
import { archiveTime } from './manifest.ts';
import { ArchiveDamaged } from './tar.ts';

/** The SHA-256 of the archive travels with the object, so a copy read back can be checked alone. */
const SHA_META = 'sha256';

async function sha256Of(stream: AsyncIterable<Uint8Array>): Promise<{ hex: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { hex: hash.digest('hex'), size };
}

export const s3Url = (bucket: string, key: string) => `s3://${bucket}/${key}`;

export function parseS3Url(url: string): { bucket: string; key: string } | undefined {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(url);
  return match ? { bucket: match[1], key: match[2] } : undefined;
}

/**
 * Copies a finished archive to BACKUP_S3_BUCKET and reads it back: the size S3 reports and the
 * SHA-256 of the bytes it serves must equal the file's, else the copy is deleted and this throws.
 */
export async function uploadBackup(file: string, settings: BackupS3Settings, client: S3Client = makeS3Client(settings)): Promise<string> {
  const key = `${settings.prefix}${path.basename(file)}`;
  const local = await sha256Of(createReadStream(file));
  try {
    await ensureBucket(client, settings);
    await new Upload({
      client,
      params: {
        Bucket: settings.bucket, Key: key, Body: createReadStream(file), ContentLength: local.size,
        ContentType: 'application/gzip', Metadata: { [SHA_META]: local.hex },
      },
    }).done();
    const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
    const { Body } = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
    const remote = await sha256Of(Body as Readable);
    if (head.ContentLength !== local.size || remote.size !== local.size || remote.hex !== local.hex) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key })).catch(() => {});
      throw new Error(`the copy in ${s3Url(settings.bucket, key)} read back differently from ${file} (size ${remote.size} of ${local.size}); it was deleted`);
    }
  } catch (error) {
    if (error instanceof Error && /read back differently/.test(error.message)) throw error;
    throw s3Failure(error, settings);
  }
  return s3Url(settings.bucket, key);
}

/** BACKUP_KEEP applied to the copies under the prefix, as to the archives in BACKUP_DIR. */
export async function applyRemoteRetention(settings: BackupS3Settings, keep: Keep, client: S3Client = makeS3Client(settings)): Promise<string[]> {
  const archives: { file: string; time: Date }[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: settings.prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        const name = (item.Key ?? '').slice(settings.prefix.length);
        const time = name.includes('/') ? undefined : archiveTime(name);
        if (time) archives.push({ file: item.Key!, time });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    const expired = expiredArchives(archives, keep);
    for (const archive of expired) await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: archive.file }));
    return expired.map((a) => s3Url(settings.bucket, a.file));
  } catch (error) {
    throw s3Failure(error, settings);
  }
}

/**
 * Fetches `s3://BUCKET/KEY` into `dir` for a restore. A copy whose bytes do not match the SHA-256
 * stored with it (damaged, truncated, replaced) is refused here, before anything is restored.
 */
export async function downloadBackup(url: string, settings: S3Settings, dir: string): Promise<string> {
  const place = parseS3Url(url);
  if (!place) throw new Error(`not an s3://BUCKET/KEY address: ${url}`);
  const target = { ...settings, bucket: place.bucket };
  const client = makeS3Client(target);
  const file = path.join(dir, `.download-${process.pid}-${path.basename(place.key)}`);
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: place.bucket, Key: place.key })).catch((error: unknown) => {
      throw s3Failure(error, target);
    });
    const hash = createHash('sha256');
    await pipeline(answer.Body as Readable, async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        yield chunk;
      }
    }, createWriteStream(file, { mode: 0o600 }));
    const expected = answer.Metadata?.[SHA_META];
    const { size } = await stat(file);
    if (answer.ContentLength !== undefined && size !== answer.ContentLength) {
      throw new ArchiveDamaged(`the copy in ${url} is truncated: ${size} of ${answer.ContentLength} bytes arrived`);
    }
    if (expected && hash.digest('hex') !== expected) {
      throw new ArchiveDamaged(`the copy in ${url} is damaged: its SHA-256 differs from the one recorded when it was uploaded`);
    }
    return file;
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  } finally {
    client.destroy();
  }
}

/** The dashboard's backup card shows where the copy went (private.backup_runs.offsite). */
export async function recordOffsite(databaseUrl: string, file: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'skadron-backup' });
  await client.connect();
  try {
    await client.query(
      `update private.backup_runs set offsite = $2
        where id = (select id from private.backup_runs where file = $1 order by finished_at desc limit 1)`,
      [path.basename(file), url],
    );
  } finally {
    await client.end();
  }
}
