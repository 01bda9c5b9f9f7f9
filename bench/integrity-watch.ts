/**
 * `npx tsx bench/integrity-watch.ts`: what issue 32's integrity watch costs the site's readers, in
 * one run on one server (in this process, its own embedded PostgreSQL, the built site served, read
 * cache on), over 2,000 recently published articles.
 *
 * GET / (a cached page) at 10 connections for a window of WINDOW_S seconds, idle and while a watch
 * runs, in ROUNDS rounds. Each round has four watch windows, each between two idle windows (ratio
 * to their mean): the pacing as 5584151 left it ("before") and this tree's ("after"), each in the
 * watch's first seconds (the stored-content scan and the build check) and in its page crawl
 * (started quietly, the window opened once the first page is fetched). Rounds alternate the order.
 * The watch's cost is read as CPU per second of wall time (this process and the PostgreSQL
 * cluster) above the adjacent idle window, and as the pages it fetched in the window. Then one
 * run of each to its end without readers, and one of each with a steady reader load, timed.
 * Prints a markdown sub-section for docs/benchmarks.md.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { startTestServer } from '../tests/support/server.ts';
import { runWatch, type WatchOptions } from '../server/integrity/watch.ts';
import { VARIANTS } from '../server/integrity/cloaking.ts';
import { cpuReader } from './cpu.ts';
import { ROOT } from '../server/paths.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 8);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 2000);
const FULL_RUNS = process.env.BENCH_FULL !== '0';
/** Readers during a second pair of whole runs (0: none): a steady rate well under what the page can serve. */
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 0);

/** The pacing of 5584151: event-loop utilization only, two pages (4 variants each) at once. */
const BEFORE: Partial<WatchOptions> = { concurrency: 2, pace: { busyShare: 0.05, busyAbove: 0.5, probeMs: 25, variantsApart: false } };
const AFTER: Partial<WatchOptions> = {};
const WAYS = { before: BEFORE, after: AFTER };
type Way = keyof typeof WAYS;
type Phase = 'start' | 'crawl';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quartiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor((s.length - 1) / 4)].toFixed(2)}-${s[Math.ceil((s.length - 1) * 3 / 4)].toFixed(2)}`;
};
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');

/** Counts the watch's page fetches (its Googlebot variant: one per page), and tells when the first one starts. */
function countCrawl() {
  const googlebot = VARIANTS.Googlebot['User-Agent'];
  const counter = { pages: 0, firstPage: undefined as (() => void) | undefined };
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (headers.get('user-agent') === googlebot && !String(input instanceof Request ? input.url : input).endsWith('/sitemap.xml')) {
      counter.pages += 1;
      counter.firstPage?.();
    }
    return original(input, init);
  };
  return counter;
}

/** GET `url` at a steady `rate` per second until stopped. */
function steadyReaders(url: string, rate: number) {
  let instance!: autocannon.Instance;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url, connections: 10, overallRate: rate, duration: 36_000 }, (error, done) => (error ? reject(error) : resolve(done)));
  });
  return { result, stop: () => instance.stop() };
}

async function main() {
  const server = await startTestServer({ serveSite: true, readCache: true, integrityIntervalMinutes: 0, logLevel: 'error' });
  try {
    const db = server.ctx.db;
    const body = '<p>Skadron Udara 31/Serbu melaksanakan latihan terbang malam dengan helikopter Mi-17 V5 di Bandara Ahmad Yani, Semarang. '.repeat(12)
      + '<a href="https://tniad.mil.id/">TNI AD</a></p>';
    await db.exec(`insert into public.articles (title, category, content, published_at)
      select 'Latihan terbang ' || i, 'Latihan', '${body}', now() - (i || ' minutes')::interval
      from generate_series(1, ${ARTICLES}) as i`);
    const page = `${server.url}/`;
    const crawl = countCrawl();
    const fresh = async () => { server.ctx.readCache!.clear(); await fetch(page); };
    const cpuMs = cpuReader(server.dataDir);
    const measure = async (watch?: { way: Way; phase: Phase }) => {
      await fresh();
      const stop = new AbortController();
      let watching: Promise<unknown> = Promise.resolve();
      if (watch) {
        const crawling = new Promise<void>((resolve) => { crawl.firstPage = resolve; });
        watching = runWatch({ db, siteUrl: server.url, root: ROOT, ...WAYS[watch.way], signal: stop.signal }).catch(() => undefined);
        if (watch.phase === 'crawl') await crawling;
        crawl.firstPage = undefined;
      }
      const [cpu, pages, started] = [cpuMs(), crawl.pages, performance.now()];
      const rate = (await autocannon({ url: page, connections: 10, duration: WINDOW_S })).requests.average;
      const seconds = (performance.now() - started) / 1000;
      const result = { rate, cpuPerS: (cpuMs() - cpu) / 1000 / seconds, pages: crawl.pages - pages };
      stop.abort();
      await watching;
      return result;
    };

    const kinds = [['before', 'start'], ['after', 'start'], ['before', 'crawl'], ['after', 'crawl']] as [Way, Phase][];
    const pairs: { round: number; way: Way; phase: Phase; idle: number; watch: number; extraCpu: number; pages: number; load: string }[] = [];
    const loadAtStart = load();
    await measure();
    // idle, watch, idle, watch, ..., idle: each watch window is judged against the mean of the
    // idle windows on either side of it, so a drift of the machine's load over the run cancels
    let before = await measure();
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? kinds : [...kinds].reverse();
      for (const [way, phase] of order) {
        const watch = await measure({ way, phase });
        const after = await measure();
        const idle = { rate: (before.rate + after.rate) / 2, cpuPerS: (before.cpuPerS + after.cpuPerS) / 2 };
        pairs.push({ round: round + 1, way, phase, idle: idle.rate, watch: watch.rate, extraCpu: watch.cpuPerS - idle.cpuPerS, pages: watch.pages, load: load() });
        console.error(JSON.stringify(pairs.at(-1)));
        before = after;
      }
    }

    const full: { way: Way; readers: string; seconds: number; pages: number; findings: number; cpuPerS: number; rate?: number; p99?: number; load: string }[] = [];
    if (FULL_RUNS) {
      for (const readers of STEADY_RATE > 0 ? [0, STEADY_RATE] : [0]) {
        for (const way of ['before', 'after'] as Way[]) {
          await fresh();
          const [cpu, started] = [cpuMs(), performance.now()];
          const done = runWatch({ db, siteUrl: server.url, root: ROOT, ...WAYS[way] });
          const steady = readers > 0 ? steadyReaders(page, readers) : undefined;
          const result = await done.finally(() => steady?.stop());
          const seconds = (performance.now() - started) / 1000;
          const served = steady ? await steady.result : undefined;
          console.error(JSON.stringify({ way, readers, seconds, pages: result.pages }));
          full.push({ way, readers: readers > 0 ? `${readers} req/s` : 'none', seconds, pages: result.pages, findings: result.findings.length,
            cpuPerS: (cpuMs() - cpu) / 1000 / seconds, rate: served?.requests.average, p99: served?.latency.p99, load: load() });
        }
      }
    }

    const fmt = (x: number) => `${x.toFixed(2)}x`;
    const lines = [
      `\`npx tsx bench/integrity-watch.ts\`, ${new Date().toISOString()}, ${os.cpus().length} cores shared with other engineers' work;`
        + ` load average (1/5/15 min) ${loadAtStart} at the start, ${load()} at the end.`,
      '',
      ...(pairs.length > 0 ? [
        `GET / (read-cached), 10 connections, ${WINDOW_S} s windows, req/s; idle = the mean of the idle windows just before and after the watch window.`
          + ' Extra CPU: cores used (this process and PostgreSQL) above the idle window; pages: pages the watch fetched in the window (4 variants each).',
        '',
        '| round | way | phase | idle req/s | watch req/s | watch / idle | extra CPU (cores) | pages | load after |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        ...pairs.map((p) => `| ${p.round} | ${p.way} | ${p.phase} | ${p.idle.toFixed(0)} | ${p.watch.toFixed(0)} | ${fmt(p.watch / p.idle)} | ${p.extraCpu.toFixed(2)} | ${p.pages} | ${p.load} |`),
        '',
        '| way | phase | median watch / idle | quartiles | min-max | median extra CPU (cores) | median pages per window |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...kinds.map(([way, phase]) => {
          const own = pairs.filter((p) => p.way === way && p.phase === phase);
          const ratios = own.map((p) => p.watch / p.idle);
          return `| ${way} | ${phase} | ${fmt(median(ratios))} | ${quartiles(ratios)} | ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)} | ${median(own.map((p) => p.extraCpu)).toFixed(2)} | ${median(own.map((p) => p.pages))} |`;
        }),
        '',
      ] : []),
      ...(full.length > 0 ? [
        `Whole runs over ${ARTICLES} articles (stored scan, build check, every page in four variants):`,
        '',
        '| way | readers | time s | pages | findings | CPU (cores) | readers\' req/s | readers\' p99 ms | load after |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        ...full.map((f) => `| ${f.way} | ${f.readers} | ${f.seconds.toFixed(1)} | ${f.pages} | ${f.findings} | ${f.cpuPerS.toFixed(2)} | ${f.rate?.toFixed(0) ?? ''} | ${f.p99 ?? ''} | ${f.load} |`),
        '',
      ] : []),
    ];
    console.log(lines.join('\n'));
  } finally {
    await server.stop();
  }
}

await main();
