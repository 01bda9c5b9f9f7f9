/** The "## REST" section of docs/benchmarks.md from one `npm run bench` run. */
export interface Result {
  target: string; connections: number; rps: number; p50: number; p99: number; bad: number;
  /** CPU per request in microseconds: the server's own process, and all PostgreSQL processes. */
  serverCpuUs?: number; pgCpuUs?: number;
}

export interface Report {
  results: Result[];
  inserts: Result[];
  startup: { fresh: number; existing: number; readyPath: string };
  idleMb: number;
  peakMb: number;
  load: string;
  loadAfter: string;
  duration: number;
  /** Rounds measured; every figure is the median over them. */
  runs: number;
}

const EMBEDDED = 'this server, embedded PostgreSQL 17';
const POSTGREST = 'PostgREST 12.0.2 (same PostgreSQL)';
const CACHED = 'this server with read cache';

const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `${(a / b).toFixed(2)}x`);

export function writeReport(r: Report): string {
  const find = (target: string, c: number, list = r.results) => list.find((x) => x.target === target && x.connections === c)!;
  // Backends that exit during a row take their CPU time with them, which can make the difference negative.
  const cpu = (v: number | undefined) => (v === undefined || v < 0 ? '-' : String(Math.round(v)));
  const rows = r.results.map((x) => `| ${x.target} | ${x.connections} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.bad} | ${cpu(x.serverCpuUs)} | ${cpu(x.pgCpuUs)} |`).join('\n');
  const insertRows = r.inserts.map((x) => `| ${x.target} | ${x.connections} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.bad} |`).join('\n');
  const goals: string[] = [];
  for (const c of [10, 50]) {
    const ours = find(EMBEDDED, c);
    const theirs = find(POSTGREST, c);
    const cached = find(CACHED, c);
    goals.push(`| uncached req/s at ${c} connections >= 1.0x PostgREST | ${ratio(ours.rps, theirs.rps)} | ${met(ours.rps >= theirs.rps)} |`);
    goals.push(`| uncached p99 at ${c} connections <= 1.0x PostgREST | ${ratio(ours.p99, theirs.p99)} | ${met(ours.p99 <= theirs.p99)} |`);
    goals.push(`| cached req/s at ${c} connections >= 3x PostgREST | ${ratio(cached.rps, theirs.rps)} | ${met(cached.rps >= 3 * theirs.rps)} |`);
  }
  const [insOurs, insTheirs] = r.inserts;
  goals.push(`| contact insert p99 at 10 connections <= 1.5x PostgREST | ${ratio(insOurs.p99, insTheirs.p99)} | ${met(insOurs.p99 <= 1.5 * insTheirs.p99)} |`);
  goals.push(`| start on a new DATA_DIR <= 15 s | ${(r.startup.fresh / 1000).toFixed(1)} s | ${met(r.startup.fresh <= 15_000)} |`);
  goals.push(`| start on an existing DATA_DIR <= 5 s | ${(r.startup.existing / 1000).toFixed(1)} s | ${met(r.startup.existing <= 5_000)} |`);
  goals.push(`| memory idle <= 250 MB (PSS, server + PostgreSQL) | ${r.idleMb.toFixed(0)} MB | ${met(r.idleMb <= 250)} |`);
  goals.push(`| memory during 50 connections <= 400 MB | ${r.peakMb.toFixed(0)} MB | ${met(r.peakMb <= 400)} |`);

  return `## REST

\`npm run bench\` (bench/rest.ts), ${new Date().toISOString().slice(0, 10)}, ${r.runs === 1 ? 'one round' : `${r.runs} rounds, each figure the median of its rounds (errors summed)`}. Anonymous
\`GET /rest/v1${'/articles?select=id,title,category,cover_image_url,created_at&order=created_at.desc&limit=20'}\`
over 200 articles, autocannon for ${r.duration} s per row after a 2 s warm-up. Every server is its own process
(\`node dist-server/main.mjs\` as \`npm start\` runs it; PostgREST 12.0.2's binary) on ONE embedded PostgreSQL 17
server (the one the first server started in its DATA_DIR, fsync on), the same database and rows; the others
reach it over its Unix socket (DATABASE_URL / PGRST_DB_URI). autocannon runs in the benchmark's own process.
Load average (1/5/15 min) ${r.load} at the start, ${r.loadAfter} at the end, on 2 shared cores.

| server | connections | req/s | p50 ms | p99 ms | errors + non-2xx | server CPU µs/req | PostgreSQL CPU µs/req |
|---|---|---|---|---|---|---|---|
${rows}

CPU per request is the CPU time (/proc/<pid>/stat, user + system) the server's process, and all of
the cluster's PostgreSQL processes, used during the row's 10 s divided by the requests answered: far
steadier than req/s on a shared machine, since it does not depend on how much of the CPU the
scheduler hands each process. The cache does not reach PostgreSQL. A dash: PostgreSQL backends of another
server exited during the row, taking their CPU time with them, so no figure could be computed.

Anonymous contact insert (\`POST /rest/v1/contacts\`, \`Prefer: return=minimal\`, a new e-mail each time; the
contact form's flood guard is switched off in the benchmark database so that every insert commits):

| server | connections | req/s | p50 ms | p99 ms | errors + non-2xx |
|---|---|---|---|---|---|
${insertRows}

Start-up of \`node dist-server/main.mjs\` until \`${r.startup.readyPath}\` answers 200 (the \`vite build\` that
\`npm start\` runs first is not included): new DATA_DIR ${(r.startup.fresh / 1000).toFixed(1)} s (initdb,
platform SQL, migrations), existing DATA_DIR ${(r.startup.existing / 1000).toFixed(1)} s.

Memory: PSS from /proc/<pid>/smaps_rollup summed over the embedded-default server's Node process, the
postmaster, its auxiliary processes and the backends serving that server (not those of the other servers on
the same cluster): ${r.idleMb.toFixed(0)} MB idle (3 s after start), ${r.peakMb.toFixed(0)} MB in the middle of
the 50-connection run (the highest of the rounds).

| goal (issue 13) | measured | |
|---|---|---|
${goals.join('\n')}
`;
}
