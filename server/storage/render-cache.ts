import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isVersion } from './disk.ts';

/** However many sizes are asked for, one image keeps at most this many renditions on disk. */
export const MAX_RENDITIONS_PER_IMAGE = 32;

interface Entry {
  version: string;
  file: string;
  size: number;
}

/**
 * The renditions under DATA_DIR/storage/.renders/<version>/<key>.<format>, kept within a byte
 * budget and a per-image count: past either, the least recently served renditions are deleted.
 * The index lives in memory (one process serves the site) and is rebuilt from the files at the
 * first request after a start, oldest modification first. A Map keeps insertion order, so
 * re-inserting an entry on every hit makes its first entries the least recently used.
 */
export class RenderCache {
  private readonly entries = new Map<string, Entry>();
  private readonly perVersion = new Map<string, Set<string>>();
  private total = 0;
  private loaded: Promise<void> | undefined;

  constructor(
    readonly dir: string,
    /** A fixed budget, or one that follows the disk's free space (given the bytes kept now). */
    private readonly budgetBytes: number | ((keptBytes: number) => Promise<number>),
  ) {}

  /** Bytes the renditions take now (the index's count of the files it wrote or found). */
  get bytes(): number {
    return this.total;
  }

  pathOf(version: string, name: string): string {
    if (!isVersion(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.dir, version, name);
  }

  /** A kept rendition's bytes, marked as just used; undefined when it is not on disk. */
  async read(version: string, name: string): Promise<Buffer | undefined> {
    await this.load();
    const file = this.pathOf(version, name);
    const entry = this.entries.get(file);
    if (!entry) return undefined;
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes) {
      this.drop(file);
      return undefined;
    }
    this.entries.delete(file);
    this.entries.set(file, entry);
    return bytes;
  }

  /** Writes a new rendition (atomically, by rename), then evicts what is over the budgets. */
  async write(version: string, name: string, bytes: Buffer): Promise<void> {
    await this.load();
    const file = this.pathOf(version, name);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    this.drop(file);
    this.add({ version, file, size: bytes.length });
    await this.evict(version);
  }

  /** The object's version was replaced or removed and its directory deleted (BlobStore.remove). */
  forget(version: string): void {
    for (const file of [...(this.perVersion.get(version) ?? [])]) this.drop(file);
  }

  private add(entry: Entry): void {
    this.entries.set(entry.file, entry);
    let files = this.perVersion.get(entry.version);
    if (!files) this.perVersion.set(entry.version, (files = new Set()));
    files.add(entry.file);
    this.total += entry.size;
  }

  private drop(file: string): Entry | undefined {
    const entry = this.entries.get(file);
    if (!entry) return undefined;
    this.entries.delete(file);
    this.total -= entry.size;
    const files = this.perVersion.get(entry.version);
    files?.delete(file);
    if (files?.size === 0) this.perVersion.delete(entry.version);
    return entry;
  }

  /** Evicts what is over the budget now (the free space fell), oldest first. */
  async shrink(): Promise<void> {
    await this.load();
    await this.evict(undefined);
  }

  private async evict(version: string | undefined): Promise<void> {
    const budget = typeof this.budgetBytes === 'number' ? this.budgetBytes : await this.budgetBytes(this.total);
    const doomed: string[] = [];
    const ofVersion = version === undefined ? undefined : this.perVersion.get(version);
    // a Set also iterates in insertion order, but hits reorder only the Map: take the Map's order
    if (ofVersion && ofVersion.size > MAX_RENDITIONS_PER_IMAGE) {
      let excess = ofVersion.size - MAX_RENDITIONS_PER_IMAGE;
      for (const [file, entry] of this.entries) {
        if (excess === 0) break;
        if (entry.version !== version) continue;
        this.drop(file);
        doomed.push(file);
        excess--;
      }
    }
    for (const file of this.entries.keys()) {
      if (this.total <= budget) break;
      this.drop(file);
      doomed.push(file);
    }
    await Promise.all(doomed.map((file) => unlink(file).catch(() => {})));
  }

  private load(): Promise<void> {
    this.loaded ??= this.scan();
    return this.loaded;
  }

  private async scan(): Promise<void> {
    const found: (Entry & { mtime: number })[] = [];
    for (const version of await readdir(this.dir).catch(() => [] as string[])) {
      if (!isVersion(version)) continue;
      for (const name of await readdir(path.join(this.dir, version)).catch(() => [] as string[])) {
        const file = path.join(this.dir, version, name);
        // a temporary file is a write that a crash interrupted
        if (name.endsWith('.tmp')) {
          await unlink(file).catch(() => {});
          continue;
        }
        const info = await stat(file).catch(() => undefined);
        if (info?.isFile()) found.push({ version, file, size: info.size, mtime: info.mtimeMs });
      }
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const { version, file, size } of found) this.add({ version, file, size });
    const versions = new Set(found.map((entry) => entry.version));
    for (const version of versions) await this.evict(version);
  }
}
