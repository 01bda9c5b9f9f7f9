/**
 * `npx tsx bench/page-view-flood.ts`: does a flood of page-view beacons slow the pages (issue 46)?
 * Starts the compiled server with the demo content, then alternates three times: GET /berita/{id}
 * (answered from the page cache) at 10 connections alone, and the same while 50 connections send
 * POST /rest/v1/rpc/record_page_view from one address as fast as they are answered. Writes the
 * section "## Reader statistics: cached pages during a beacon flood (issue 46)" of docs/benchmarks.md.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

type Started = { url: string; stop: () => Promise<void> };
const { buildServer, ensureBuilt, startServer } = (await import('../e2e/support/start-server.mjs' as string)) as {
  buildServer: () => Promise<void>;
  ensureBuilt: () => Promise<void>;
  startServer: (env: Record<string, string>, options: { compiled: boolean }) => Promise<Started>;
};

const HEADING = '## Reader statistics: cached pages during a beacon flood (issue 46)';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = 3;
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');

await ensureBuilt();
await buildServer();
// RATE_LIMIT_SCALE 1 (production's limits), unlike the e2e default
const server = await startServer({ SEED_DEMO: 'true', RATE_LIMIT_SCALE: '1', LOG_LEVEL: 'warn' }, { compiled: true });
const rows: string[] = [];
try {
  const env = await (await fetch(`${server.url}/env.js`)).text();
  const anonKey = JSON.parse(/(\{.*\})/.exec(env)![1]).SUPABASE_ANON_KEY as string;
  const [article] = await (await fetch(`${server.url}/rest/v1/articles?select=id&order=published_at.desc&limit=1`, { headers: { apikey: anonKey } })).json() as { id: string }[];
  const page = `${server.url}/berita/${article.id}`;
  await autocannon({ url: page, connections: 10, duration: 2 });
  const pageRate = async () => (await autocannon({ url: page, connections: 10, duration: SECONDS })).requests.average;

  for (let round = 1; round <= ROUNDS; round++) {
    const idleLoad = load();
    const idle = await pageRate();
    const statuses: Record<number, number> = {};
    const floodLoad = load();
    const flood = autocannon({
      url: `${server.url}/rest/v1/rpc/record_page_view`,
      connections: 50,
      duration: SECONDS + 1,
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
      body: JSON.stringify({ path: `/berita/${article.id}`, referrer: '' }),
      // called without a callback, autocannon returns its running instance, a promise and an emitter at once
    }) as ReturnType<typeof autocannon> & NodeJS.EventEmitter;
    flood.on('response', (_client: unknown, status: number) => (statuses[status] = (statuses[status] ?? 0) + 1));
    const busy = await pageRate();
    const beacons = await flood;
    const answers = Object.entries(statuses).map(([s, n]) => `${s}: ${n}`).join(', ');
    rows.push(`| ${round} | ${idle.toFixed(0)} (load ${idleLoad}) | ${busy.toFixed(0)} (load ${floodLoad}) | ${(busy / idle).toFixed(2)} | ${beacons.requests.average.toFixed(0)} | ${answers} | ${beacons.latency.p99} |`);
    console.log(rows.at(-1));
  }
} finally {
  await server.stop();
}

writeBenchmarkSection(HEADING, [
  HEADING,
  '',
  `\`npx tsx bench/page-view-flood.ts\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}.`,
  `The compiled server with the demo content and production rate limits; GET /berita/{id} from the page cache at 10 connections for ${SECONDS} s,`,
  'alone ("idle") and while 50 connections send POST /rest/v1/rpc/record_page_view from one address (the same visitor: counted once,',
  'then refused with 429 past 600 beacons in ten minutes, by the database first and then by the server itself after a one-second pause).',
  'Round 1 includes the 600 counted beacons; later rounds are past the limit. Both load generators run in this one process on the same two cores as the',
  'server, so the flood also takes CPU from the page requests\' generator. 1-minute load average (1 / 5 / 15 min) at the start of each phase.',
  'Goal (issue 46): the flood cannot slow the pages.',
  '',
  '| round | page req/s idle | page req/s during the flood | flood / idle | beacons answered/s | beacon answers by status | beacon p99 ms |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n'));
