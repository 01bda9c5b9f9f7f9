/**
 * `npx tsx bench/passkey-sign-in.ts`: whole sign-ins through supabase-js, password only against a
 * passkey (authentication options, the software passkey's assertion, verify), 10 at a time, each
 * account once, in alternating blocks on one server (AUTH_PASSKEYS on, embedded PostgreSQL 17).
 * Writes the "## Issue 35: passkeys as a first factor" section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { createUser } from '../server/auth/accounts.ts';
import { relyingParty } from '../server/auth/mfa-webauthn.ts';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { freePort } from '../tests/support/free-port.ts';
import { SoftwareKey } from '../tests/auth/webauthn-authenticator.ts';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { percentile, timeEach } from './timing.ts';

const CONNECTIONS = 10;
const BLOCK = 20;
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 80);
const PASSWORD = 'rahasia-bench-123';
const HEADING = '## Issue 35: passkeys as a first factor';

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-bench-passkey-'));
  const port = await freePort();
  const server = await startServer(loadConfig({}, {
    port, host: '127.0.0.1', dataDir, serveSite: false, seedDemo: false, rateLimitScale: 1000, pgDurable: false,
    siteUrl: `http://localhost:${port}`, authPasskeys: true,
    // as bench/signing-keys.ts: ten sign-ins at a time wait for bcrypt instead of meeting the 429 of a full queue
    authHashing: { concurrency: 2, queue: 64, deviceQueue: 32 },
    logLevel: 'warn',
  }));
  const url = `http://127.0.0.1:${port}`;
  const anonKey = server.ctx.keys.anonKey;
  const origin = relyingParty(server.ctx.config.siteUrl, '')!.origins[0];
  const call = async (pathname: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}/auth/v1${pathname}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { apikey: anonKey, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const newClient = () =>
    createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
  try {
    const plain: string[] = [];
    const passkeys: SoftwareKey[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const email = `bench-${i}@example.com`;
      await createUser(server.ctx.db, { email, password: PASSWORD, role: 'admin', status: 'approved' });
      plain.push(email);
      const owner = `bench-passkey-${i}@example.com`;
      await createUser(server.ctx.db, { email: owner, password: PASSWORD, role: 'admin', status: 'approved' });
      const token = (await call('/token?grant_type=password', { email: owner, password: PASSWORD })).access_token as string;
      const start = await call('/passkeys/registration/options', {}, token);
      const options = start.options as { challenge: string; user: { id: string } };
      const key = new SoftwareKey();
      await call('/passkeys/registration/verify', {
        challenge_id: start.challenge_id, credential: key.register({ challenge: options.challenge, origin, rpId: 'localhost' }, options.user.id),
      }, token);
      passkeys.push(key);
    }

    const password: number[] = [];
    const passkey: number[] = [];
    for (let from = 0; from < SIGN_INS; from += BLOCK) {
      password.push(...await timeEach(plain.slice(from, from + BLOCK), async (email) => {
        const { error } = await newClient().auth.signInWithPassword({ email, password: PASSWORD });
        if (error) throw error;
      }, CONNECTIONS));
      passkey.push(...await timeEach(passkeys.slice(from, from + BLOCK), async (key) => {
        const start = await call('/passkeys/authentication/options', {});
        const options = start.options as { challenge: string };
        await call('/passkeys/authentication/verify', {
          challenge_id: start.challenge_id, credential: key.assert({ challenge: options.challenge, origin, rpId: 'localhost' }),
        });
      }, CONNECTIONS));
    }
    password.sort((a, b) => a - b);
    passkey.sort((a, b) => a - b);

    const row = (name: string, t: number[]) => `| ${name} | ${t.length} | ${percentile(t, 50).toFixed(0)} | ${percentile(t, 99).toFixed(0)} |`;
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
    const section = [
      HEADING,
      '',
      `\`npx tsx bench/passkey-sign-in.ts\`, ${new Date().toISOString().slice(0, 16)}Z: whole sign-ins against one server`,
      `(AUTH_PASSKEYS on, embedded PostgreSQL 17), ${CONNECTIONS} at a time, each account once, password and passkey in`,
      `alternating blocks of ${BLOCK}. The password sign-in is one request through supabase-js (bcrypt cost 10 dominates);`,
      'the passkey sign-in is two (authentication options, then verify with the software passkey\'s ES256 assertion).',
      `Load average at the end (1/5/15 min): ${load}; the 2 cores are shared with other engineers' runs.`,
      '',
      '| Sign-in | Count | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: |',
      row('Password only', password),
      row('Passkey (options + verify)', passkey),
      `| ratio: passkey / password | | ${(percentile(passkey, 50) / percentile(password, 50)).toFixed(2)}x | ${(percentile(passkey, 99) / percentile(password, 99)).toFixed(2)}x |`,
      '',
    ].join('\n');
    writeBenchmarkSection(HEADING, section);
    console.log(section);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
