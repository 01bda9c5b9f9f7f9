import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { isUuid } from '../http/uuid.ts';
import {
  CHECKSUMS_ENTRY, FORMAT, FORMAT_VERSION, HEADER_ENTRY, SECRET_FILES,
  type BackupHeader, type Checksums,
} from './manifest.ts';
import { ArchiveDamaged, readTar, type TarEntry } from './tar.ts';

export { ArchiveDamaged } from './tar.ts';

/** An archive whose every entry was read and matched its checksum. */
export interface CheckedArchive {
  file: string;
  header: BackupHeader;
  checksums: Checksums;
}

const JSON_LIMIT = 256 * 1024 * 1024;

/** What an entry is, from its name; anything else is not ours and fails the check. */
export type EntryKind =
  | { kind: 'header' | 'checksums' }
  | { kind: 'secrets'; file: string }
  | { kind: 'table'; table: string }
  | { kind: 'file'; bucketDir: string; version: string };

export function entryKind(name: string): EntryKind | undefined {
  if (name === HEADER_ENTRY) return { kind: 'header' };
  if (name === CHECKSUMS_ENTRY) return { kind: 'checksums' };
  if ((SECRET_FILES as readonly string[]).includes(name)) return { kind: 'secrets', file: name };
  let match = /^db\/([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/.exec(name);
  if (match) return { kind: 'table', table: match[1] };
  match = /^storage\/([a-z0-9][a-z0-9_-]{0,62}|~(?:[0-9a-f]{2})+)\/([0-9a-f-]{36})$/.exec(name);
  if (match && isUuid(match[2])) return { kind: 'file', bucketDir: match[1], version: match[2] };
  return undefined;
}

/** zlib's words for a cut-off or damaged stream, in ours. */
export function explainReadError(error: unknown): Error {
  if (error instanceof ArchiveDamaged) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_BUF_ERROR') return new ArchiveDamaged('the archive is truncated: it ends before its last entry');
  if (code === 'Z_DATA_ERROR') {
    return /incorrect header check|unknown compression method/.test((error as Error).message)
      ? new ArchiveDamaged('this file is not a backup archive of this site (not gzip data)')
      : new ArchiveDamaged(`the archive is damaged: ${(error as Error).message}`);
  }
  return error as Error;
}

/**
 * Reads the archive's entries in order with their bytes; the gunzip and tar errors of a
 * damaged file come out as ArchiveDamaged with a reason.
 */
export async function readArchive(file: string, onEntry: (entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const source = createGunzip();
  const input = createReadStream(file);
  input.on('error', (error) => source.destroy(error));
  input.pipe(source);
  try {
    await readTar(source, onEntry);
  } catch (error) {
    throw explainReadError(error);
  } finally {
    input.destroy();
    source.destroy();
  }
}

async function collect(body: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>, onChunk?: (chunk: Buffer) => void): Promise<Buffer[]> {
  const kept: Buffer[] = [];
  for await (const chunk of body) {
    hash.update(chunk);
    if (onChunk) onChunk(chunk);
    else kept.push(chunk);
  }
  return kept;
}

/**
 * First pass of a restore or verify: every entry is read, hashed and compared with
 * checksums.json (the last entry); nothing is written anywhere. A truncated, damaged, edited or
 * foreign file is refused here with the reason.
 */
export async function checkArchive(file: string): Promise<CheckedArchive> {
  await stat(file).catch(() => { throw new ArchiveDamaged(`no such backup file: ${file}`); });
  let header: BackupHeader | undefined;
  let checksums: Checksums | undefined;
  const seen: Record<string, string> = {};
  const lines: Record<string, number> = {};
  let index = 0;
  await readArchive(file, async (entry, body) => {
    const kind = entryKind(entry.name);
    if (!kind) throw new ArchiveDamaged(`the archive holds an entry this site never writes: ${entry.name}`);
    if (index++ === 0 && kind.kind !== 'header') throw new ArchiveDamaged(`this file is not a backup archive of this site (it starts with ${entry.name})`);
    if (checksums) throw new ArchiveDamaged(`the archive has entries after ${CHECKSUMS_ENTRY}`);
    if (seen[entry.name]) throw new ArchiveDamaged(`the archive holds ${entry.name} twice`);
    const hash = createHash('sha256');
    if (kind.kind === 'header' || kind.kind === 'checksums') {
      if (entry.size > JSON_LIMIT) throw new ArchiveDamaged(`${entry.name} is implausibly large`);
      const text = Buffer.concat(await collect(body, hash)).toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ArchiveDamaged(`the archive is damaged: ${entry.name} is not valid JSON`);
      }
      if (kind.kind === 'header') {
        header = parsed as BackupHeader;
        if (header.format !== FORMAT) throw new ArchiveDamaged('this file is not a backup archive of this site');
        if (header.formatVersion !== FORMAT_VERSION) {
          throw new ArchiveDamaged(`the archive has format version ${header.formatVersion}; this version of the site reads version ${FORMAT_VERSION}`);
        }
      } else {
        checksums = parsed as Checksums;
        return;
      }
    } else if (kind.kind === 'table') {
      let count = 0;
      await collect(body, hash, (chunk) => {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) count++;
      });
      lines[kind.table] = (lines[kind.table] ?? 0) + count;
    } else {
      await collect(body, hash, () => {});
    }
    seen[entry.name] = hash.digest('hex');
  });
  if (!header) throw new ArchiveDamaged('this file is not a backup archive of this site (it is empty)');
  if (!checksums) throw new ArchiveDamaged(`the archive is truncated: ${CHECKSUMS_ENTRY} is missing`);
  if (checksums.siteId !== header.siteId) throw new ArchiveDamaged('the archive is damaged: its header and checksums name different sites');
  for (const [name, digest] of Object.entries(seen)) {
    if (checksums.entries[name] === undefined) throw new ArchiveDamaged(`the archive holds ${name}, which its checksums do not list`);
    if (checksums.entries[name] !== digest) throw new ArchiveDamaged(`the archive is damaged: ${name} does not match its checksum`);
  }
  for (const name of Object.keys(checksums.entries)) {
    if (!seen[name]) throw new ArchiveDamaged(`the archive is incomplete: ${name} is missing`);
  }
  for (const table of header.tables) {
    if ((lines[table.name] ?? 0) !== checksums.rows[table.name]) {
      throw new ArchiveDamaged(`the archive is damaged: ${table.name} holds ${lines[table.name] ?? 0} rows, its checksums say ${checksums.rows[table.name]}`);
    }
  }
  return { file, header, checksums };
}
