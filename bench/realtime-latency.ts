/**
 * `npx tsx bench/realtime-latency.ts`: the delay from a committed profile update to the
 * postgres_changes event reaching a supabase-js subscriber (filter id=eq.<uid>, RLS-checked), over
 * 200 sequential updates, on the embedded PostgreSQL 17 and on PostgreSQL 15, with 1 subscriber and with 50
 * (the 49 others watch the same row as pending accounts, so each change costs 50 RLS checks).
 * Writes the "## Realtime: update-to-event delay" section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createUser } from '../server/auth/accounts.ts';
import { loadConfig } from '../server/config.ts';
import { startServer, type RunningServer } from '../server/server.ts';
import { startPostgres15 } from '../tests/support/pg15.ts';
import { percentile } from './timing.ts';

const UPDATES = Number(process.env.BENCH_UPDATES ?? 200);
const CROWD = 50;
const SECTION = '## Realtime: update-to-event delay';

interface Row { database: string; subscribers: number; path: string; n: number; p50: number; p99: number; max: number }

function summarize(database: string, subscribers: number, pathLabel: string, delays: number[]): Row {
  const sorted = [...delays].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { database, subscribers, path: pathLabel, n: delays.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1)!) };
}

let counter = 0;
async function account(server: RunningServer, status: 'pending' | 'approved') {
  const email = `bench-${counter++}-${Date.now()}@example.com`;
  const { id } = await createUser(server.ctx.db, { email, password: 'rahasia-123', role: 'user', status, fullName: 'Bench', confirmed: true });
  // staff policies refuse a token whose session_id names no live session
  const sessionId = crypto.randomUUID();
  await server.ctx.db.query(`insert into auth.sessions (id, user_id, created_at, aal) values ($1, $2, now(), 'aal1')`, [sessionId, id]);
  const token = await server.ctx.keys.sign({ sub: id, role: 'authenticated', aud: 'authenticated', email, session_id: sessionId }, 3600);
  return { id, email, token };
}

async function subscriber(server: RunningServer, token: string, filter: string, onUpdate: (name: string) => void): Promise<SupabaseClient> {
  const client = createClient(server.url, server.ctx.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    accessToken: async () => token,
  });
  await client.realtime.setAuth();
  await new Promise<void>((resolve, reject) => {
    client.channel(`bench-${counter++}`)
      .on<{ full_name: string }>('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles', filter }, (p) => onUpdate(p.new.full_name))
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
      });
  });
  return client;
}

async function measure(server: RunningServer, database: string): Promise<Row[]> {
  const rows: Row[] = [];
  const target = await account(server, 'approved');
  const arrivals = new Map<string, number>();
  const clients = [await subscriber(server, target.token, `id=eq.${target.id}`, (name) => arrivals.set(name, performance.now()))];
  const ownerClient = createClient(server.url, server.ctx.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    accessToken: async () => target.token,
  });

  const waitFor = async (name: string) => {
    const deadline = performance.now() + 5_000;
    while (!arrivals.has(name)) {
      if (performance.now() > deadline) throw new Error(`no event for ${name}`);
      await new Promise((r) => setImmediate(r));
    }
    return arrivals.get(name)!;
  };

  const run = async (label: string, subscribers: number, update: (name: string) => Promise<void>) => {
    const delays: number[] = [];
    for (let i = -10; i < UPDATES; i++) {
      const name = `${label} ${subscribers} ${i}`;
      const started = performance.now();
      await update(name);
      const committed = performance.now();
      const arrived = await waitFor(name);
      // Negative would mean the event overtook the commit acknowledgement; count it as 0.
      if (i >= 0) delays.push(label === 'sql' ? Math.max(0, arrived - committed) : arrived - started);
    }
    return delays;
  };
  const sqlUpdate = async (name: string) => {
    await server.ctx.db.query('update public.profiles set full_name = $2 where id = $1', [target.id, name]);
  };
  const restUpdate = async (name: string) => {
    const { error } = await ownerClient.from('profiles').update({ full_name: name }).eq('id', target.id);
    if (error) throw new Error(error.message);
  };

  rows.push(summarize(database, 1, 'SQL UPDATE committed → event', await run('sql', 1, sqlUpdate)));
  rows.push(summarize(database, 1, 'supabase-js update() sent → event', await run('rest', 1, restUpdate)));

  for (let i = 1; i < CROWD; i++) {
    const other = await account(server, 'pending');
    clients.push(await subscriber(server, other.token, `id=eq.${target.id}`, () => {
      throw new Error('a pending account received a row RLS hides from it');
    }));
  }
  rows.push(summarize(database, CROWD, 'SQL UPDATE committed → event', await run('sql', CROWD, sqlUpdate)));

  for (const client of clients) await client.removeAllChannels();
  return rows;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const loadBefore = os.loadavg()[0];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-rt-'));
  const base = { port: 0, host: '127.0.0.1', seedDemo: false, serveSite: false, rateLimitScale: 1000 };
  const pg15 = await startPostgres15();
  try {
    const embedded = await startServer(loadConfig({}, { ...base, dataDir }));
    try {
      rows.push(...await measure(embedded, 'embedded PostgreSQL 17'));
    } finally {
      await embedded.close();
    }
    const url = await pg15.createDatabase('bench_realtime');
    const postgres = await startServer(loadConfig({}, { ...base, dataDir: path.join(dataDir, 'pg'), databaseUrl: url }));
    try {
      rows.push(...await measure(postgres, 'PostgreSQL 15'));
    } finally {
      await postgres.close();
    }
  } finally {
    await pg15.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const r of rows) console.log(`${r.database.padEnd(14)} subs=${String(r.subscribers).padEnd(3)} ${r.path.padEnd(36)} n=${r.n} p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms`);
  writeSection(rows, [loadBefore, os.loadavg()[0]]);
}

function writeSection(rows: Row[], load: number[]): void {
  const table = rows.map((r) => `| ${r.database} | ${r.subscribers} | ${r.path} | ${r.n} | ${r.p50} | ${r.p99} | ${r.max} |`).join('\n');
  const section = `${SECTION}

\`npx tsx bench/realtime-latency.ts\`, ${new Date().toISOString().slice(0, 10)}: ${UPDATES} sequential updates of one
profile's full_name (after 10 warm-up updates), each waited for before the next. The subscriber is a
supabase-js client over the websocket, signed in as the profile's (approved) owner with filter
\`id=eq.<uid>\`, so every event is filter-matched and RLS-checked as that user. "SQL UPDATE committed"
starts the clock when the UPDATE statement (autocommit) has returned; "supabase-js update() sent" when
the owner's \`from('profiles').update()\` call starts, so it includes the REST round trip. With ${CROWD} subscribers the
other ${CROWD - 1} are pending accounts watching the same row: each change then runs ${CROWD} RLS checks, and
none of them receive anything. Since decision 0012 the 50 are checked in one statement that switches
role and claims for each (500 ms statement_timeout). Client, server and database share this machine's 2 cores; the
1-minute load average was ${load.map((l) => l.toFixed(1)).join(' at the start and ')} at the end (other jobs were
running), so the tails in particular are noisy.

| database | subscribers | measured from | updates | p50 ms | p99 ms | max ms |
|---|---|---|---|---|---|---|
${table}
`;
  writeBenchmarkSection(SECTION, section);
}

await main();
