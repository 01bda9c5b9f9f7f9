/**
 * `npx tsx bench/mfa-sign-in.ts`: the time of a whole sign-in as the browser makes
 * it through supabase-js, password only and password + TOTP code (password grant, challenge,
 * verify), 10 sign-ins at a time, on a server with its own embedded PostgreSQL 17. Each account
 * signs in once (a code is accepted once only). Writes the "## Sign-in with a code" section of
 * docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import ws from 'ws';
import { createUser } from '../server/auth/accounts.ts';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { freePort } from '../tests/support/free-port.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { percentile, timeEach } from './timing.ts';

const CONNECTIONS = 10;
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 200);
const PASSWORD = 'rahasia-bench-123';

const code = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-mfa-'));
  const port = await freePort();
  const server = await startServer(loadConfig({}, {
    port, host: '127.0.0.1', dataDir, serveSite: false, seedDemo: false, rateLimitScale: 1000, pgDurable: false,
    siteUrl: `http://127.0.0.1:${port}`, jwtSecret: 'benchmark-secret-with-at-least-32-characters',
  }));
  const url = `http://127.0.0.1:${port}`;
  const anonKey = server.ctx.keys.anonKey;
  const newClient = () =>
    createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
  try {
    const plain: string[] = [];
    const enrolled: { email: string; factorId: string; secret: string }[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const email = `bench-${i}@example.com`;
      await createUser(server.ctx.db, { email, password: PASSWORD, role: 'admin', status: 'approved' });
      plain.push(email);
      const twoStep = `bench-2fa-${i}@example.com`;
      await createUser(server.ctx.db, { email: twoStep, password: PASSWORD, role: 'admin', status: 'approved' });
      const client = newClient();
      await client.auth.signInWithPassword({ email: twoStep, password: PASSWORD });
      const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
      if (error) throw error;
      const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: code(data.totp.secret) });
      if (verified.error) throw verified.error;
      enrolled.push({ email: twoStep, factorId: data.id, secret: data.totp.secret });
    }


    const passwordOnly = (await timeEach(plain, async (email) => {
      const { error } = await newClient().auth.signInWithPassword({ email, password: PASSWORD });
      if (error) throw error;
    }, CONNECTIONS)).sort((a, b) => a - b);
    const withCode = (await timeEach(enrolled, async ({ email, factorId, secret }) => {
      const client = newClient();
      const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
      if (error) throw error;
      // the next period's code: the enrolment used this one, and the server accepts a code once
      const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: code(secret, 1) });
      if (verified.error) throw verified.error;
    }, CONNECTIONS)).sort((a, b) => a - b);

    const row = (name: string, t: number[]) =>
      `| ${name} | ${t.length} | ${percentile(t, 50).toFixed(0)} | ${percentile(t, 99).toFixed(0)} |`;
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
    const section = [
      '## Sign-in with a code',
      '',
      `\`npx tsx bench/mfa-sign-in.ts\`, ${new Date().toISOString().slice(0, 10)}: whole sign-ins through supabase-js against this`,
      `server (embedded PostgreSQL 17), ${CONNECTIONS} at a time, each account once. Password only is one`,
      'request (bcrypt cost 10 dominates); with a code it is three (password grant, challenge, verify).',
      `Load average at the end (1/5/15 min): ${load}; the machine is shared, so read the figures as a range.`,
      '',
      '| Sign-in | Count | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: |',
      row('Password only', passwordOnly),
      row('Password + TOTP code', withCode),
      `| ratio: with a code / password only | | ${(percentile(withCode, 50) / percentile(passwordOnly, 50)).toFixed(2)}x | ${(percentile(withCode, 99) / percentile(passwordOnly, 99)).toFixed(2)}x |`,
      '',
    ].join('\n');
    writeBenchmarkSection('## Sign-in with a code', section);
    console.log(section);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
