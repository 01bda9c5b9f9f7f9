/**
 * `npx tsx bench/guard-cost.ts`: issue 32's guard cost per save (goal: at most 1.1x a save without
 * it), in one run on one server (its own embedded PostgreSQL). An admin saves a published article
 * of about 2.8 kB through the REST API, in three ways alternating within each round so machine load
 * hits all alike:
 * - without: the article's integrity triggers disabled (every trigger on public.articles whose
 *   name has 'integrity'; nothing else changes);
 * - before: the two triggers as 5584151 defined them, installed beside the others in a schema of
 *   their own (bench_before, functions read from the migrations), the current ones disabled;
 * - after: the triggers as this tree's migrations define them.
 * A way is switched by enabling and disabling triggers only, so no function is defined again
 * between rounds (which would have every connection compile it anew while it is measured).
 * There are three kinds of edit: one paragraph of twelve changes (as editing and autosave do), the
 * heading changes (the save of earlier runs of bench/integrity.ts), every paragraph changes.
 * A round measures every way back to back (a few seconds), so the other work on a shared machine
 * weighs on the ways of a round alike; the ratio is the median of many such rounds. Then, in each
 * way, the same saves' UPDATE is run on a connection of its own as the API runs it for the admin
 * (claims, role) under EXPLAIN ANALYZE: the statement's time in the database and the integrity
 * triggers' share of it, without the HTTP round trip and the server process sharing the machine's
 * two cores with the database.
 * Prints a markdown sub-section for docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createUser, signInAs, startTestServer } from '../tests/support/server.ts';
import { cpuReader } from './cpu.ts';
import { ROOT } from '../server/paths.ts';
import { runningClusterUrl } from '../server/db/embedded.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 10);
const MIGRATIONS = path.join(ROOT, 'supabase/migrations');
/** The functions the newer migration replaces, and the last migration before it that defined each. */
const REPLACED: Record<string, string> = {
  refuse_hiding: '20261127120000_integrity_markup.sql',
  guard_words: '20261128000000_integrity_guard_plans.sql',
  guard_reasons_for_hosts: '20261128000000_integrity_guard_plans.sql',
  integrity_guard: '20261128000000_integrity_guard_plans.sql',
  guard_terms: '20261128000000_integrity_guard_plans.sql',
  guarded_columns: '20261127120100_integrity_guard.sql',
};

const SENTENCES = [
  'Skadron Udara 31/Serbu melaksanakan latihan terbang malam dengan helikopter Mi-17 V5 di Bandara Ahmad Yani, Semarang',
  'Latihan dipimpin Mayor Cpn Andi Prasetyo dan diikuti dua belas penerbang serta dua puluh mekanik dari Flight Pemeliharaan',
  'Materi latihan meliputi navigasi malam, pendaratan di lapangan terbatas, dan penerbangan formasi dengan kacamata malam',
  'Sebelum terbang seluruh awak mengikuti briefing cuaca dan keselamatan di ruang operasi penerbangan skadron',
  'Komandan skadron menekankan disiplin prosedur dan komunikasi yang jelas antara pilot, kopilot, dan juru mesin udara',
  'Helikopter Bell 412 EP turut mendukung latihan sebagai pesawat cadangan dan sarana evakuasi medis',
  'Tim pemadam kebakaran Bandara Ahmad Yani bersiaga di sekitar landasan selama latihan berlangsung',
  'Latihan ini merupakan bagian dari program pembinaan kemampuan terbang yang dilaksanakan setiap triwulan',
  'Para penerbang muda memperoleh tambahan jam terbang malam yang diperlukan untuk kenaikan kualifikasi',
  'Kegiatan ditutup dengan evaluasi bersama dan pengecekan pesawat oleh mekanik sebelum masuk hanggar',
  'Warga sekitar bandara telah diberi tahu melalui pemerintah kelurahan mengenai jadwal latihan terbang malam',
  'Skadron Udara 31/Serbu berkomitmen menjaga kesiapan operasi untuk mendukung tugas pokok TNI Angkatan Darat',
];
const paragraph = (i: number, tag: string) => `<p>${SENTENCES[i]}${tag}. ${SENTENCES[(i + 5) % 12]}.</p>`;
const article = (heading: string, tags: (i: number) => string) => `<h2>${heading}</h2>${SENTENCES.map((_, i) => paragraph(i, tags(i))).join('')}`
  + '<p>Informasi lengkap di <a href="https://tniad.mil.id/">situs TNI AD</a>.</p>';
const EDITS = {
  paragraph: { label: 'one paragraph of twelve changes', body: (n: number) => article('Latihan terbang malam', (i) => (i === n % 12 ? ` (sorti ${n})` : '')) },
  heading: { label: 'the heading changes', body: (n: number) => article(`Latihan terbang malam ${n}`, () => '') },
  whole: { label: 'every paragraph changes', body: (n: number) => article('Latihan terbang malam', () => ` (sorti ${n})`) },
};
type Edit = keyof typeof EDITS;
const MODES = ['without', 'before', 'after'] as const;
type Mode = (typeof MODES)[number];

/** The two trigger functions as 5584151 defined them and what they call that this tree replaced, in schema bench_before. */
function definitionsBefore(): string {
  const names = [...Object.keys(REPLACED), 'check_hiding_markup'];
  const own = new RegExp(`private\\.(${names.join('|')})\\(`, 'g');
  return ['create schema bench_before;', ...Object.entries({ ...REPLACED, check_hiding_markup: '20261127120000_integrity_markup.sql' }).map(([name, file]) => {
    const found = [...readFileSync(path.join(MIGRATIONS, file), 'utf8').matchAll(/create (?:or replace )?function private\.(\w+)\([\s\S]*?\n\$\$;/g)]
      .filter((m) => m[1] === name).at(-1);
    if (!found) throw new Error(`no definition of private.${name} in ${file}`);
    return found[0].replace(/^create (?:or replace )?function/, 'create function').replace(own, 'bench_before.$1(');
  }),
  'create trigger articles_integrity_1_markup_b before insert or update on public.articles for each row execute function bench_before.check_hiding_markup();',
  'create trigger articles_integrity_2_guard_b before insert or update on public.articles for each row execute function bench_before.integrity_guard();',
  ].join('\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');

async function main() {
  const server = await startTestServer({ logLevel: 'error' });
  try {
    const db = server.ctx.db;
    const current = (await db.query<{ tgname: string }>(`select tgname from pg_trigger where tgrelid = 'public.articles'::regclass and tgname like '%integrity%'`)).rows.map((r) => r.tgname);
    await db.exec(definitionsBefore());
    const copies = ['articles_integrity_1_markup_b', 'articles_integrity_2_guard_b'];
    const switchTo = (on: string[]) => db.exec([...current, ...copies].map((name) => `alter table public.articles ${on.includes(name) ? 'enable' : 'disable'} trigger ${name};`).join(' '));
    const modes: Record<Mode, () => Promise<void>> = {
      without: () => switchTo([]),
      before: () => switchTo(copies),
      after: () => switchTo(current),
    };
    const user = await createUser(server, { role: 'admin', fullName: 'Penulis Bench' });
    const admin = await signInAs(server, user);
    let counter = 0;
    const ids = {} as Record<Edit, string>;
    for (const edit of Object.keys(EDITS) as Edit[]) {
      const { data, error } = await admin.from('articles').insert({ title: `Bench ${edit}`, content: EDITS[edit].body(counter++), author_id: user.id }).select('id, published_at').single();
      if (error || !data.published_at) throw error ?? new Error('the bench article is not published');
      ids[edit] = data.id;
    }
    const saves = async (edit: Edit, n: number) => {
      let { version } = (await db.query<{ version: number }>('select version from public.articles where id = $1', [ids[edit]])).rows[0];
      const started = performance.now();
      for (let i = 0; i < n; i += 1) {
        const { data, error } = await admin.from('articles').update({ content: EDITS[edit].body(counter++), version }).eq('id', ids[edit]).select('version, content').single();
        if (error) throw error;
        version = data.version;
      }
      return (performance.now() - started) / n;
    };
    const claims = JSON.parse(Buffer.from((await admin.auth.getSession()).data.session!.access_token.split('.')[1], 'base64url').toString());
    const direct = new pg.Client({ connectionString: runningClusterUrl(server.dataDir) });
    await direct.connect();
    /** One save's UPDATE as the API runs it for the admin: the statement's ms and the integrity triggers' ms in it. */
    const statement = async (edit: Edit) => {
      await direct.query('begin');
      await direct.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
        set_config('search_path', 'public, extensions', true), set_config('role', 'authenticated', true)`, [JSON.stringify(claims), claims.sub]);
      const { rows } = await direct.query(`explain (analyze, format json) update public.articles set content = $1, version = version where id = $2`,
        [EDITS[edit].body(counter++), ids[edit]]);
      await direct.query('commit');
      const plan = rows[0]['QUERY PLAN'][0] as { 'Execution Time': number; Triggers?: { 'Trigger Name': string; Time: number }[] };
      return { total: plan['Execution Time'], guard: (plan.Triggers ?? []).filter((t) => t['Trigger Name'].includes('integrity')).reduce((sum, t) => sum + t.Time, 0) };
    };
    const inStatement = {} as Record<Edit, Record<Mode, { total: number; guard: number }[]>>;
    const ms = {} as Record<Edit, Record<Mode, number[]>>;
    const cpu = {} as Record<Edit, Record<Mode, number[]>>;
    for (const edit of Object.keys(EDITS) as Edit[]) {
      ms[edit] = { without: [], before: [], after: [] };
      cpu[edit] = { without: [], before: [], after: [] };
      inStatement[edit] = { without: [], before: [], after: [] };
      await saves(edit, 10);
    }
    const cpuMs = cpuReader(server.dataDir);
    const loadAtStart = load();
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? MODES : [...MODES].reverse();
      for (const mode of order) {
        await modes[mode]();
        for (const edit of Object.keys(EDITS) as Edit[]) {
          await saves(edit, 5);
          const c = cpuMs();
          ms[edit][mode].push(await saves(edit, SAVES));
          cpu[edit][mode].push((cpuMs() - c) / SAVES);
        }
        for (const edit of Object.keys(EDITS) as Edit[]) {
          for (let i = 0; i < 3; i += 1) await statement(edit);
          for (let i = 0; i < STATEMENTS; i += 1) inStatement[edit][mode].push(await statement(edit));
        }
      }
    }
    const loadAtEnd = load();
    const { rows: held } = await db.query<{ n: number }>('select count(*)::int as n from public.integrity_holds');
    if (held[0].n > 0) throw new Error('a bench save was held; the numbers would not be of a published save');

    const f = (x: number) => x.toFixed(2);
    const lines = [
      `\`npx tsx bench/guard-cost.ts\`, ${new Date().toISOString()}, ${os.cpus().length} cores shared with other engineers' work;`
        + ` load average (1/5/15 min) ${loadAtStart} at the start, ${loadAtEnd} at the end. ${ROUNDS} rounds of ${SAVES} saves per way and edit,`
        + ' the ways alternating in order within each round.',
      '',
      '| edit | ms without / before / after (median of rounds) | before / without | after / without | after / without, each round | CPU ms without / before / after | CPU after / without |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...(Object.keys(EDITS) as Edit[]).map((edit) => {
        const m = ms[edit];
        const c = cpu[edit];
        const ratios = m.after.map((a, i) => a / m.without[i]);
        return `| ${EDITS[edit].label} | ${f(median(m.without))} / ${f(median(m.before))} / ${f(median(m.after))}`
          + ` | ${f(median(m.before.map((b, i) => b / m.without[i])))}x | **${f(median(ratios))}x** | ${ratios.map(f).join(', ')}`
          + ` | ${f(median(c.without))} / ${f(median(c.before))} / ${f(median(c.after))} | ${f(median(c.after.map((a, i) => a / c.without[i])))}x |`;
      }),
      '',
      `The same edits' UPDATE on a connection of its own, ${STATEMENTS} per way, edit and round, medians of all ${ROUNDS * STATEMENTS}:`,
      '',
      '| edit | statement ms without / before / after | before / without | after / without | ms in the integrity triggers, before / after |',
      '| --- | --- | --- | --- | --- |',
      ...(Object.keys(EDITS) as Edit[]).map((edit) => {
        const [w, b, a] = MODES.map((mode) => median(inStatement[edit][mode].map((x) => x.total)));
        const guard = (mode: Mode) => median(inStatement[edit][mode].map((x) => x.guard));
        return `| ${EDITS[edit].label} | ${f(w)} / ${f(b)} / ${f(a)} | ${f(b / w)}x | **${f(a / w)}x** | ${f(guard('before'))} / ${f(guard('after'))} |`;
      }),
      '',
    ];
    await direct.end();
    console.log(lines.join('\n'));
  } finally {
    await server.stop();
  }
}

await main();
