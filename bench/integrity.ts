/**
 * `npx tsx bench/integrity.ts`: the cost of issue 32's content integrity in one run, on one server
 * (in this process, its own embedded PostgreSQL, the built site served, read cache on).
 *
 * 1. An admin's article save through the REST API, with the integrity triggers (hiding markup and
 *    the guard) and with them disabled, alternating in rounds so machine load hits both alike.
 * 2. One integrity watch run over 2,000 recently published articles (each page fetched in four
 *    variants), and GET / (a cached page) at 10 connections idle and while the watch runs.
 * Writes the "## Issue 32: content integrity" section of docs/benchmarks.md.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { createUser, signInAs, startTestServer } from '../tests/support/server.ts';
import { runWatch } from '../server/integrity/watch.ts';
import { ROOT } from '../server/paths.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';

const HEADING = '## Issue 32: content integrity';
const SAVES = Number(process.env.BENCH_SAVES ?? 100);
const ROUNDS = 4;
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 2000);

const BODY = (i: number) => `<h2>Latihan ${i}</h2>` + '<p>Skadron Udara 31/Serbu melaksanakan latihan terbang malam dengan helikopter Mi-17 V5 di Bandara Ahmad Yani, Semarang. '.repeat(12)
  + '<a href="https://tniad.mil.id/">TNI AD</a></p>';

async function main() {
  const server = await startTestServer({ serveSite: true, readCache: true, integrityIntervalMinutes: 0, logLevel: 'error' });
  try {
    const db = server.ctx.db;
    const user = await createUser(server, { role: 'admin', fullName: 'Penulis Bench' });
    const admin = await signInAs(server, user);
    const { data: article } = await admin.from('articles').insert({ title: 'Bench', content: BODY(0), author_id: user.id }).select('id, version').single();
    let version = article!.version;
    const saves = async (n: number) => {
      const started = performance.now();
      for (let i = 0; i < n; i += 1) {
        const { data, error } = await admin.from('articles').update({ content: BODY(i), version }).eq('id', article!.id).select('version').single();
        if (error) throw error;
        version = data.version;
      }
      return (performance.now() - started) / n;
    };
    const triggers = (on: boolean) => db.exec(
      ['articles_integrity_1_markup', 'articles_integrity_2_guard'].map((t) => `alter table public.articles ${on ? 'enable' : 'disable'} trigger ${t};`).join(' '));
    await saves(20);
    const withGuard: number[] = [];
    const without: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await triggers(false);
      without.push(await saves(SAVES));
      await triggers(true);
      withGuard.push(await saves(SAVES));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const guardMs = mean(withGuard);
    const plainMs = mean(without);
    const load1 = os.loadavg()[0];

    await db.exec(`insert into public.articles (title, category, content, published_at)
      select 'Latihan terbang ' || i, 'Latihan', '${BODY(1).replace(/'/g, "''")}', now() - (i || ' minutes')::interval
      from generate_series(1, ${ARTICLES}) as i`);
    const page = `${server.url}/`;
    await fetch(page);
    const idle = await autocannon({ url: page, connections: 10, duration: 10 });
    const started = performance.now();
    const watching = runWatch({ db, siteUrl: server.url, root: ROOT });
    const busy = await autocannon({ url: page, connections: 10, duration: 10 });
    const result = await watching;
    const watchSeconds = (performance.now() - started) / 1000;
    const load2 = os.loadavg()[0];

    const section = [
      HEADING,
      '',
      `Run ${new Date().toISOString()} by \`npx tsx bench/integrity.ts\` on ${os.cpus().length} cores shared with other engineers' work`
        + ` (load average ${load1.toFixed(2)} during the saves, ${load2.toFixed(2)} after the watch).`,
      '',
      '| Measure | With integrity | Without | Ratio |',
      '| --- | --- | --- | --- |',
      `| Article save by an admin through REST (${ROUNDS} x ${SAVES} saves, 3 kB body with a link), mean ms | ${guardMs.toFixed(2)} | ${plainMs.toFixed(2)} | ${(guardMs / plainMs).toFixed(2)}x (goal <= 1.1x) |`,
      `| GET / (read-cached page), 10 connections, 10 s, req/s | ${busy.requests.average.toFixed(0)} during the watch | ${idle.requests.average.toFixed(0)} idle | ${(busy.requests.average / idle.requests.average).toFixed(2)}x (goal >= 0.9x) |`,
      '',
      `One watch run over ${ARTICLES} published articles (${result.pages} pages, each fetched as visitor, Googlebot, phone and with a Google referrer, plus the stored-content scan and the build check):`
        + ` ${watchSeconds.toFixed(1)} s, ${result.findings.length} findings.`,
      '',
    ].join('\n');
    writeBenchmarkSection(HEADING, section);
    console.log(section);
  } finally {
    await server.stop();
  }
}

await main();
