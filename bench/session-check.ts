/**
 * `npx tsx bench/session-check.ts`: what the session check (migration 20261127100000) adds to a
 * staff REST list and to a public one. The same two supabase-js reads are timed in alternating
 * blocks in three ways: with the helpers as the migrations leave them ("with"), the same but with
 * second_step_for_reading() as 20261127100000 wrote it ("with, 8acad30"; 20261128000100 made it
 * one query), and with their bodies from before the session check (no auth.sessions lookup, no
 * second-step rule for reading), on one embedded PostgreSQL 17 server, so all figures come from
 * the same run and the same machine load. Prints the table rows for docs/benchmarks.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createUser } from '../server/auth/accounts.ts';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import type { Database } from '../src/lib/database.types.ts';
import { cpuReader } from './cpu.ts';
import { percentile } from './timing.ts';

const READS = Number(process.env.BENCH_READS ?? 400);
const BLOCK = 20;

// The helpers' bodies before the migration: SQL functions, no session lookup, no rule for reading.
const WITHOUT = `
create or replace function private.current_profile_role() returns public.app_role
language sql stable security definer set search_path = '' as $$
  select p.role from public.profiles p where p.id = (select auth.uid()) and p.status = 'approved'
$$;
create or replace function private.is_approved() returns boolean
language sql stable security definer set search_path = '' as $$ select private.current_profile_role() is not null $$;
create or replace function private.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.current_profile_role() in ('admin', 'superadmin'), false)
$$;
create or replace function private.is_superadmin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.current_profile_role() = 'superadmin', false)
$$;
create or replace function private.second_step_for_reading() returns boolean
language sql stable security definer set search_path = '' as $$ select true $$;`;

/** The migrations' bodies, read from the database before the first swap. */
let WITH = '';
/** As WITH, with second_step_for_reading() in its two steps of 20261127100000. */
let BEFORE = '';

type Mode = 'with' | 'before' | 'without';
type List = 'staff' | 'public';

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-session-'));
  const server = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1', seedDemo: false, serveSite: false, rateLimitScale: 1000, readCache: false, dataDir }));
  const cpu: Record<`${List}-${Mode}`, number> = {
    'staff-with': 0, 'staff-before': 0, 'staff-without': 0, 'public-with': 0, 'public-before': 0, 'public-without': 0,
  };
  const timings: Record<`${List}-${Mode}`, number[]> = {
    'staff-with': [], 'staff-before': [], 'staff-without': [], 'public-with': [], 'public-before': [], 'public-without': [],
  };
  try {
    const email = `bench-session-${Date.now()}@example.com`;
    await createUser(server.ctx.db, { email, password: 'rahasia-123', role: 'admin', status: 'approved', fullName: 'Bench', confirmed: true });
    const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } };
    const staff = createClient<Database>(server.url, server.ctx.keys.anonKey, options);
    const { error } = await staff.auth.signInWithPassword({ email, password: 'rahasia-123' });
    if (error) throw error;
    const visitor = createClient<Database>(server.url, server.ctx.keys.anonKey, options);
    const rows = Array.from({ length: 50 }, (_, i) => ({
      name: `Warga ${i}`, email: 'warga@example.com', subject: `Pesan ${i}`, message: 'Halo, apa kabar semua di skadron?',
    }));
    await server.ctx.db.query(`insert into public.contacts (name, email, subject, message) select x->>'name', x->>'email', x->>'subject', x->>'message' from jsonb_array_elements($1::jsonb) x`, [JSON.stringify(rows)]);
    await server.ctx.db.query(`insert into public.articles (title, content, category, published_at)
      select 'Berita ' || i, '<p>Isi berita.</p>', 'Latihan', now() - make_interval(days => i) from generate_series(1, 50) i`);
    const reads: Record<List, () => PromiseLike<{ error: unknown }>> = {
      staff: () => staff.from('contacts').select('id, name, subject, created_at').order('created_at', { ascending: false }).limit(20),
      public: () => visitor.from('articles').select('id, title, published_at').order('published_at', { ascending: false }).limit(20),
    };
    const { rows: bodies } = await server.ctx.db.query<{ def: string }>(
      `select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and p.proname in ('current_profile_role', 'is_approved', 'is_staff', 'is_superadmin', 'second_step_for_reading')`);
    WITH = bodies.map((b) => `${b.def};`).join('\n');
    const earlier = readFileSync(path.resolve(import.meta.dirname, '../supabase/migrations/20261127100000_sessions_that_end.sql'), 'utf8');
    BEFORE = `${WITH}\n${/create function private\.second_step_for_reading\(\)[\s\S]*?\n\$\$;/.exec(earlier)![0].replace('create function', 'create or replace function')}`;
    for (const list of ['staff', 'public'] as const) for (let i = 0; i < BLOCK; i++) await reads[list]();
    const cpuMs = cpuReader(dataDir);
    const orders: Mode[][] = [['with', 'before', 'without'], ['without', 'with', 'before'], ['before', 'without', 'with']];
    for (let done = 0; done < READS; done += BLOCK) {
      for (const mode of orders[(done / BLOCK) % 3]) {
        await server.ctx.db.exec({ with: WITH, before: BEFORE, without: WITHOUT }[mode]);
        for (const list of ['staff', 'public'] as const) {
          const cpuStart = cpuMs();
          for (let i = 0; i < BLOCK; i++) {
            const start = performance.now();
            const answer = await reads[list]();
            if (answer.error) throw new Error(`${list} read failed: ${JSON.stringify(answer.error)}`);
            timings[`${list}-${mode}`].push(performance.now() - start);
          }
          cpu[`${list}-${mode}`] += cpuMs() - cpuStart;
        }
      }
    }
    await server.ctx.db.exec(WITH);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  const stat = (key: keyof typeof timings) => {
    const sorted = [...timings[key]].sort((a, b) => a - b);
    return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)) };
  };
  const lines = (['staff', 'public'] as const).map((list) => {
    const on = stat(`${list}-with`);
    const before = stat(`${list}-before`);
    const off = stat(`${list}-without`);
    const perRead = (mode: Mode) => cpu[`${list}-${mode}`] / READS;
    return `| ${list === 'staff' ? 'staff: 20 inbox messages (contacts)' : 'public: 20 published articles (anon)'} | ${off.p50} / ${off.p95} | ${before.p50} / ${before.p95} | ${on.p50} / ${on.p95} | ${round(before.p50 / off.p50)}x | ${round(on.p50 / off.p50)}x |`
      + ` ${round(perRead('without'))} / ${round(perRead('before'))} / ${round(perRead('with'))} | ${round(perRead('before') / perRead('without'))}x | ${round(perRead('with') / perRead('without'))}x |`;
  });
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  console.log(`${new Date().toISOString().slice(0, 16)}Z, ${READS} reads per list and way, load average at the end ${load}`);
  console.log(lines.join('\n'));
}

await main();
