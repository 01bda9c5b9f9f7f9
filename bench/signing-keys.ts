/**
 * `npx tsx bench/signing-keys.ts`: access tokens signed with the legacy HS256 secret against ES256
 * keys with a kid, in the same run: two servers (JWT_SIGNING_ALG=HS256 and ES256), each on its
 * own embedded PostgreSQL 17, measured in alternating blocks. Sign-in through supabase-js
 * (password only, and password + TOTP code), REST reads with a token the server has not seen
 * (so its signature is checked; a seen one is cached by its text), and keys.verify alone.
 * Writes the "## Issue 35: ..." section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import ws from 'ws';
import { createUser } from '../server/auth/accounts.ts';
import { loadConfig } from '../server/config.ts';
import type { SigningAlg } from '../server/keys.ts';
import { startServer, type RunningServer } from '../server/server.ts';
import { freePort } from '../tests/support/free-port.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { percentile, timeEach } from './timing.ts';

const HEADING = '## Issue 35: asymmetric signing keys (ES256) against the legacy secret (HS256)';
const CONNECTIONS = 10;
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 40);
const READS = Number(process.env.BENCH_READS ?? 600);
const BLOCK = 20;
const PASSWORD = 'rahasia-bench-123';

const code = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

interface Site {
  alg: SigningAlg;
  server: RunningServer;
  url: string;
  dataDir: string;
  plain: string[];
  enrolled: { email: string; factorId: string; secret: string }[];
  /** Fresh tokens for one account's session, each used for one read. */
  tokens: string[];
  readerId: string;
}

async function start(alg: SigningAlg): Promise<Site> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `skd-bench-keys-${alg}-`));
  const port = await freePort();
  const server = await startServer(loadConfig({}, {
    port, host: '127.0.0.1', dataDir, serveSite: false, seedDemo: false, rateLimitScale: 1000, pgDurable: false, readCache: false,
    siteUrl: `http://127.0.0.1:${port}`, jwtSecret: 'benchmark-secret-with-at-least-32-characters', jwtSigningAlg: alg,
    // room for every sign-in of a block in the hashing queue: a refusal (429) is not what is measured
    authHashing: { concurrency: 2, queue: 64, deviceQueue: 32 },
  }));
  return { alg, server, url: `http://127.0.0.1:${port}`, dataDir, plain: [], enrolled: [], tokens: [], readerId: '' };
}

const clientOf = (site: Site) => createClient(site.url, site.server.ctx.keys.anonKey, {
  auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never },
});

async function prepare(site: Site) {
  const { db, keys } = site.server.ctx;
  for (let i = 0; i < SIGN_INS; i++) {
    const email = `bench-${i}@example.com`;
    await createUser(db, { email, password: PASSWORD, role: 'admin', status: 'approved' });
    site.plain.push(email);
    const twoStep = `bench-2fa-${i}@example.com`;
    await createUser(db, { email: twoStep, password: PASSWORD, role: 'admin', status: 'approved' });
    const client = clientOf(site);
    await client.auth.signInWithPassword({ email: twoStep, password: PASSWORD });
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (error) throw error;
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: code(data.totp.secret) });
    if (verified.error) throw verified.error;
    site.enrolled.push({ email: twoStep, factorId: data.id, secret: data.totp.secret });
  }
  const { id } = await createUser(db, { email: 'reader@example.com', password: PASSWORD, role: 'user', status: 'approved' });
  site.readerId = id;
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (gen_random_uuid(), $1, now(), now(), 'aal1') returning id`, [id]);
  for (let i = 0; i < READS; i++) {
    site.tokens.push(await keys.sign({ sub: id, role: 'authenticated', aud: 'authenticated', session_id: rows[0].id, aal: 'aal1', amr: [], n: i }, 3600));
  }
}

/** Runs `work(site, from, to)` for both sites in alternating blocks, so load changes touch both alike. */
async function alternate(sites: Site[], total: number, work: (site: Site, from: number, to: number) => Promise<number[]>) {
  const results = new Map<SigningAlg, number[]>(sites.map((s) => [s.alg, []]));
  for (let from = 0; from < total; from += BLOCK) {
    for (const site of sites) results.get(site.alg)!.push(...(await work(site, from, Math.min(total, from + BLOCK))));
  }
  return new Map([...results].map(([alg, t]) => [alg, t.sort((a, b) => a - b)]));
}

async function main() {
  const sites = [await start('HS256'), await start('ES256')];
  try {
    for (const site of sites) await prepare(site);
    const passwordOnly = await alternate(sites, SIGN_INS, (site, from, to) => timeEach(site.plain.slice(from, to), async (email) => {
      const { error } = await clientOf(site).auth.signInWithPassword({ email, password: PASSWORD });
      if (error) throw error;
    }, CONNECTIONS));
    const withCode = await alternate(sites, SIGN_INS, (site, from, to) => timeEach(site.enrolled.slice(from, to), async ({ email, factorId, secret }) => {
      const client = clientOf(site);
      const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
      if (error) throw error;
      const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: code(secret, 1) });
      if (verified.error) throw verified.error;
    }, CONNECTIONS));
    const read = (site: Site, token: string) => fetch(`${site.url}/rest/v1/profiles?select=id&id=eq.${site.readerId}`, {
      headers: { apikey: site.server.ctx.keys.anonKey, Authorization: `Bearer ${token}` },
    }).then(async (res) => {
      if (res.status !== 200) throw new Error(`REST read: HTTP ${res.status}`);
      await res.arrayBuffer();
    });
    const freshReads = await alternate(sites, READS, (site, from, to) => timeEach(site.tokens.slice(from, to), (token) => read(site, token), 1));
    const seenReads = await alternate(sites, READS, (site, from, to) => timeEach(site.tokens.slice(from, to), () => read(site, site.tokens[0]), 1));
    const verifies = await alternate(sites, READS, async (site, from, to) => {
      const times: number[] = [];
      for (const token of site.tokens.slice(from, to)) {
        const started = performance.now();
        await site.server.ctx.keys.verify(token);
        times.push((performance.now() - started) * 1000);
      }
      return times;
    });

    const line = (name: string, m: Map<SigningAlg, number[]>, unit: string, digits = 1) => {
      const [hs, es] = [m.get('HS256')!, m.get('ES256')!];
      const f = (v: number) => v.toFixed(digits);
      return `| ${name} | ${hs.length} | ${f(percentile(hs, 50))} / ${f(percentile(hs, 99))} | ${f(percentile(es, 50))} / ${f(percentile(es, 99))} | ${(percentile(es, 50) / percentile(hs, 50)).toFixed(2)}x | ${unit} |`;
    };
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
    const section = [
      HEADING,
      '',
      `\`npx tsx bench/signing-keys.ts\`, ${new Date().toISOString().slice(0, 16)}Z. Two servers in one run, one signing access tokens with`,
      'the legacy secret (JWT_SIGNING_ALG=HS256), one with an ES256 key and its kid (the default), each on its own embedded',
      `PostgreSQL 17, measured in alternating blocks of ${BLOCK}. Sign-ins through supabase-js, ${CONNECTIONS} at a time, each account once;`,
      'REST reads one at a time, each with a token the server has not seen (the signature is checked) or with one it has',
      '(verified tokens are cached by their text); `keys.verify` alone in microseconds.',
      `Load average at the end (1/5/15 min): ${load}; the 2 cores are shared with other engineers' runs.`,
      '',
      '| measure | count each | HS256 p50 / p99 | ES256 p50 / p99 | p50 ES256 / HS256 | unit |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
      line('sign-in, password only', passwordOnly, 'ms', 0),
      line('sign-in, password + TOTP code (grant, challenge, verify)', withCode, 'ms', 0),
      line('REST read, token not seen before', freshReads, 'ms', 2),
      line('REST read, token seen before (cached)', seenReads, 'ms', 2),
      line('keys.verify alone', verifies, 'µs', 0),
      '',
    ].join('\n');
    writeBenchmarkSection(HEADING, section);
    console.log(section);
  } finally {
    for (const site of sites) {
      await site.server.close();
      rmSync(site.dataDir, { recursive: true, force: true });
    }
  }
}

void main();
