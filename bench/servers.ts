/**
 * Several servers over one PostgreSQL behind deploy/haproxy.cfg (README "Several servers"):
 * - cached page req/s (`/`, brotli) straight to one server, through HAProxy to one, and through
 *   HAProxy to two, side by side in one run;
 * - the time from `kill -9` of one server to HAProxy sending every request to the survivor.
 * Needs a built site (`npm run build`) and HAProxy (`apt-get install -y haproxy`).
 *   npx tsx bench/servers.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbedded } from '../server/db/embedded.ts';
import { haproxyMissing, startHaproxy, type Balancer } from '../tests/support/haproxy.ts';
import { exited, startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

const SECTION = '## Several servers behind HAProxy';
const missing = haproxyMissing();
if (missing) throw new Error(missing);

const root = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-servers-'));
const cluster = await startEmbedded(path.join(root, 'pg'), { size: { maxConnections: 200, sharedBuffers: '64MB' }, durable: false });
const servers: ServerProcess[] = [];
const balancers: Balancer[] = [];
try {
  for (const name of ['app1', 'app2']) {
    servers.push(await startServerProcess({
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(root, name), DATABASE_URL: cluster.url(), SEED_DEMO: 'true',
      SERVE_SITE: 'true', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn', INTEGRITY_INTERVAL: '0',
    }));
  }
  const [app1, app2] = servers.map((s) => s.url.replace(/^http:\/\//, ''));
  const oneBehind = await startHaproxy(app1, app1);
  const twoBehind = await startHaproxy(app1, app2);
  balancers.push(oneBehind, twoBehind);
  // both backends up (two checks a second apart) and every page cache warm
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const url of [servers[0].url, servers[1].url]) await fetch(`${url}/`, { headers: { 'Accept-Encoding': 'br' } });

  const reqPerSec = async (url: string) => {
    const result = await autocannon({ url: `${url}/`, headers: { 'Accept-Encoding': 'br' }, connections: 20, duration: 10 });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return Math.round(result.requests.average);
  };
  const direct = await reqPerSec(servers[0].url);
  const one = await reqPerSec(oneBehind.url);
  const two = await reqPerSec(twoBehind.url);
  const loadAfterThroughput = os.loadavg();

  // kill -9 of app2 while requests go on through the balancer of two
  const results: { ok: boolean; at: number }[] = [];
  let running = true;
  const clients = Array.from({ length: 4 }, async () => {
    while (running) {
      const ok = await fetch(`${twoBehind.url}/`, { headers: { 'Accept-Encoding': 'br' } }).then(async (res) => (await res.arrayBuffer(), res.ok), () => false);
      results.push({ ok, at: performance.now() });
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const killedAt = performance.now();
  servers[1].process.kill('SIGKILL');
  let down: number | undefined;
  while (down === undefined && performance.now() - killedAt < 15_000) {
    down = twoBehind.lines.find((line) => /app2 is DOWN/.test(line.text))?.at;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  running = false;
  await Promise.all(clients);
  if (down === undefined) throw new Error('HAProxy did not mark the killed server down within 15 s');
  const failed = results.filter((r) => !r.ok);
  const lastFailure = failed.length ? Math.round(failed[failed.length - 1].at - killedAt) : undefined;
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');

  writeBenchmarkSection(SECTION, `${SECTION}

\`npm run build && npx tsx bench/servers.ts\` (bench/servers.ts), ${new Date().toISOString().slice(0, 10)}, one run on the shared
2-core machine: two site servers (own processes, SERVE_SITE, demo content) over one embedded PostgreSQL 17 by DATABASE_URL,
HAProxy 2.6 from Debian with deploy/haproxy.cfg, autocannon (20 connections, 10 s, \`/\` with brotli) in this process.
Everything shares the two cores, so a second server adds no cores here: the numbers show what the balancer costs and that
the two servers serve one site, not how a second machine scales it.

| cached \`/\` | req/s |
| --- | ---: |
| one server, direct | ${direct} |
| HAProxy → one server | ${one} |
| HAProxy → two servers | ${two} |

Load average after the three runs: ${loadAfterThroughput.map((l) => l.toFixed(2)).join(' / ')}.

\`kill -9\` of one of the two servers while 4 clients keep requesting \`/\` through HAProxy: the balancer marked it down
${Math.round(down - killedAt)} ms after the kill (check every 1 s, down after 2 failures); from then on every request went to
the survivor. ${results.length} requests in all, ${failed.length} failed${lastFailure !== undefined ? ` (the last ${lastFailure} ms after the kill)` : ' (a request whose connection failed is retried on the other server: retry-on conn-failure)'}.
Load average at the end: ${load}.
`);
  console.log({ direct, one, two, downMs: Math.round(down - killedAt), requests: results.length, failed: failed.length, load });
} finally {
  for (const balancer of balancers) await balancer.stop();
  for (const server of servers) {
    if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGTERM');
    await exited(server.process);
  }
  await cluster.stop();
  rmSync(root, { recursive: true, force: true });
}
