import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { siteId } from '../db/site-state.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { FileStore } from '../storage/disk.ts';
import { bucketDirName } from '../stored-files.ts';
import { BACKUP_LOCK_KEY } from '../db/backup-lock.ts';
import {
  archiveName, CHECKSUMS_ENTRY, fileEntry, FORMAT, FORMAT_VERSION, HEADER_ENTRY, SECRET_FILES, tableEntryPrefix,
  type BackupHeader, type Checksums, type StoredFile, type TableInfo,
} from './manifest.ts';
import { recordBackupRun } from './runs.ts';
import { TarWriter } from './tar.ts';
import { log } from '../observability/log.ts';

/** Schemas this site creates (platform SQL and migrations); everything else is not ours. */
export const SCHEMAS = ['auth', 'storage', 'realtime', 'supabase_migrations', 'private', 'public', 'extensions', 'graphql_public'];
/** The change feed's queue and broadcast messages: rows live minutes and mean nothing without the sockets that read them. */
const SKIPPED_TABLES = new Set(['realtime.changes', 'realtime.messages']);
/** Table data is cut into entries of about this size, so no table is held in memory whole. */
const CHUNK_BYTES = 4 * 1024 * 1024;
const FETCH_ROWS = 1000;

export interface BackupOptions {
  /** Connection string of the site's database (the running server's, or one started for this). */
  databaseUrl: string;
  dataDir: string;
  backupDir: string;
  now?: () => Date;
  /** Where stored files are (STORAGE_BACKEND); default DATA_DIR/storage. Their bytes are copied into the archive. */
  blobs?: BlobStore;
  /** Opens the temporary archive file (tests inject a failing disk). */
  openOutput?: (file: string) => Writable;
}

export interface BackupResult {
  file: string;
  size: number;
  tables: number;
  rows: number;
  files: number;
  /** Objects whose bytes the site itself has lost (logged at start by storage recovery). */
  missingFiles: string[];
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const quoteTable = (table: string) => table.split('.').map(quoteIdent).join('.');

function sha256(): { update(chunk: Uint8Array): void; hex(): string } {
  const hash = createHash('sha256');
  return { update: (chunk) => hash.update(chunk), hex: () => hash.digest('hex') };
}

/** A partial archive whose writer is gone (kill -9, power loss) is garbage. */
async function removeStalePartials(backupDir: string): Promise<void> {
  for (const name of await readdir(backupDir)) {
    const match = /^\..+\.(\d+)\.partial$/.exec(name);
    if (!match) continue;
    let alive = true;
    try { process.kill(Number(match[1]), 0); } catch (error) { alive = (error as NodeJS.ErrnoException).code === 'EPERM'; }
    if (!alive || Number(match[1]) === process.pid) await rm(path.join(backupDir, name), { force: true });
  }
}

async function syncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try { await handle.sync(); } finally { await handle.close(); }
}

export async function listTables(client: pg.Client): Promise<TableInfo[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select n.nspname || '.' || c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and n.nspname = any($1::text[])
      group by 1 order by 1`,
    [SCHEMAS],
  );
  return rows.filter((r) => !SKIPPED_TABLES.has(r.name));
}

/**
 * `npm run backup`: the database in one REPEATABLE READ snapshot, then the files its
 * storage.objects rows name (removals wait meanwhile: file-guard.ts), and the secrets, into one
 * gzip'd tar in backupDir. Written under a temporary name and renamed when complete and synced.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  await mkdir(options.backupDir, { recursive: true, mode: 0o700 });
  await removeStalePartials(options.backupDir);
  const createdAt = now();
  const final = path.join(options.backupDir, archiveName(createdAt));
  const temp = path.join(options.backupDir, `.${path.basename(final)}.${process.pid}.partial`);
  const site = siteId(options.dataDir);
  const blobs = options.blobs ?? new FileStore(options.dataDir);

  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'skadron-backup' });
  await client.connect();
  client.on('error', () => {});
  const gzip = createGzip();
  const output = options.openOutput ? options.openOutput(temp) : createWriteStream(temp, { mode: 0o600 });
  const written = pipeline(gzip, output);
  // A failing disk ends the pipeline; whatever is writing then stops at once.
  const failed = written.then(() => new Promise<never>(() => {}));
  const tar = new TarWriter(gzip);
  const entries: Record<string, string> = {};
  const add = async (name: string, size: number, body: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) => {
    const hash = sha256();
    async function* hashed() {
      for await (const chunk of body) {
        hash.update(chunk);
        yield chunk;
      }
    }
    await tar.add(name, size, hashed(), Math.floor(createdAt.getTime() / 1000));
    entries[name] = hash.hex();
  };
  const addBytes = (name: string, bytes: Buffer) => add(name, bytes.length, [bytes]);

  let locked = false;
  try {
    const result = await Promise.race([failed, (async (): Promise<Omit<BackupResult, 'file' | 'size'>> => {
      await client.query('select pg_advisory_lock($1::bigint)', [BACKUP_LOCK_KEY]);
      locked = true;
      await client.query('begin isolation level repeatable read read only');
      await client.query("set local statement_timeout = 0; set local idle_in_transaction_session_timeout = 0");
      const tables = await listTables(client);
      const info = await client.query<{ major: number; migration: string | null }>(
        `select current_setting('server_version_num')::int / 10000 as major,
                (select max(version) from supabase_migrations.schema_migrations) as migration`,
      );
      if (!info.rows[0].migration) throw new Error('the database has no migrations applied: nothing to back up');
      const header: BackupHeader = {
        format: FORMAT, formatVersion: FORMAT_VERSION, siteId: site, createdAt: createdAt.toISOString(),
        postgresMajor: info.rows[0].major, migration: info.rows[0].migration, tables,
      };
      await addBytes(HEADER_ENTRY, Buffer.from(JSON.stringify(header, null, 2)));
      for (const name of SECRET_FILES) {
        const secrets = await readFile(path.join(options.dataDir, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (secrets) await addBytes(name, secrets);
      }

      const rows: Record<string, number> = {};
      let totalRows = 0;
      for (const table of tables) {
        let count = 0;
        let part = 0;
        let lines: Buffer[] = [];
        let bytes = 0;
        const flush = async () => {
          if (lines.length === 0) return;
          part++;
          await addBytes(`${tableEntryPrefix(table.name)}${String(part).padStart(6, '0')}.jsonl`, Buffer.concat(lines));
          lines = [];
          bytes = 0;
        };
        await client.query(`declare export_rows no scroll cursor for select pg_catalog.row_to_json(t)::text as j from ${quoteTable(table.name)} t`);
        for (;;) {
          const batch = await client.query<{ j: string }>(`fetch ${FETCH_ROWS} from export_rows`);
          for (const row of batch.rows) {
            const line = Buffer.from(row.j + '\n');
            lines.push(line);
            bytes += line.length;
            if (bytes >= CHUNK_BYTES) await flush();
          }
          count += batch.rows.length;
          if (batch.rows.length < FETCH_ROWS) break;
        }
        await client.query('close export_rows');
        await flush();
        rows[table.name] = count;
        totalRows += count;
      }
      const objects = await client.query<{ bucket: string; version: string }>(
        "select bucket_id as bucket, version from storage.objects where version is not null order by bucket_id, version",
      );
      const sequences = await client.query<{ name: string; last_value: string }>(
        `select schemaname || '.' || sequencename as name, last_value::text
           from pg_catalog.pg_sequences where schemaname = any($1::text[]) and last_value is not null order by 1`,
        [SCHEMAS],
      );
      await client.query('commit');

      // Still under the shared lock: every file a row of the snapshot names is still stored.
      const files: StoredFile[] = [];
      const missingFiles: string[] = [];
      for (const { bucket, version } of objects.rows) {
        const opened = await blobs.open(bucket, version);
        if (!opened) {
          missingFiles.push(`${bucket}/${version}`);
          continue;
        }
        try {
          const name = fileEntry(bucketDirName(bucket), version);
          await add(name, opened.size, opened.stream());
          files.push({ bucket, version, size: opened.size, sha256: entries[name] });
        } finally {
          await opened.close();
        }
      }
      await client.query('select pg_advisory_unlock($1::bigint)', [BACKUP_LOCK_KEY]);
      locked = false;

      const checksums: Checksums = {
        siteId: site, entries: { ...entries }, rows, files,
        sequences: sequences.rows.map((s) => ({ name: s.name, lastValue: s.last_value })),
      };
      if (missingFiles.length > 0) checksums.missingFiles = missingFiles;
      await addBytes(CHECKSUMS_ENTRY, Buffer.from(JSON.stringify(checksums, null, 2)));
      await tar.finish();
      return { tables: tables.length, rows: totalRows, files: files.length, missingFiles };
    })()]);
    gzip.end();
    await written;
    await syncPath(temp);
    await rename(temp, final);
    await syncPath(options.backupDir);
    const size = (await open(final, 'r').then(async (h) => { try { return (await h.stat()).size; } finally { await h.close(); } }));
    await recordBackupRun(client, { file: final, size, createdAt, finishedAt: now() }).catch((error: unknown) => {
      log.error({ err: error }, '[backup] could not record the backup in the database');
    });
    return { ...result, file: final, size };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(temp, { force: true });
    throw error;
  } finally {
    if (locked) await client.query('rollback; select pg_advisory_unlock_all()').catch(() => {});
    await client.end().catch(() => {});
  }
}
