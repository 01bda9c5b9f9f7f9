import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore, OpenedBlob } from './blob-store.ts';
import { errors } from './errors.ts';
import { isUuid } from '../http/uuid.ts';
import { bucketDirName, bucketIdFromDirName } from '../stored-files.ts';
import { SNIFF_BYTES } from './mime.ts';

/** A stored version is a file named by a UUID made here, never by the user. */
export const isVersion = isUuid;

export interface ReceivedFile {
  /** Server-generated name of the bytes on disk; stored as storage.objects.version. */
  version: string;
  size: number;
  /** Quoted MD5 of the bytes, as S3 and Supabase Storage give it. */
  eTag: string;
  mimetype: string;
}

export interface ReceiveOptions {
  /** Largest accepted size in bytes; one byte more aborts the upload. */
  limit: number;
  /**
   * Called once with the first bytes (or all of them when the file is short). Returns the type
   * to store, or throws to refuse the upload before the rest arrives.
   */
  inspect(head: Uint8Array): Promise<string>;
}

/**
 * The bytes of every object live under DATA_DIR/storage/<bucket dir>/<version>, where the
 * version is a UUID made here: object names chosen by users never reach the file system.
 * Uploads are written to DATA_DIR/storage/.tmp/<version> first and only renamed into the bucket
 * directory after the database row naming that version has committed.
 */
export class FileStore implements BlobStore {
  readonly kind: 'file' | 's3' = 'file';
  readonly orphanGraceMs: number = 0;
  readonly root: string;
  readonly tmpDir: string;
  /** Transformed renditions, one directory per version (render.ts, render-cache.ts). */
  readonly rendersRoot: string;
  private readonly madeDirs = new Set<string>();
  /**
   * Versions remove() found not yet published: an upsert that replaced one commits before the
   * replaced upload's own publish() has renamed its file into place, so publish() removes it then.
   */
  private readonly removedBeforePublish = new Set<string>();
  private readonly renditionsRemoved: ((version: string) => void)[] = [];

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    this.tmpDir = path.join(this.root, '.tmp');
    this.rendersRoot = path.join(this.root, '.renders');
  }

  get where(): string {
    return this.root;
  }

  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true, mode: 0o700 });
  }

  /** The staging directory is on the same disk, and /readyz already writes there. */
  async check(): Promise<void> {
    await stat(this.root);
  }

  /** On disk the fsynced temporary file is already durable; publish() renames it after the commit. */
  async persist(_bucket: string, _version: string): Promise<void> {}

  /** Nothing was written outside the temporary file, which discard() removes. */
  async unpersist(_bucket: string, _version: string): Promise<void> {}

  tempPath(version: string): string {
    if (!isVersion(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.tmpDir, version);
  }

  filePath(bucket: string, version: string): string {
    if (!isVersion(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.root, bucketDirName(bucket), version);
  }

  /**
   * Streams `source` into a new temporary file while counting, hashing and checking the type,
   * then fsyncs it. Memory use is one chunk plus the sniffed head, whatever the upload size.
   * On any failure the temporary file is removed.
   */
  async receive(source: AsyncIterable<Uint8Array>, options: ReceiveOptions): Promise<ReceivedFile> {
    const version = randomUUID();
    const temp = this.tempPath(version);
    const hash = createHash('md5');
    const headChunks: Uint8Array[] = [];
    let headSize = 0;
    let mimetype: string | undefined;
    let size = 0;
    let handle: FileHandle | undefined;
    try {
      handle = await open(temp, 'wx', 0o640);
      for await (const chunk of source) {
        size += chunk.length;
        if (size > options.limit) throw errors.entityTooLarge();
        hash.update(chunk);
        if (mimetype === undefined) {
          headChunks.push(chunk);
          headSize += chunk.length;
          if (headSize >= SNIFF_BYTES) mimetype = await options.inspect(Buffer.concat(headChunks).subarray(0, SNIFF_BYTES));
        }
        await handle.write(chunk);
      }
      mimetype ??= await options.inspect(Buffer.concat(headChunks));
      await handle.sync();
      await handle.close();
      handle = undefined;
      await syncDir(this.tmpDir);
      return { version, size, eTag: `"${hash.digest('hex')}"`, mimetype };
    } catch (error) {
      await handle?.close().catch(() => {});
      await unlink(temp).catch(() => {});
      throw error;
    }
  }

  /** Writes bytes made by the server (a cleaned image) as a new, fsynced temporary version. */
  async writeTemp(bytes: Uint8Array): Promise<string> {
    const version = randomUUID();
    const temp = this.tempPath(version);
    const handle = await open(temp, 'wx', 0o640);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => {});
      await unlink(temp).catch(() => {});
      throw error;
    }
    await handle.close();
    await syncDir(this.tmpDir);
    return version;
  }

  /** Moves a committed upload into its bucket directory and makes the rename durable. */
  async publish(bucket: string, version: string): Promise<void> {
    const dir = path.join(this.root, bucketDirName(bucket));
    if (!this.madeDirs.has(dir)) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      this.madeDirs.add(dir);
    }
    await rename(this.tempPath(version), path.join(dir, version));
    await syncDir(dir);
    if (this.removedBeforePublish.delete(version)) await this.remove(bucket, version);
  }

  /** Removes an upload that never got (or lost) its row. */
  async discard(version: string): Promise<void> {
    await unlink(this.tempPath(version)).catch(ignoreMissing);
  }

  /** Transformed renditions of one version (render.ts); they go when the version goes. */
  rendersDir(version: string): string {
    if (!isVersion(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.rendersRoot, version);
  }

  /** Told each version whose renditions remove() deleted, so the rendition index forgets them. */
  onRenditionsRemoved(listener: (version: string) => void): void {
    this.renditionsRemoved.push(listener);
  }

  async remove(bucket: string, version: string): Promise<void> {
    const missing = await unlink(this.filePath(bucket, version)).then(() => false, (error: unknown) => (ignoreMissing(error), true));
    if (missing && (await stat(this.tempPath(version)).then(() => true, () => false))) this.removedBeforePublish.add(version);
    await rm(this.rendersDir(version), { recursive: true, force: true });
    for (const listener of this.renditionsRemoved) listener(version);
  }

  /**
   * Opens the bytes of a committed version. Between the commit and the rename they are still in
   * the temporary directory (complete and fsynced), so a download in that window finds them.
   * Opening before reading keeps a download consistent even if an upsert unlinks the file meanwhile.
   */
  async open(bucket: string, version: unknown): Promise<OpenedBlob | undefined> {
    if (!isVersion(version)) return undefined;
    for (const file of [this.filePath(bucket, version), this.tempPath(version)]) {
      let handle: FileHandle | undefined;
      try {
        handle = await open(file, 'r');
        const info = await handle.stat();
        if (info.isFile()) return openedFile(handle, info.size, info.mtime);
        await handle.close();
      } catch (error) {
        await handle?.close().catch(() => {});
        ignoreMissing(error);
      }
    }
    return undefined;
  }

  async exists(bucket: string, version: string): Promise<boolean> {
    try {
      return (await stat(this.filePath(bucket, version))).isFile();
    } catch (error) {
      ignoreMissing(error);
      return false;
    }
  }

  async stored(): Promise<Map<string, Map<string, Date>>> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    const result = new Map<string, Map<string, Date>>();
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const bucket = bucketIdFromDirName(entry.name);
      if (bucket === undefined) continue;
      const versions = new Map<string, Date>();
      for (const file of await readdir(path.join(this.root, entry.name))) versions.set(file, new Date(0));
      result.set(bucket, versions);
    }
    return result;
  }
}

function openedFile(handle: FileHandle, size: number, mtime: Date): OpenedBlob {
  return {
    size,
    mtime,
    stream: (start, end) => handle.createReadStream({ start, end, autoClose: true }),
    readAll: () => handle.readFile(),
    close: () => handle.close().catch(() => {}),
  };
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
