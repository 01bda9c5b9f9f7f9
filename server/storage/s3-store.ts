import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ensureBucket, makeS3Client, placeOf, s3Failure } from '../s3/client.ts';
import type { S3Settings } from '../s3/settings.ts';
import type { OpenedBlob } from './blob-store.ts';
import { FileStore, isVersion } from './disk.ts';
import { bucketDirName, bucketIdFromDirName } from '../stored-files.ts';

/** S3's own answer for a key that is not there. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * STORAGE_BACKEND=s3: the bytes of every version in one S3 bucket, under the same
 * `<bucket dir>/<version>` names as on disk, so object names chosen by users never become keys.
 * Uploads are staged and cleaned on local disk (FileStore), copied to the bucket before their
 * row commits, and the local copy dropped afterwards: a row never names bytes the bucket lacks.
 */
export class S3Store extends FileStore {
  override readonly kind = 's3';
  /** Another server's upload is in the bucket a moment before its row commits. */
  override readonly orphanGraceMs = 15 * 60_000;
  readonly client: S3Client;

  constructor(dataDir: string, readonly settings: S3Settings, client?: S3Client) {
    super(dataDir);
    this.client = client ?? makeS3Client(settings);
  }

  override get where(): string {
    return placeOf(this.settings);
  }

  key(bucket: string, version: string): string {
    if (!isVersion(version)) throw new Error(`not a version id: ${version}`);
    return `${bucketDirName(bucket)}/${version}`;
  }

  override async init(): Promise<void> {
    await super.init();
    await ensureBucket(this.client, this.settings);
  }

  override async check(): Promise<void> {
    await this.guard(this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })));
  }

  override async persist(bucket: string, version: string): Promise<void> {
    const file = this.tempPath(version);
    const { size } = await stat(file);
    try {
      await new Upload({
        client: this.client,
        params: { Bucket: this.settings.bucket, Key: this.key(bucket, version), Body: createReadStream(file), ContentLength: size },
        queueSize: 2,
      }).done();
    } catch (error) {
      // a multipart upload cut off is aborted by lib-storage; a single PUT leaves nothing
      throw s3Failure(error, this.settings);
    }
  }

  override async publish(_bucket: string, version: string): Promise<void> {
    await this.discard(version);
  }

  override async unpersist(bucket: string, version: string): Promise<void> {
    await this.guard(this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(bucket, version) })));
  }

  override async remove(bucket: string, version: string): Promise<void> {
    await this.unpersist(bucket, version);
    await super.remove(bucket, version);
  }

  override async open(bucket: string, version: unknown): Promise<OpenedBlob | undefined> {
    if (!isVersion(version)) return undefined;
    const Key = this.key(bucket, version);
    let head;
    try {
      head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw s3Failure(error, this.settings);
    }
    const get = async (range?: string) => {
      try {
        return await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key, Range: range }));
      } catch (error) {
        throw s3Failure(error, this.settings);
      }
    };
    const size = head.ContentLength ?? 0;
    return {
      size,
      mtime: head.LastModified ?? new Date(0),
      stream: (start, end) => Readable.from((async function* () {
        const range = start === undefined && end === undefined ? undefined : `bytes=${start ?? 0}-${end ?? size - 1}`;
        const { Body } = await get(range);
        yield* Body as Readable;
      })(), { objectMode: false }),
      readAll: async () => Buffer.from(await (await get()).Body!.transformToByteArray()),
      close: async () => {},
    };
  }

  override async exists(bucket: string, version: string): Promise<boolean> {
    return (await this.open(bucket, version)) !== undefined;
  }

  override async stored(): Promise<Map<string, Map<string, Date>>> {
    const result = new Map<string, Map<string, Date>>();
    let token: string | undefined;
    do {
      const page = await this.guard(this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token })));
      for (const item of page.Contents ?? []) {
        const [dir, version, ...rest] = (item.Key ?? '').split('/');
        const bucket = bucketIdFromDirName(dir);
        if (bucket === undefined || rest.length > 0 || !isVersion(version)) continue;
        if (!result.has(bucket)) result.set(bucket, new Map());
        result.get(bucket)!.set(version, item.LastModified ?? new Date(0));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return result;
  }

  private async guard<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      throw s3Failure(error, this.settings);
    }
  }
}
