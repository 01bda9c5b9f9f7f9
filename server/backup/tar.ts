import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Header, Parser, type ReadEntry } from 'tar';

/**
 * The archive is a plain ustar inside gzip, so an operator can read it with `tar tzf`. node-tar
 * encodes and parses the headers; this module only streams our entries through it with
 * back-pressure and turns its complaints into ArchiveDamaged.
 */
const BLOCK = 512;

export interface TarEntry {
  name: string;
  size: number;
}

export class ArchiveDamaged extends Error {}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

function headerBlock(entry: TarEntry, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const header = new Header({ path: entry.name, size: entry.size, mode: 0o600, uid: 0, gid: 0, mtime: new Date(mtime * 1000), type: 'File' });
  // A name that needs a pax extension is one this site never writes.
  if (header.encode(block)) throw new Error(`archive entry name too long: ${entry.name}`);
  return block;
}

/** Writes entries one after another into `out`, honouring back-pressure. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** An entry whose bytes come from `body`, which must yield exactly `size` bytes. */
  async add(name: string, size: number, body: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, mtime = 0): Promise<void> {
    await this.write(headerBlock({ name, size }, mtime));
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was archived`);
      await this.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
    }
    if (written !== size) throw new Error(`${name} shrank while it was archived (${written} of ${size} bytes)`);
    await this.write(padding(size));
  }

  /** Two zero blocks end a tar archive. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

/** node-tar's complaints about a damaged stream, in ours. */
function explain(message: string): ArchiveDamaged {
  if (/Truncated input/.test(message)) return new ArchiveDamaged('the archive is truncated: it ends in the middle of an entry');
  if (/Unrecognized archive format/.test(message)) return new ArchiveDamaged('this file is not a backup archive of this site (not a tar archive)');
  if (/checksum/.test(message)) return new ArchiveDamaged('the archive is damaged: an entry header fails its checksum');
  return new ArchiveDamaged(`the archive is damaged: ${message}`);
}

/**
 * Calls `onEntry` for each entry in order with an iterable of its bytes, which the callback
 * must consume (or the rest is skipped for it). The archive must end with tar's end marker.
 */
export async function readTar(source: Readable, onEntry: (entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const parser = new Parser({ strict: true });
  const queue: ReadEntry[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  let ended = false;
  let sawEndMarker = false;
  let current: ReadEntry | undefined;
  const notify = () => { wake?.(); wake = undefined; };
  // A failure while an entry's body is being read must end that read, or it waits for ever.
  const fail = (error: Error) => {
    failure ??= error;
    // only to a read under way: an `error` nobody listens to would end the process
    if (current && current.listenerCount('error') > 0) current.emit('error', failure);
    notify();
  };
  parser.on('entry', (entry: ReadEntry) => { queue.push(entry); notify(); });
  parser.on('eof', () => { sawEndMarker = true; });
  parser.on('error', (error: Error) => fail(explain(error.message)));
  parser.on('end', () => { ended = true; notify(); });
  source.on('error', fail);
  source.pipe(parser);

  try {
    for (;;) {
      while (!queue.length && !ended && !failure) await new Promise<void>((resolve) => { wake = resolve; });
      if (failure) throw failure;
      const entry = queue.shift();
      if (!entry) break;
      current = entry;
      if (entry.type !== 'File') throw new ArchiveDamaged('the archive holds an entry of an unexpected kind');
      const size = entry.size ?? 0;
      let read = 0;
      async function* body(): AsyncGenerator<Buffer> {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          read += chunk.length;
          yield chunk;
        }
      }
      await onEntry({ name: entry.path, size }, body());
      for await (const chunk of body()) void chunk;
      if (failure) throw failure;
      if (read !== size) throw new ArchiveDamaged(`the archive is truncated: it ends inside ${entry.path}`);
    }
    if (!sawEndMarker) throw new ArchiveDamaged('the archive is truncated: its end marker is missing');
  } finally {
    source.unpipe(parser);
  }
}
