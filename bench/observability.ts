/**
 * `npx tsx bench/observability.ts` (after `npm run build && npm run build:server`): what metrics
 * and request logs cost in throughput. In one run, on one embedded PostgreSQL 17 server, three
 * servers, each its own process (`node dist-server/main.mjs`) on its own copy of the demo site:
 *   - before: the server as of BENCH_BASE (bee0fde, before /metrics and the request log), built
 *     from `git archive` into a temporary directory with this tree's node_modules and built site;
 *   - metrics: this tree with LOG_LEVEL=silent (metrics and request ids, no log lines);
 *   - metrics + logs: this tree with LOG_LEVEL=info, its stdout going to a file.
 * Each round measures every server on a rendered page from the page cache (GET /) and on the
 * anonymous article list from the REST read cache, alternating servers, BENCH_RUNS rounds (3);
 * the table holds medians and each ratio to "before". Writes its section of docs/benchmarks.md.
 */
import { spawn, execFileSync, execSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbedded } from '../server/db/embedded.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { cpuMs } from './processes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASE = process.env.BENCH_BASE ?? 'bee0fde';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CONNECTIONS = 10;
const SECRET = 'benchmark-secret-with-at-least-32-characters';
const LIST = '/rest/v1/articles?select=id,title,category,cover_image_url,created_at&order=created_at.desc&limit=20';

interface Server { name: string; child: ChildProcess; url: string; logFile: string }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** BENCH_BASE's server, bundled in a temporary copy of the repository at that commit. */
function buildBaseline(dir: string): string {
  execSync(`git archive ${BASE} | tar -x -C ${dir}`, { cwd: ROOT });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  for (const built of ['dist', 'dist-ssr']) cpSync(path.join(ROOT, built), path.join(dir, built), { recursive: true });
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'inherit' });
  return dir;
}

async function start(name: string, cwd: string, env: Record<string, string>, logFile: string): Promise<Server> {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['dist-server/main.mjs'], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', out, 'inherit'] });
  for (let waited = 0; ; waited += 100) {
    const match = /^listening on (http\S+)/m.exec(readFileSync(logFile, 'utf8'));
    if (match) {
      const url = match[1];
      while ((await fetch(`${url}/`).then((r) => r.status, () => 0)) !== 200) await new Promise((r) => setTimeout(r, 100));
      return { name, child, url, logFile };
    }
    if (child.exitCode !== null || waited > 120_000) throw new Error(`${name} did not start:\n${readFileSync(logFile, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Requests per second, and the server process's CPU time per request in microseconds. */
async function measure(server: Server, url: string, headers: Record<string, string>): Promise<{ rps: number; cpuUs: number }> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const cpuBefore = cpuMs(server.child.pid!);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const cpu = cpuMs(server.child.pid!) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUs: (cpu * 1000) / result.requests.total };
}

async function main() {
  for (const built of ['dist', 'dist-ssr', 'dist-server/main.mjs']) {
    if (!existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: run npm run build && npm run build:server first`);
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-obs-'));
  // Run as root, PostgreSQL runs as `postgres` and must pass through this directory.
  chmodSync(work, 0o711);
  const servers: Server[] = [];
  const cluster = await startEmbedded(path.join(work, 'pg'), { size: { maxConnections: 100, sharedBuffers: '64MB' }, durable: false });
  try {
    const admin = await openPostgres(cluster.url(), { poolSize: 1, anonymousConcurrency: 1 });
    for (const db of ['before', 'metrics', 'logs']) await admin.exec(`create database ${db}`);
    await admin.close();
    mkdirSync(path.join(work, 'baseline'));
    const baseline = buildBaseline(path.join(work, 'baseline'));
    const env = (db: string, extra: Record<string, string>) => ({
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(work, `data-${db}`), DATABASE_URL: cluster.url(db),
      JWT_SECRET: SECRET, SEED_DEMO: 'true', SERVE_SITE: 'true', ...extra,
    });
    servers.push(await start('before', baseline, env('before', {}), path.join(work, 'before.log')));
    servers.push(await start('metrics', ROOT, env('metrics', { LOG_LEVEL: 'silent' }), path.join(work, 'metrics.log')));
    servers.push(await start('metrics + logs', ROOT, env('logs', { LOG_LEVEL: 'info' }), path.join(work, 'logs.log')));

    const script = await (await fetch(`${servers[0].url}/env.js`)).text();
    const anonKey = /SUPABASE_ANON_KEY["']?\s*:\s*["']([^"']+)/.exec(script)![1];
    const targets: { label: string; path: string; headers: Record<string, string> }[] = [
      { label: 'rendered page from the page cache (GET /)', path: '/', headers: { 'Accept-Encoding': 'br' } },
      { label: 'anonymous article list from the read cache', path: LIST, headers: { apikey: anonKey, 'Accept-Encoding': 'br' } },
    ];
    const results = new Map<string, { rps: number; cpuUs: number }[]>();
    const load: number[] = [];
    for (let round = 0; round < RUNS; round++) {
      for (const target of targets) {
        for (const server of servers) {
          const result = await measure(server, server.url + target.path, target.headers);
          const key = `${target.label}|${server.name}`;
          results.set(key, [...(results.get(key) ?? []), result]);
          load.push(os.loadavg()[0]);
          console.error(`round ${round + 1}: ${server.name}, ${target.label}: ${result.rps.toFixed(0)} req/s, ${result.cpuUs.toFixed(0)} µs CPU per request`);
        }
      }
    }
    const logged = servers[2];
    const lines = readFileSync(logged.logFile, 'utf8').split('\n').filter((l) => l.includes('"msg":"request"'));
    const bytesPerLine = statSync(logged.logFile).size / Math.max(1, lines.length);

    const rows = targets.flatMap((target) => {
      const of = (s: Server) => results.get(`${target.label}|${s.name}`)!;
      const [before, metrics, logs] = servers.map((s) => median(of(s).map((r) => r.rps)));
      const [cpuBefore, cpuMetrics, cpuLogs] = servers.map((s) => median(of(s).map((r) => r.cpuUs)));
      const ratio = (x: number, base: number) => `${(x / base).toFixed(2)}`;
      return [
        `| ${target.label}: requests/s | ${before.toFixed(0)} | ${metrics.toFixed(0)} (${ratio(metrics, before)}) | ${logs.toFixed(0)} (${ratio(logs, before)}) |`,
        `| ${target.label}: server CPU µs per request | ${cpuBefore.toFixed(0)} | ${cpuMetrics.toFixed(0)} (${ratio(cpuMetrics, cpuBefore)}) | ${cpuLogs.toFixed(0)} (${ratio(cpuLogs, cpuBefore)}) |`,
      ];
    });
    const section = `## Observability: cost of metrics and request logs

\`npx tsx bench/observability.ts\` (after \`npm run build && npm run build:server\`). One run, one
embedded PostgreSQL 17, three server processes on copies of the demo site: **before** = the
server at ${BASE} (no metrics, no request log), **metrics** = this tree with \`LOG_LEVEL=silent\`
(metrics and request ids), **metrics + logs** = this tree with \`LOG_LEVEL=info\` (one JSON line
per request to a file, about ${Math.round(bytesPerLine)} bytes each). autocannon, ${CONNECTIONS}
connections, ${DURATION} s per measurement after 2 s of warm-up, servers alternated, median of
${RUNS} rounds; requests per second, ratio to "before" in brackets. 1-minute load average during
the run: ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)} on ${os.cpus().length} cores
shared with other work, so requests per second move a lot between rounds; the server's CPU time
per request (from /proc, user + system) depends far less on what else runs, and its inverse ratio
is the throughput the server keeps on a machine of its own.

| request | before | metrics | metrics + logs |
|---|---|---|---|
${rows.join('\n')}

Reading it: the observer adds a fixed CPU cost per request (a request id, the counters and the
latency histogram, about 20 µs here; the JSON line, about 30 µs more). It shows on the cheapest
answer there is, a read-cache hit written straight from memory (about 1.5x the CPU with metrics,
2.4x with the log line); on a rendered page or anything that reaches PostgreSQL it is within the
run-to-run spread. \`LOG_LEVEL=warn\` drops the request lines and their share.
`;
    writeBenchmarkSection('## Observability: cost of metrics and request logs', section);
    console.error(section);
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => (server.child.exitCode !== null ? resolve(undefined) : server.child.once('exit', resolve)));
    }
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
