/**
 * `npx tsx bench/page-view-flood.ts [BASE_DIR]`: does a flood of page-view beacons slow the pages
 * (issue 46)? Starts the compiled server of this tree with the demo content (and of BASE_DIR, a built
 * checkout of the base commit, when given), then alternates short windows, idle and flood in turn
 * (ABBA, so a drift of the shared machine's load falls on both alike): GET /berita/{id} from the page
 * cache at 10 connections, alone or while 50 connections send POST /rest/v1/rpc/record_page_view
 * from one address (named through TRUST_PROXY) as fast as they are answered. Writes the section
 * "## Reader statistics: cached pages during a beacon flood (issue 46)" of docs/benchmarks.md.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

type Started = { url: string; stop: () => Promise<void> };
const { buildServer, ensureBuilt, startServer } = (await import('../e2e/support/start-server.mjs' as string)) as {
  buildServer: () => Promise<void>;
  ensureBuilt: () => Promise<void>;
  startServer: (env: Record<string, string>, options: { compiled: boolean }) => Promise<Started>;
};

const HEADING = '## Reader statistics: cached pages during a beacon flood (issue 46)';
const WINDOW = Number(process.env.BENCH_WINDOW_SECONDS ?? 3);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 8);
const FLOOD_CONNECTIONS = 50;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Target {
  name: string;
  url: string;
  stop: () => Promise<void>;
  anonKey: string;
  page: string;
  article: string;
  idle: number[];
  flood: number[];
  statuses: Record<number, number>;
  beacons: number;
}

/** The compiled server of the tree at `root` (its dist/ and dist-server/ already built). */
async function start(name: string, root: string): Promise<Target> {
  const here = process.cwd();
  process.chdir(root);
  // production's limits, unlike the e2e default; the benchmark stands in for a proxy naming each flood's address
  const server = await startServer({ SEED_DEMO: 'true', RATE_LIMIT_SCALE: '1', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }, { compiled: true }).finally(() => process.chdir(here));
  const env = await (await fetch(`${server.url}/env.js`)).text();
  const anonKey = JSON.parse(/(\{.*\})/.exec(env)![1]).SUPABASE_ANON_KEY as string;
  const [article] = await (await fetch(`${server.url}/rest/v1/articles?select=id&order=published_at.desc&limit=1`, { headers: { apikey: anonKey } })).json() as { id: string }[];
  const page = `${server.url}/berita/${article.id}`;
  await autocannon({ url: page, connections: 10, duration: 2 });
  return { name, url: server.url, stop: server.stop, anonKey, page, article: article.id, idle: [], flood: [], statuses: {}, beacons: 0 };
}

/**
 * The flood runs in a thread of its own: in this thread's event loop its answers would delay the
 * page requests' generator and count against the pages.
 */
const flooder = new Worker(`
  const { parentPort } = require('node:worker_threads');
  parentPort.on('message', async ({ url, headers, body, connections, until }) => {
    const statuses = {};
    await Promise.all(Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const res = await fetch(url, { method: 'POST', headers, body });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }));
    parentPort.postMessage(statuses);
  });
`, { eval: true });

/** 50 clients sending one address's beacons, each the next as soon as the last is answered, until `until`. */
async function flood(target: Target, until: number) {
  const answered = new Promise<Record<number, number>>((resolve) => flooder.once('message', resolve));
  flooder.postMessage({
    url: `${target.url}/rest/v1/rpc/record_page_view`,
    headers: { apikey: target.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.7', 'User-Agent': AGENT },
    body: JSON.stringify({ path: `/berita/${target.article}`, referrer: '' }),
    connections: FLOOD_CONNECTIONS,
    until,
  });
  for (const [status, n] of Object.entries(await answered)) {
    target.statuses[Number(status)] = (target.statuses[Number(status)] ?? 0) + n;
    target.beacons += n;
  }
}

async function measureWindow(target: Target, flooded: boolean) {
  const until = Date.now() + WINDOW * 1000;
  const beacons = flooded ? flood(target, until) : Promise.resolve();
  const pages = await autocannon({ url: target.page, connections: 10, duration: WINDOW });
  (flooded ? target.flood : target.idle).push(pages.requests.total / WINDOW);
  await beacons;
}

await ensureBuilt();
await buildServer();
const targets = [await start('this branch', process.cwd())];
if (process.argv[2]) targets.unshift(await start('base', path.resolve(process.argv[2])));
const loadAt = [load()];
try {
  for (let pair = 0; pair < PAIRS; pair++) {
    for (const target of targets) {
      const order = pair % 2 === 0 ? [false, true] : [true, false];
      for (const flooded of order) await measureWindow(target, flooded);
    }
    if (pair === Math.floor(PAIRS / 2)) loadAt.push(load());
  }
  loadAt.push(load());
} finally {
  await flooder.terminate();
  for (const target of targets) await target.stop();
}

const rows = targets.map((t) => {
  const idle = sum(t.idle) / t.idle.length;
  const busy = sum(t.flood) / t.flood.length;
  const ratios = t.flood.map((f, i) => f / t.idle[i]);
  const answers = Object.entries(t.statuses).map(([s, n]) => `${s}: ${n}`).join(', ');
  return `| ${t.name} | ${idle.toFixed(0)} | ${busy.toFixed(0)} | **${(busy / idle).toFixed(2)}** | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) | ${(t.beacons / (PAIRS * WINDOW)).toFixed(0)} | ${answers} |`;
});
console.log(rows.join('\n'));

writeBenchmarkSection(HEADING, [
  HEADING,
  '',
  `\`npx tsx bench/page-view-flood.ts${process.argv[2] ? ' <base checkout>' : ''}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}.`,
  `The compiled server with the demo content and production rate limits; GET /berita/{id} from the page cache at 10 connections in ${WINDOW} s windows,`,
  `alone ("idle") and while ${FLOOD_CONNECTIONS} connections send POST /rest/v1/rpc/record_page_view from one address as fast as they are answered (the same`,
  `visitor: counted once), ${PAIRS} idle and ${PAIRS} flood windows per server in ABBA order${targets.length > 1 ? ', the servers taking turns pair by pair' : ''}; the first flood window is the`,
  'start of the flood. The page requests\' generator and the flood run in two threads of this one process, on the same two cores as the server(s).',
  `Load average (1 / 5 / 15 min) at the start, the middle and the end: ${loadAt.join('; ')}. Goal (issue 46): during the flood at least 0.95x of idle.`,
  '',
  '| server | page req/s idle | page req/s during the flood | flood / idle | median of the pairs (range) | beacons answered/s | beacon answers by status |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n'));
