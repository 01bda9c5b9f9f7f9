/**
 * `npx tsx bench/storage-s3.ts`: upload and download of a 2 MB photo through supabase-js on the
 * file backend (DATA_DIR/storage) against the S3 backend (s3rver on 127.0.0.1, its own process),
 * both servers running side by side and measured in alternating rounds, so the machine's load
 * disturbs both alike. Writes the "## Issue 45: a 2 MB photo on S3 against the file backend"
 * section of docs/benchmarks.md, with the load average beside the numbers.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { loadConfig } from '../server/config.ts';
import { storageS3Settings } from '../server/s3/settings.ts';
import { startServer, type RunningServer } from '../server/server.ts';
import { startS3rver } from '../tests/support/s3rver.ts';
import { signedInAdmin } from './admin-client.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { percentile } from './timing.ts';

const SECTION = '## Issue 45: a 2 MB photo on S3 against the file backend';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PASSWORD = 'bench-password-123';

/** A metadata-free JPEG of noise near 2 MB: stored byte for byte on both backends after its full decode. */
async function photo(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = randomBytes(width * height * 3);
  for (let quality = 70; ; quality += 2) {
    const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    if (bytes.length >= 2 * 1000 * 1000 || quality >= 100) return bytes;
  }
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Side { label: string; server: RunningServer; dataDir: string; client: Awaited<ReturnType<typeof signedInAdmin>>; upload: number[]; download: number[] }

async function side(label: string, storageS3: ReturnType<typeof storageS3Settings>): Promise<Side> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-s3-'));
  const server = await startServer(loadConfig({}, {
    port: 0, host: '127.0.0.1', dataDir, seedDemo: false, serveSite: false, rateLimitScale: 1000, logLevel: 'warn', storageS3,
  }));
  const client = await signedInAdmin(server, `bench-${label}@example.com`, PASSWORD);
  return { label, server, dataDir, client, upload: [], download: [] };
}

async function round(s: Side, bytes: Buffer, i: number): Promise<void> {
  const uid = s.client.signIn.user!.id;
  const name = `${uid}/foto-${i}.jpg`;
  const bucket = s.client.client.storage.from('article_images');
  let t = performance.now();
  const { error } = await bucket.upload(name, new File([new Uint8Array(bytes)], 'foto.jpg', { type: 'image/jpeg' }));
  if (error) throw error;
  s.upload.push(performance.now() - t);
  const url = bucket.getPublicUrl(name).data.publicUrl;
  t = performance.now();
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  s.download.push(performance.now() - t);
  if (!body.equals(bytes)) throw new Error(`${s.label}: the download differs from the upload`);
}

async function main(): Promise<void> {
  const s3 = await startS3rver();
  const bytes = await photo();
  const file = await side('file', undefined);
  const onS3 = await side('s3', storageS3Settings(s3.env({ STORAGE_S3_BUCKET: 'skd-bench' })));
  const loadBefore = loadavg();
  try {
    // warm-up: JIT, bucket directories, connections
    for (const s of [file, onS3]) await round(s, bytes, -1);
    for (const s of [file, onS3]) { s.upload = []; s.download = []; }
    for (let i = 0; i < ROUNDS; i++) {
      for (const s of i % 2 === 0 ? [file, onS3] : [onS3, file]) await round(s, bytes, i);
    }
  } finally {
    for (const s of [file, onS3]) {
      await s.server.close();
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await s3.stop();
  }
  const loadAfter = loadavg();
  const ms = (values: number[], p: number) => percentile([...values].sort((a, b) => a - b), p).toFixed(0);
  const rows = [file, onS3].map((s) => `| ${s.label === 'file' ? 'file (DATA_DIR/storage)' : 'S3 (s3rver, 127.0.0.1)'} | ${ms(s.upload, 50)} | ${ms(s.upload, 95)} | ${ms(s.download, 50)} | ${ms(s.download, 95)} |`);
  const section = `${SECTION}

\`npx tsx bench/storage-s3.ts\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores,
Node ${process.version}). One ${(bytes.length / 1024 / 1024).toFixed(2)} MB JPEG without metadata (decoded in full
on upload, then kept byte for byte), uploaded through supabase-js as an approved admin and
downloaded from its public URL, ${ROUNDS} rounds; the two servers run side by side in this process
and the rounds alternate which goes first. S3 is s3rver (npm, its own Node process, files on the
same disk), so the S3 column measures our path to an S3 API — the extra copy after the local
staging and the HTTP hop — not a remote provider's network. Load average (1/5/15 min) before:
${loadBefore}; after: ${loadAfter} (the machine is shared with other engineers' test runs).

| backend | upload p50 ms | upload p95 ms | download p50 ms | download p95 ms |
|---|---|---|---|---|
${rows.join('\n')}
`;
  writeBenchmarkSection(SECTION, section);
  console.log(section);
}

await main();
