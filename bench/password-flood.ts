/**
 * `npx tsx bench/password-flood.ts [BASE_DIR]`: issue 31's password flood. Starts `server/main.ts`
 * of this tree (and of BASE_DIR, a checkout of the base commit, when given) on its own embedded
 * PostgreSQL and measures, one after the other: correct sign-ins (p50/p99, 4 at a time), the
 * cached /kegiatan (requests/s, 4 connections) and an approved member's REST list (p99, 2
 * connections) idle, then the same two during 12 loops of wrong passwords from rotating
 * addresses behind the trusted proxy. Prints one markdown table; the doc section is written by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { percentile } from './timing.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const FLOOD_LOOPS = 12;
const EMAIL = 'anggota@example.com';
const PASSWORD = 'rahasia-bench-123';

interface Server { url: string; child: ChildProcess; dataDir: string }

function start(root: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-flood-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn',
      SUPERADMIN_EMAIL: EMAIL, SUPERADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'true', PG_DURABLE: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server in ${root} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening on (http\S+)/.exec(line);
      if (match) resolve({ url: match[1], child, dataDir });
    });
  });
}

async function stop(server: Server) {
  server.child.removeAllListeners('exit');
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}

const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function anonKey(url: string): Promise<string> {
  const script = await (await fetch(`${url}/env.js`)).text();
  return /SUPABASE_ANON_KEY["']?\s*:\s*["']([^"']+)/.exec(script)![1];
}

function signIn(url: string, key: string, email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json', 'X-Forwarded-For': randomAddress(), ...headers },
    body: JSON.stringify({ email, password }),
  });
}

/** `connections` loops of `request` for SECONDS; the latencies of the answers that were `ok`. */
async function loop(connections: number, request: () => Promise<boolean>): Promise<number[]> {
  const times: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < until) {
      const started = performance.now();
      if (await request()) times.push(performance.now() - started);
    }
  }));
  return times.sort((a, b) => a - b);
}

async function measure(root: string) {
  const server = await start(root);
  const { url } = server;
  try {
    const key = await anonKey(url);
    // correct sign-ins on a quiet server, 4 at a time, 60 in all
    const signIns: number[] = [];
    let left = 60;
    let token = '';
    let cookie = '';
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (left-- > 0) {
        const started = performance.now();
        const res = await signIn(url, key, EMAIL, PASSWORD);
        signIns.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
        token = ((await res.json()) as { access_token: string }).access_token;
        cookie = res.headers.getSetCookie?.().find((c) => c.startsWith('sb-device-'))?.split(';')[0] ?? cookie;
      }
    }));
    signIns.sort((a, b) => a - b);

    const page = () => fetch(`${url}/kegiatan`, { headers: { 'Accept-Encoding': 'br' } }).then(async (r) => { await r.arrayBuffer(); return r.status === 200; });
    const rest = () => fetch(`${url}/rest/v1/articles?select=id,title&limit=12`, { headers: { apikey: key, Authorization: `Bearer ${token}` } })
      .then(async (r) => { await r.arrayBuffer(); return r.status === 200; });
    const idlePage = await loop(4, page);
    const idleRest = await loop(2, rest);

    let flooding = true;
    const statuses = new Map<number, number>();
    const flood = Promise.all(Array.from({ length: FLOOD_LOOPS }, async (_, i) => {
      for (let n = 0; flooding; n++) {
        // half the loops guess the member's password, half try addresses that do not exist
        const email = i % 2 === 0 ? EMAIL : `tebak-${i}-${n}@example.com`;
        const res = await signIn(url, key, email, `salah-${n}`).catch(() => undefined);
        if (res) { await res.arrayBuffer(); statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1); }
      }
    }));
    const floodPage = await loop(4, page);
    const floodRest = await loop(2, rest);
    const owner: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await signIn(url, key, EMAIL, PASSWORD, cookie ? { Cookie: cookie } : {});
      await res.arrayBuffer();
      if (res.status === 200) owner.push(performance.now() - started);
    }
    flooding = false;
    await flood;
    return {
      signIns, idlePage: idlePage.length / SECONDS, idleRest, floodPage: floodPage.length / SECONDS, floodRest,
      owner: owner.sort((a, b) => a - b), statuses: [...statuses].map(([s, n]) => `${s}: ${n}`).join(', '),
    };
  } finally {
    await stop(server);
  }
}

async function main() {
  const runs: [string, string][] = [['this branch', path.resolve(import.meta.dirname, '..')]];
  if (process.argv[2]) runs.unshift(['base', path.resolve(process.argv[2])]);
  const rows = ['| run | load at start | sign-in p50 / p99 ms | /kegiatan req/s idle / flood (ratio) | member REST p99 ms idle / flood (ratio) | owner sign-ins during flood (of 10), p50 ms | flood answers |', '|---|---|---|---|---|---|---|'];
  for (const [name, root] of runs) {
    const load = os.loadavg()[0].toFixed(1);
    const r = await measure(root);
    const p99 = (t: number[]) => percentile(t, 99);
    rows.push(`| ${name} | ${load} | ${percentile(r.signIns, 50).toFixed(0)} / ${p99(r.signIns).toFixed(0)} | ${r.idlePage.toFixed(0)} / ${r.floodPage.toFixed(0)} (${(r.floodPage / r.idlePage).toFixed(2)}x) | ${p99(r.idleRest).toFixed(0)} / ${p99(r.floodRest).toFixed(0)} (${(p99(r.floodRest) / p99(r.idleRest)).toFixed(1)}x) | ${r.owner.length}, ${percentile(r.owner, 50).toFixed(0)} | ${r.statuses} |`);
    console.log(rows.at(-1));
  }
  console.log(`\n${rows.join('\n')}\n\nload average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
}

void main();
