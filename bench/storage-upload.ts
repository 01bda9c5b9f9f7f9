/**
 * `npx tsx bench/storage-upload.ts`: upload throughput of 1 MB PNG images through supabase-js
 * (multipart, as a browser sends a File) into the article_images bucket as an approved admin,
 * one at a time and 4 in parallel, on the embedded PostgreSQL 17 and on PostgreSQL 15 (when its binaries
 * are installed). Each upload is streamed to disk, fsynced, its row committed under RLS and the
 * file renamed into place. Writes the "## Storage: upload throughput" section of docs/benchmarks.md.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createUser } from '../server/auth/accounts.ts';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { png } from '../tests/storage/fixtures.ts';
import { startPostgres15 } from '../tests/support/pg15.ts';
import { percentile } from './timing.ts';

const SECTION = '## Storage: upload throughput';
const SIZE = 1024 * 1024;
const COUNT = Number(process.env.BENCH_UPLOADS ?? 100);
const EMAIL = 'bench-admin@example.com';
const PASSWORD = 'bench-password-123';

interface Result { database: string; concurrency: number; uploads: number; seconds: number; perSecond: number; mbPerSecond: number; p50: number; p95: number; p99: number }

async function run(database: string, databaseUrl: string | undefined): Promise<Result[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-storage-'));
  const server = await startServer(loadConfig({}, {
    port: 0, host: '127.0.0.1', dataDir, databaseUrl, seedDemo: false, serveSite: false, rateLimitScale: 1000,
  }));
  try {
    await createUser(server.ctx.db, { email: EMAIL, password: PASSWORD, role: 'admin', status: 'approved', confirmed: true });
    const client = createClient(server.url, server.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const { data, error } = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    if (error) throw error;
    const uid = data.user!.id;
    const images = Array.from({ length: 8 }, (_, i) => new File([new Uint8Array(png(64, 64, SIZE, i))], `foto-${i}.png`, { type: 'image/png' }));

    const results: Result[] = [];
    for (const concurrency of [1, 4]) {
      // warm-up: JIT, prepared paths, directory creation
      for (let i = 0; i < 5; i++) await client.storage.from('article_images').upload(`${uid}/warm/${concurrency}-${i}.png`, images[i % images.length]);
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (next < COUNT) {
          const i = next++;
          const t = performance.now();
          const { error: uploadError } = await client.storage.from('article_images')
            .upload(`${uid}/c${concurrency}/${i}.png`, images[i % images.length]);
          if (uploadError) throw uploadError;
          latencies.push(performance.now() - t);
        }
      }));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      results.push({
        database, concurrency, uploads: COUNT, seconds,
        perSecond: COUNT / seconds, mbPerSecond: (COUNT * SIZE) / (1024 * 1024) / seconds,
        p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99),
      });
      console.log(results.at(-1));
    }
    return results;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeSection(results: Result[]): void {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const rows = results.map((r) => `| ${r.database} | ${r.concurrency} | ${r.uploads} | ${r.perSecond.toFixed(1)} | ${r.mbPerSecond.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} |`);
  const section = [
    SECTION,
    '',
    `Script: \`npx tsx bench/storage-upload.ts\` (BENCH_UPLOADS=${COUNT}). Measured ${new Date().toISOString().slice(0, 10)} on`,
    `${os.cpus().length} x ${cpu}, Node ${process.version}, load average at start ${os.loadavg()[0].toFixed(1)}`,
    '(the machine was shared with other jobs, so treat the numbers as a floor).',
    '',
    'Each upload is a 1 MiB PNG sent by supabase-js as multipart/form-data (the browser path) by an approved',
    'admin into `article_images/{uid}/...`: JWT check, bucket read, RLS permission probe, streaming to a',
    'temporary file with MD5 and type detection, fsync of file and directory, the RLS-checked INSERT,',
    'rename into the bucket directory and its fsync. Client and server share one process and the loopback.',
    '',
    '| database | parallel uploads | uploads | uploads/s | MiB/s | p50 ms | p95 ms | p99 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeBenchmarkSection(SECTION, section);
}

async function main(): Promise<void> {
  const results = await run('PostgreSQL 17 (embedded)', undefined);
  if (existsSync('/usr/lib/postgresql/15/bin/postgres') && process.env.BENCH_SKIP_POSTGRES !== '1') {
    const cluster = await startPostgres15();
    try {
      results.push(...await run('PostgreSQL 15', await cluster.createDatabase('bench_storage')));
    } finally {
      await cluster.stop();
    }
  }
  if (process.env.BENCH_NO_WRITE !== '1') writeSection(results);
  console.table(results);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
