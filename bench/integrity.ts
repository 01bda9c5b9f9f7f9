/**
 * `npx tsx bench/integrity.ts`: the cost of issue 32's content integrity in one run, on one server
 * (in this process, its own embedded PostgreSQL, the built site served, read cache on).
 *
 * 1. An admin's article save through the REST API in three ways, alternating in rounds so machine
 *    load hits all alike: without the integrity triggers, with them and the helpers as 8acad30
 *    defined them ("before", read from the migrations that created them), and with them and the
 *    helpers of 20261128000000 ("after").
 * 2. GET / (a cached page) at 10 connections idle, then during the first 10 s of an integrity watch
 *    over 2,000 recently published articles (each page in four variants), unpaced (as before) and
 *    paced; three rounds in alternating order, each window from a cleared read cache, the watch
 *    stopped after its window. Then one paced watch run to its end, timed.
 * Prints a markdown sub-section for docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createUser, signInAs, startTestServer } from '../tests/support/server.ts';
import { runWatch } from '../server/integrity/watch.ts';
import { cpuReader } from './cpu.ts';
import { ROOT } from '../server/paths.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WATCH_ROUNDS = 3;
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 2000);
const MIGRATIONS = path.join(ROOT, 'supabase/migrations');
const AFTER = '20261128000000_integrity_guard_plans.sql';

const BODY = (i: number) => `<h2>Latihan ${i}</h2>` + '<p>Skadron Udara 31/Serbu melaksanakan latihan terbang malam dengan helikopter Mi-17 V5 di Bandara Ahmad Yani, Semarang. '.repeat(12)
  + '<a href="https://tniad.mil.id/">TNI AD</a></p>';

/** The definitions the newer migration replaces, as the migrations that created them wrote them. */
function helpersBefore(): string {
  const after = readFileSync(path.join(MIGRATIONS, AFTER), 'utf8');
  const names = new Set([...after.matchAll(/create or replace function private\.(\w+)\(/g)].map((m) => m[1]));
  const sources = ['20261123300000_public_article_lists.sql', '20261127120000_integrity_markup.sql', '20261127120100_integrity_guard.sql',
    '20261127120200_integrity_holds.sql'];
  const found = new Map<string, string>();
  for (const file of sources) {
    for (const m of readFileSync(path.join(MIGRATIONS, file), 'utf8').matchAll(/create function private\.(\w+)\([\s\S]*?\n\$\$;/g)) {
      if (names.has(m[1])) found.set(m[1], m[0].replace(/^create function/, 'create or replace function'));
    }
  }
  // a function the newer migration adds has no earlier definition, and the earlier ones do not call it
  const earlier = new Set(['html_to_text', 'html_start_tags', 'html_tag_attribute', 'html_tag_attribute_names', 'html_link_hosts',
    'host_allowed', 'guard_normalized', 'guard_words', 'guard_terms', 'guard_reasons', 'integrity_guard']);
  const missing = [...earlier].filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`no earlier definition found for ${missing.join(', ')}`);
  return [...found.values()].join('\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');

async function main() {
  const server = await startTestServer({ serveSite: true, readCache: true, integrityIntervalMinutes: 0, logLevel: 'error' });
  try {
    const db = server.ctx.db;
    const user = await createUser(server, { role: 'admin', fullName: 'Penulis Bench' });
    const admin = await signInAs(server, user);
    const { data: article } = await admin.from('articles').insert({ title: 'Bench', content: BODY(0), author_id: user.id }).select('id').single();
    const saves = async (n: number) => {
      let { version } = (await db.query<{ version: number }>('select version from public.articles where id = $1', [article!.id])).rows[0];
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
    const modes = {
      none: async () => triggers(false),
      before: async () => { await db.exec(helpersBefore()); await triggers(true); },
      after: async () => { await db.exec(readFileSync(path.join(MIGRATIONS, AFTER), 'utf8').replace(/create function/g, 'create or replace function')); await triggers(true); },
    };
    const saveMs: Record<keyof typeof modes, number[]> = { none: [], before: [], after: [] };
    const saveCpu: Record<keyof typeof modes, number[]> = { none: [], before: [], after: [] };
    await saves(10);
    const cpuMs = cpuReader(server.dataDir);
    const loadAtSaves = load();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const mode of ['none', 'before', 'after'] as const) {
        await modes[mode]();
        await saves(10);
        const cpu = cpuMs();
        saveMs[mode].push(await saves(SAVES));
        saveCpu[mode].push((cpuMs() - cpu) / SAVES);
      }
    }

    await db.exec(`insert into public.articles (title, category, content, published_at)
      select 'Latihan terbang ' || i, 'Latihan', '${BODY(1).replace(/'/g, "''")}', now() - (i || ' minutes')::interval
      from generate_series(1, ${ARTICLES}) as i`);
    const page = `${server.url}/`;
    const rate = async () => (await autocannon({ url: page, connections: 10, duration: 10 })).requests.average;
    const fresh = async () => { server.ctx.readCache!.clear(); await fetch(page); };
    const windows: { round: number; idle: number; unpaced: number; paced: number; load: string }[] = [];
    const loadAtWatch = load();
    for (let round = 0; round < WATCH_ROUNDS; round += 1) {
      const row = { round: round + 1, idle: 0, unpaced: 0, paced: 0, load: '' };
      await fresh();
      row.idle = await rate();
      for (const kind of (round % 2 === 0 ? ['unpaced', 'paced'] : ['paced', 'unpaced']) as ('unpaced' | 'paced')[]) {
        await fresh();
        const stop = new AbortController();
        const watching = runWatch({ db, siteUrl: server.url, root: ROOT, pace: kind === 'paced' ? undefined : null, signal: stop.signal }).catch(() => undefined);
        row[kind] = await rate();
        stop.abort();
        await watching;
      }
      row.load = load();
      windows.push(row);
    }

    await fresh();
    const started = performance.now();
    const full = runWatch({ db, siteUrl: server.url, root: ROOT });
    const fullIdle = windows.at(-1)!.idle;
    const fullDuring = await rate();
    const result = await full;
    const watchSeconds = (performance.now() - started) / 1000;

    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    const lines = [
      `\`npx tsx bench/integrity.ts\`, ${new Date().toISOString()}, ${os.cpus().length} cores shared with other engineers' work;`
        + ` load average (1/5/15 min) ${loadAtSaves} at the saves, ${loadAtWatch} at the first watch window, ${load()} at the end.`,
      '',
      `Article save by an admin through REST (3 kB published body with a link), ${ROUNDS} rounds of ${SAVES} saves per way, mean ms per round:`,
      '',
      '| round | without the triggers | with, helpers before (8acad30) | with, helpers after | before / without | after / without |',
      '| --- | --- | --- | --- | --- | --- |',
      ...saveMs.none.map((none, i) => `| ${i + 1} | ${none.toFixed(2)} | ${saveMs.before[i].toFixed(2)} | ${saveMs.after[i].toFixed(2)} | ${ratio(saveMs.before[i], none)} | ${ratio(saveMs.after[i], none)} |`),
      `| median | ${median(saveMs.none).toFixed(2)} | ${median(saveMs.before).toFixed(2)} | ${median(saveMs.after).toFixed(2)} | ${median(saveMs.before.map((b, i) => b / saveMs.none[i])).toFixed(2)}x | ${median(saveMs.after.map((a, i) => a / saveMs.none[i])).toFixed(2)}x (goal <= 1.1x) |`,
      '',
      'The same saves in CPU time per save (ms; this process, the server and client in it, plus the PostgreSQL server and its backends):',
      '',
      '| round | without | before | after | before / without | after / without |',
      '| --- | --- | --- | --- | --- | --- |',
      ...saveCpu.none.map((none, i) => `| ${i + 1} | ${none.toFixed(2)} | ${saveCpu.before[i].toFixed(2)} | ${saveCpu.after[i].toFixed(2)} | ${ratio(saveCpu.before[i], none)} | ${ratio(saveCpu.after[i], none)} |`),
      `| median | ${median(saveCpu.none).toFixed(2)} | ${median(saveCpu.before).toFixed(2)} | ${median(saveCpu.after).toFixed(2)} | ${median(saveCpu.before.map((b, i) => b / saveCpu.none[i])).toFixed(2)}x | ${median(saveCpu.after.map((a, i) => a / saveCpu.none[i])).toFixed(2)}x |`,
      '',
      `GET / (read-cached), 10 connections, 10 s, req/s: idle, and during the first 10 s of a watch over ${ARTICLES} articles, unpaced (as before) and paced:`,
      '',
      '| round | idle | unpaced watch | paced watch | unpaced / idle | paced / idle | load after |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...windows.map((w) => `| ${w.round} | ${w.idle.toFixed(0)} | ${w.unpaced.toFixed(0)} | ${w.paced.toFixed(0)} | ${ratio(w.unpaced, w.idle)} | ${ratio(w.paced, w.idle)} | ${w.load} |`),
      `| median | | | | ${median(windows.map((w) => w.unpaced / w.idle)).toFixed(2)}x | ${median(windows.map((w) => w.paced / w.idle)).toFixed(2)}x (goal >= 0.9x) | |`,
      '',
      `One paced watch run to its end over ${ARTICLES} articles (${result.pages} pages, each as visitor, Googlebot, phone and with a Google referrer, plus the stored-content scan and the build check):`
        + ` ${watchSeconds.toFixed(1)} s, ${result.findings.length} findings; GET / during its first 10 s ${fullDuring.toFixed(0)} req/s (${ratio(fullDuring, fullIdle)} of the last idle window).`,
      '',
    ];
    console.log(lines.join('\n'));
  } finally {
    await server.stop();
  }
}

await main();
