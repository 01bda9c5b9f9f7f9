/**
 * `npx tsx bench/guard-jit.ts`: issue 42 item 7, the guard on a stock PostgreSQL. One server on
 * Debian's PostgreSQL 15 with its default settings (DATABASE_URL mode, JIT on) and one on the
 * embedded server, in the same run. An admin saves a published article of twelve unit-news items
 * (one paragraph changes a save) through the REST API, and inserts 200 such articles in one
 * request. On PostgreSQL 15 the rounds alternate between JIT on (its default) and JIT off
 * (`alter system` and a reload, which every open connection takes), so machine load weighs on both.
 * Then the same save's UPDATE runs as the API runs it for the admin (claims, role) on a connection
 * of its own under EXPLAIN ANALYZE, JIT on and off alternating statement by statement: the
 * database's time alone, which the load of a shared machine moves far less than a request's.
 * Prints markdown tables for docs/benchmarks.md.
 */
import os from 'node:os';
import pg from 'pg';
import { startPostgres15 } from '../tests/support/pg15.ts';
import { createUser, signInAs, startTestServer, type TestServer } from '../tests/support/server.ts';
import { UNIT_NEWS } from '../tests/security/integrity-corpus.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SAVES = Number(process.env.BENCH_SAVES ?? 21);
const body = (n: number) => UNIT_NEWS.slice(0, 12).map((a, i) => (i === n % 12 ? a.content.replace('</p>', ` (sorti ${n})</p>`) : a.content)).join('');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');

/** An admin on `server` with a published article: saves of it, and 200-article inserts, timed. */
async function writer(server: TestServer) {
  const user = await createUser(server, { role: 'admin', fullName: 'Penulis Bench' });
  const admin = await signInAs(server, user);
  const { data, error } = await admin.from('articles').insert({ title: 'Bench', content: body(0), author_id: user.id }).select('id, version').single();
  if (error) throw error;
  let version = data.version;
  let n = 1;
  const claims = JSON.parse(Buffer.from((await admin.auth.getSession()).data.session!.access_token.split('.')[1], 'base64url').toString());
  return {
    /** The save's UPDATE on `client` as the API runs it for the admin: its execution ms (triggers included). */
    async statement(client: pg.Client, jit: boolean) {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
        set_config('search_path', 'public, extensions', true), set_config('jit', $3, true), set_config('role', 'authenticated', true)`,
      [JSON.stringify(claims), claims.sub, jit ? 'on' : 'off']);
      const { rows } = await client.query(`explain (analyze, format json) update public.articles set content = $1, version = version where id = $2`, [body(n++), data.id]);
      await client.query('commit');
      return (rows[0]['QUERY PLAN'][0] as { 'Execution Time': number })['Execution Time'];
    },
    async saves(count: number) {
      const times: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const started = performance.now();
        const saved = await admin.from('articles').update({ content: body(n++), version }).eq('id', data.id).select('version').single();
        if (saved.error) throw saved.error;
        version = saved.data.version;
        times.push(performance.now() - started);
      }
      return median(times);
    },
    async insert200() {
      const rows = Array.from({ length: 200 }, (_, i) => ({ title: `Kegiatan ${n}-${i}`, content: body(n + i), author_id: user.id }));
      n += 200;
      const started = performance.now();
      const { error: failed } = await admin.from('articles').insert(rows);
      const ms = performance.now() - started;
      return failed ? `${failed.code} after ${ms.toFixed(0)}` : ms.toFixed(0);
    },
  };
}

async function main() {
  const pg15 = await startPostgres15();
  const url15 = await pg15.createDatabase();
  const on15 = await startTestServer({ databaseUrl: url15, logLevel: 'error' });
  const embedded = await startTestServer({ logLevel: 'error' });
  const su = new pg.Client({ connectionString: pg15.url });
  await su.connect();
  try {
    const jit = async (on: boolean) => {
      await su.query(on ? 'alter system reset jit' : 'alter system set jit = off');
      await su.query('select pg_reload_conf()');
      await new Promise((resolve) => setTimeout(resolve, 500));
    };
    const ways = { 'PostgreSQL 15, default settings (JIT on)': await writer(on15), 'PostgreSQL 15, JIT off': await writer(on15), 'embedded PostgreSQL 17': await writer(embedded) };
    type Way = keyof typeof ways;
    const saves: Record<string, number[]> = {};
    const inserts: Record<string, string[]> = {};
    for (const way of Object.values(ways)) await way.saves(15);
    const loadAtStart = load();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of Object.keys(ways) as Way[]) {
        if (name.startsWith('PostgreSQL 15')) await jit(name.includes('default'));
        (saves[name] ??= []).push(await ways[name].saves(SAVES));
        (inserts[name] ??= []).push(await ways[name].insert200());
      }
    }
    await jit(true);
    const direct = new pg.Client({ connectionString: url15 });
    await direct.connect();
    const statements: Record<'on' | 'off', number[]> = { on: [], off: [] };
    const on15Writer = ways['PostgreSQL 15, default settings (JIT on)'];
    for (let i = 0; i < 10; i += 1) await on15Writer.statement(direct, i % 2 === 0);
    for (let i = 0; i < ROUNDS * 20; i += 1) {
      statements.on.push(await on15Writer.statement(direct, true));
      statements.off.push(await on15Writer.statement(direct, false));
    }
    await direct.end();
    const loadAtEnd = load();
    const f = (x: number) => x.toFixed(1);
    const jitOn = median(saves['PostgreSQL 15, default settings (JIT on)']);
    const jitOff = median(saves['PostgreSQL 15, JIT off']);
    console.log([
      `\`npx tsx bench/guard-jit.ts\`, ${new Date().toISOString()}, ${os.cpus().length} cores shared with other engineers' work;`
        + ` load average (1/5/15 min) ${loadAtStart} at the start, ${loadAtEnd} at the end. ${ROUNDS} rounds; in each, ${SAVES} saves`
        + ' and one 200-article insert per way, the ways one after another.',
      '',
      '| server | one save, ms (median of each round) | 200 articles in one request, ms (each round) |',
      '| --- | --- | --- |',
      ...Object.keys(ways).map((name) => `| ${name} | ${saves[name].map(f).join(', ')} | ${inserts[name].join(', ')} |`),
      '',
      `Median save with JIT on / with JIT off: ${f(jitOn)} / ${f(jitOff)} ms = ${(jitOn / jitOff).toFixed(2)}x.`,
      '',
      `The save's UPDATE on a connection of its own (PostgreSQL 15), JIT on and off alternating, ${ROUNDS * 20} each: median`
        + ` ${f(median(statements.on))} ms with JIT on, ${f(median(statements.off))} ms with JIT off,`
        + ` **${(median(statements.on) / median(statements.off)).toFixed(2)}x**.`,
    ].join('\n'));
  } finally {
    await su.end();
    await embedded.stop();
    await on15.stop();
    await pg15.stop();
  }
}

await main();
