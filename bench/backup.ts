/**
 * `npx tsx bench/backup.ts`: `npm run backup`, `--verify` and `npm run restore` timed on the demo
 * site and on a site with 2,000 articles (about 4 kB of HTML each) and 500 photos (JPEG,
 * 1600 x 1067, written as the storage service stores them). Each site runs on its own embedded
 * PostgreSQL in a temporary directory. Writes "## Backup and restore" in docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createBackup } from '../server/backup/create.ts';
import { restoreSite, verifyBackup } from '../server/backup/restore.ts';
import { loadConfig } from '../server/config.ts';
import { startEmbedded } from '../server/db/embedded.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { prepareDatabase } from '../server/server.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 2000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 500);

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

async function photo(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1067;
  const noise = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761 >>> 0;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    // smooth gradients plus a little noise compress like a photograph, not like static
    noise[i] = ((i / 3) % width) / 8 + ((x >>> 24) & 0x1f);
  }
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 82 }).toBuffer();
}

let photoBytes = 0;

async function fill(url: string, dataDir: string): Promise<void> {
  const db = await openPostgres(url, { poolSize: 2, anonymousConcurrency: 1 });
  try {
    const paragraph = '<p>Skadron 31/Serbu melaksanakan latihan terbang malam dengan helikopter MI-17 V5 bersama satuan lain. </p>';
    await db.exec(`insert into public.articles (title, content, category)
      select 'Kegiatan ' || i, repeat('${paragraph}', 40), 'Latihan' from generate_series(1, ${ARTICLES}) as i`);
    const samples = await Promise.all(Array.from({ length: 10 }, (_, i) => photo(i)));
    const dir = path.join(dataDir, 'storage', 'gallery_photos');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < PHOTOS; i++) {
      const version = randomUUID();
      const bytes = samples[i % samples.length];
      photoBytes += bytes.length;
      writeFileSync(path.join(dir, version), bytes);
      await db.query(
        `insert into storage.objects (bucket_id, name, version, metadata) values ('gallery_photos', $1, $2,
           jsonb_build_object('size', $3::int, 'mimetype', 'image/jpeg'))`,
        [`bench/foto-${i}.jpg`, version, bytes.length],
      );
    }
  } finally {
    await db.close();
  }
}

async function measure(label: string, big: boolean): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-backup-'));
  chmodSync(root, 0o755);
  const dataDir = path.join(root, 'data');
  const cluster = await startEmbedded(dataDir, { size: { maxConnections: 20, sharedBuffers: '32MB' }, durable: true });
  try {
    const db = await openPostgres(cluster.url(), { poolSize: 2, anonymousConcurrency: 1 });
    await prepareDatabase(db, loadConfig({}, { dataDir, seedDemo: true }));
    await db.close();
    if (big) await fill(cluster.url(), dataDir);
    let started = performance.now();
    const backup = await createBackup({ databaseUrl: cluster.url(), dataDir, backupDir: path.join(root, 'backups') });
    const backupMs = performance.now() - started;
    await cluster.stop();
    started = performance.now();
    await verifyBackup(backup.file);
    const verifyMs = performance.now() - started;
    started = performance.now();
    await restoreSite({ file: backup.file, dataDir: path.join(root, 'restored'), log: () => {} });
    const restoreMs = performance.now() - started;
    return `| ${label} | ${backup.rows.toLocaleString('en')} rows, ${backup.files} files | ${mib(backup.size)} MiB | ${seconds(backupMs)} s | ${seconds(verifyMs)} s | ${seconds(restoreMs)} s |`;
  } finally {
    await cluster.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

const startLoad = load();
const rows = [await measure('demo site', false), await measure(`${ARTICLES.toLocaleString('en')} articles, ${PHOTOS} photos`, true)];
const section = `## Backup and restore

\`npx tsx bench/backup.ts\` (bench/backup.ts), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, Node ${process.version}, one run each,
load average (1 / 5 / 15 min) ${startLoad} at start and ${load()} at the end (shared machine). Each site
runs on its own embedded PostgreSQL 17 (fsync on). Backup: \`npm run backup\`'s function with no
writers running (snapshot export, files, gzip level 6); verify: \`--verify\` (check pass, restore
into a throwaway cluster including initdb, row counts and file hashes); restore: \`npm run restore\`
into a new DATA_DIR (check pass, initdb, platform SQL and migrations, load). The photos are JPEGs
of ${mib(photoBytes / Math.max(1, PHOTOS))} MiB on average (1600 x 1067), already compressed, so they dominate the size.

| site | content | archive | backup | verify | restore |
|---|---|---|---|---|---|
${rows.join('\n')}
`;
writeBenchmarkSection('## Backup and restore', section);
console.log(section);
