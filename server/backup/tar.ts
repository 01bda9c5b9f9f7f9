import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/**
 * The few parts of POSIX ustar this archive needs: regular files only, written and read as a
 * stream. A plain tar inside gzip keeps the archive readable with `tar tzf` by an operator.
 */
const BLOCK = 512;

export interface TarEntry {
  name: string;
  size: number;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  const cut = name.lastIndexOf('/');
  const prefix = name.slice(0, cut);
  const base = name.slice(cut + 1);
  if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) throw new Error(`archive entry name too long: ${name}`);
  return { prefix, base };
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

export function header(entry: TarEntry, mtime = 0): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.name);
  block.write(base, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(entry.size, 12), 124, 'ascii');
  block.write(octal(mtime, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries one after another into `out`, honouring back-pressure. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** An entry whose bytes come from `body`, which must yield exactly `size` bytes. */
  async add(name: string, size: number, body: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, mtime?: number): Promise<void> {
    await this.write(header({ name, size }, mtime));
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

export class ArchiveDamaged extends Error {}

/** Reads exactly the requested number of bytes from a stream, or fewer at its end. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly chunks: AsyncIterator<Buffer>;
  private done = false;

  constructor(source: Readable) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<void> {
    while (this.length < n && !this.done) {
      const next = await this.chunks.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Up to `max` bytes (at least one unless the stream ended). */
  async some(max: number): Promise<Buffer> {
    await this.fill(1);
    const all = Buffer.concat(this.buffered);
    const out = all.subarray(0, max);
    const rest = all.subarray(out.length);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  async exactly(n: number): Promise<Buffer> {
    await this.fill(n);
    if (this.length < n) throw new ArchiveDamaged('the archive is truncated: it ends in the middle of an entry');
    const all = Buffer.concat(this.buffered);
    const rest = all.subarray(n);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return all.subarray(0, n);
  }

  async skip(n: number): Promise<void> {
    await this.exactly(n);
  }
}

function parseHeader(block: Buffer): TarEntry {
  const stored = parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  if (stored !== sum || block.toString('ascii', 257, 262) !== 'ustar') throw new ArchiveDamaged('the archive is damaged: an entry header fails its checksum');
  if (block.toString('ascii', 156, 157) !== '0') throw new ArchiveDamaged('the archive holds an entry of an unexpected kind');
  const field = (start: number, length: number) => block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  const base = field(0, 100);
  const prefix = field(345, 155);
  const size = parseInt(field(124, 12).trim(), 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveDamaged('the archive is damaged: an entry has no valid size');
  return { name: prefix ? `${prefix}/${base}` : base, size };
}

/**
 * Calls `onEntry` for each entry in order with an iterable of its bytes, which the callback
 * must consume (or the rest is skipped for it).
 */
export async function readTar(source: Readable, onEntry: (entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const reader = new ByteReader(source);
  for (;;) {
    const block = await reader.exactly(BLOCK).catch((error: unknown) => {
      throw error instanceof ArchiveDamaged ? new ArchiveDamaged('the archive is truncated: its end marker is missing') : error;
    });
    if (block.every((b) => b === 0)) {
      // read what follows the end marker (zero padding) so the compressed stream's end is checked
      while ((await reader.some(1 << 20)).length > 0);
      return;
    }
    const entry = parseHeader(block);
    let left = entry.size;
    async function* body(): AsyncGenerator<Buffer> {
      while (left > 0) {
        const chunk = await reader.some(Math.min(left, 1 << 20));
        if (chunk.length === 0) throw new ArchiveDamaged(`the archive is truncated: it ends inside ${entry.name}`);
        left -= chunk.length;
        yield chunk;
      }
    }
    await onEntry(entry, body());
    for await (const chunk of body()) void chunk;
    await reader.skip(padding(entry.size).length);
  }
}
