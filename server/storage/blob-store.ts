import type { Readable } from 'node:stream';
import type { ReceiveOptions, ReceivedFile } from './disk.ts';

/** The bytes of one stored version, opened for reading. */
export interface OpenedBlob {
  size: number;
  mtime: Date;
  /** Bytes start..end (inclusive), or all of them. */
  stream(start?: number, end?: number): Readable;
  readAll(): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Where the bytes of storage.objects versions live: DATA_DIR/storage (disk.ts) or an S3 bucket
 * (s3-store.ts). Every upload is staged on local disk first (received, counted, hashed, its
 * type and image metadata checked and cleaned) whatever the backend, so nothing unchecked
 * ever reaches the place the bytes are kept. Renditions are a cache on local disk for both.
 */
export interface BlobStore {
  readonly kind: 'file' | 's3';
  /** Where the bytes are, for log lines. */
  readonly where: string;
  readonly tmpDir: string;
  readonly rendersRoot: string;
  /** Stored versions younger than this are not swept as orphans (another server may be about to commit their row). */
  readonly orphanGraceMs: number;
  init(): Promise<void>;
  /** Throws when the bytes' place cannot take a write or answer a read (/readyz, doctor). */
  check(): Promise<void>;
  tempPath(version: string): string;
  receive(source: AsyncIterable<Uint8Array>, options: ReceiveOptions): Promise<ReceivedFile>;
  writeTemp(bytes: Uint8Array): Promise<string>;
  /** Before the row commits: the staged bytes are made durable where they will be kept. */
  persist(bucket: string, version: string): Promise<void>;
  /** After the row committed: the staged copy is moved into place or dropped. */
  publish(bucket: string, version: string): Promise<void>;
  discard(version: string): Promise<void>;
  /** Drops a version that was persisted but whose row never committed. */
  unpersist(bucket: string, version: string): Promise<void>;
  remove(bucket: string, version: string): Promise<void>;
  open(bucket: string, version: unknown): Promise<OpenedBlob | undefined>;
  exists(bucket: string, version: string): Promise<boolean>;
  /** Every stored version by bucket, with when it was written (start-up recovery). */
  stored(): Promise<Map<string, Map<string, Date>>>;
  rendersDir(version: string): string;
  onRenditionsRemoved(listener: (version: string) => void): void;
}
