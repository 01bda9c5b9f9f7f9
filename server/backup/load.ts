import { createHash } from 'node:crypto';
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, applyPlatform, migrationFiles } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { ArchiveDamaged, entryKind, readArchive, type CheckedArchive } from './check.ts';
import { quoteTable } from './create.ts';
import { SECRETS_ENTRY } from './manifest.ts';

/** Rows sent to PostgreSQL per INSERT (bounded by bytes too). */
const BATCH_ROWS = 500;
const BATCH_BYTES = 2 * 1024 * 1024;

export class RestoreRefused extends Error {}

/** A backup made by a newer version of the site has migrations this repository lacks. */
export async function assertKnownLevel(archive: CheckedArchive): Promise<void> {
  const files = await migrationFiles();
  if (!files.some((f) => f.version === archive.header.migration)) {
    const latest = files.at(-1)?.version;
    throw new RestoreRefused(`the backup is at migration ${archive.header.migration}, which this version of the site does not have `
      + `(latest ${latest}); restore it with the version of the site that made it, or a newer one`);
  }
}

/** The rows of a table entry, one JSON text a line, however the entry's bytes arrive in chunks. */
export async function* lines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest = '';
  // streaming: a character whose bytes a chunk boundary splits is decoded whole, not as two U+FFFD
  // (which made two distinct keys one: a restore refused by a unique key, or text changed)
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of body) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    yield* parts;
  }
  if (rest || decoder.decode()) throw new ArchiveDamaged('the archive is damaged: a table entry does not end with a full row');
}

export interface LoadReport {
  rows: Record<string, number>;
  files: number;
  secrets: boolean;
}

/**
 * Second pass of a restore: builds the schema of the backup's migration level in the (new, empty)
 * database at `databaseUrl`, loads every row in one transaction with triggers and foreign-key
 * triggers off (session_replication_role = replica: the rows are already consistent, and audit or
 * notification triggers must not fire for history), sets the sequences, and writes the files and
 * secrets under `dataDir`. Entries are hashed again while read; any difference from the first
 * pass aborts the transaction.
 */
export async function loadArchive(archive: CheckedArchive, target: { databaseUrl: string; dataDir: string }): Promise<LoadReport> {
  const { header, checksums } = archive;
  const db = await openPostgres(target.databaseUrl, { poolSize: 2, anonymousConcurrency: 1 });
  try {
    await applyPlatform(db);
    await applyMigrations(db, { upTo: header.migration });
  } finally {
    await db.close();
  }

  const client = new pg.Client({ connectionString: target.databaseUrl, application_name: 'skadron-restore' });
  await client.connect();
  client.on('error', () => {});
  const tables = new Map(header.tables.map((t) => [t.name, t]));
  const report: LoadReport = { rows: {}, files: 0, secrets: false };
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica; set local statement_timeout = 0');
    const present = await client.query<{ name: string; columns: string[] }>(
      `select n.nspname || '.' || c.relname as name, array_agg(a.attname::text) as columns
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where n.nspname || '.' || c.relname = any($1::text[]) group by 1`,
      [[...tables.keys()]],
    );
    const columnsNow = new Map(present.rows.map((r) => [r.name, new Set(r.columns)]));
    for (const table of header.tables) {
      const now = columnsNow.get(table.name);
      const lacking = table.columns.filter((c) => !now?.has(c));
      if (!now || lacking.length > 0) {
        throw new RestoreRefused(`after migrating to ${header.migration}, ${table.name} ${now ? `lacks the column(s) ${lacking.join(', ')}` : 'does not exist'}: the archive does not match this repository's migrations`);
      }
    }
    // rows the platform SQL and migrations seeded (buckets, ...) come back from the archive instead
    await client.query(`truncate ${header.tables.map((t) => quoteTable(t.name)).join(', ')}`);

    const flush = async (table: string, batch: string[]) => {
      if (batch.length === 0) return;
      const info = tables.get(table)!;
      const columns = info.columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
      const target = quoteTable(table);
      await client.query(
        `insert into ${target} (${columns}) overriding system value
         select ${columns} from pg_catalog.jsonb_populate_recordset(null::${target}, $1::jsonb)`,
        [`[${batch.join(',')}]`],
      );
      report.rows[table] = (report.rows[table] ?? 0) + batch.length;
    };

    await readArchive(archive.file, async (entry, body) => {
      const kind = entryKind(entry.name)!;
      const hash = createHash('sha256');
      async function* hashed() {
        for await (const chunk of body) {
          hash.update(chunk);
          yield chunk;
        }
      }
      if (kind.kind === 'table') {
        if (!tables.has(kind.table)) throw new ArchiveDamaged(`the archive holds rows of ${kind.table}, which its header does not list`);
        let batch: string[] = [];
        let bytes = 0;
        for await (const line of lines(hashed())) {
          batch.push(line);
          bytes += line.length;
          if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
            await flush(kind.table, batch);
            batch = [];
            bytes = 0;
          }
        }
        await flush(kind.table, batch);
      } else if (kind.kind === 'file') {
        const dir = path.join(target.dataDir, 'storage', kind.bucketDir);
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const handle = await open(path.join(dir, kind.version), 'wx', 0o640);
        try {
          for await (const chunk of hashed()) await handle.write(chunk);
          await handle.sync();
        } finally {
          await handle.close();
        }
        report.files++;
      } else if (kind.kind === 'secrets') {
        const chunks: Buffer[] = [];
        for await (const chunk of hashed()) chunks.push(chunk);
        await mkdir(target.dataDir, { recursive: true, mode: 0o700 });
        await writeFile(path.join(target.dataDir, kind.file), Buffer.concat(chunks), { mode: 0o600 });
        if (kind.file === SECRETS_ENTRY) report.secrets = true;
      } else {
        for await (const chunk of hashed()) void chunk;
        if (kind.kind === 'checksums') return;
      }
      if (hash.digest('hex') !== checksums.entries[entry.name]) {
        throw new ArchiveDamaged(`${entry.name} changed since the archive was checked: it no longer matches its checksum`);
      }
    });

    for (const { name, lastValue } of checksums.sequences) {
      await client.query(`select pg_catalog.setval('${quoteTable(name).replace(/'/g, "''")}'::regclass, $1::bigint, true)`, [lastValue]);
    }
    for (const table of header.tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteTable(table.name)}`);
      if (Number(rows[0].n) !== checksums.rows[table.name]) {
        throw new ArchiveDamaged(`${table.name} has ${rows[0].n} rows after loading, the archive says ${checksums.rows[table.name]}`);
      }
    }
    await client.query('commit');
    return report;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
