import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { hashingStats } from '../../server/auth/password.ts';
import { useTestServer } from '../support/use-test-server.ts';
import type { TestServer } from '../support/server.ts';
import { mailbox, signInFrom, uniqueEmail } from './helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// the real limits, and a small hashing budget so a burst of 60 overfills it
const t = useTestServer({ rateLimitScale: 1, authHashing: { concurrency: 1, queue: 4, deviceQueue: 2 } });

/** Signs in as a browser does and returns the device cookie the server set. */
async function deviceCookie(server: TestServer, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sb-device-'));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Strict/i);
  return cookie!.split(';')[0];
}

/** A raw sign-in from `address`, keeping the status and the Retry-After header. */
async function attempt(server: TestServer, address: string, email: string, password: string) {
  const retry: string[] = [];
  const status = await signInFrom(server, address, email, password, {}, (headers) => {
    if (headers['retry-after']) retry.push(String(headers['retry-after']));
  });
  return { status, retryAfter: retry[0] };
}

describe('a password flood against one account', () => {
  it('refuses strangers from many addresses, lets the owner in from a known device, and mails the owner once', async () => {
    const owner = await t.createUser({ status: 'approved' });
    const cookie = await deviceCookie(t.server, owner.email, owner.password);

    // 60 wrong passwords at once from 30 addresses: only 2 per address, so only the per-account
    // count and the hashing queue can stop them
    const burst = Array.from({ length: 60 }, (_, i) => attempt(t.server, `127.0.3.${(i % 30) + 1}`, owner.email, `salah-${i}`));
    await vi.waitUntil(() => hashingStats().shared > 0, { timeout: 30_000, interval: 5 });
    const ownerClient = createClient(t.url, t.server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Cookie: cookie } },
      realtime: { transport: WebSocket as never },
    });
    const during = await ownerClient.auth.signInWithPassword(owner);
    const results = await Promise.all(burst);

    expect(during.error).toBeNull();
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    // at most the per-account limit of wrong passwords were compared; everyone else waits
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(20);
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(40);
    expect(refused.every((r) => Number(r.retryAfter) >= 1)).toBe(true);

    // strangers keep going one at a time from new addresses: in all, exactly the per-account
    // limit of wrong passwords is compared, then every stranger waits
    const later: number[] = [];
    for (let i = 0; i < 25; i++) later.push((await attempt(t.server, `127.0.4.${i + 1}`, owner.email, `lagi-${i}`)).status);
    const compared = statuses.filter((s) => s === 400).length + later.filter((s) => s === 400).length;
    expect(compared).toBe(20);
    expect(later.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    // even the right password from a new device waits now (the owner was told how to get in)
    expect((await attempt(t.server, '127.0.5.1', owner.email, owner.password)).status).toBe(429);
    // the known device still signs in, again and again
    for (let i = 0; i < 3; i++) expect((await ownerClient.auth.signInWithPassword(owner)).error).toBeNull();

    const notices = (await mailbox(t.server)).filter((m) => m.to === owner.email && m.subject.startsWith('Banyak percobaan login gagal'));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('Lupa password?');
  });

  it('treats an address without an account the same way, so a refusal tells nothing', async () => {
    const ghost = uniqueEmail('tidak-ada');
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await attempt(t.server, `127.0.6.${i + 1}`, ghost, 'x')).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect((await mailbox(t.server)).some((m) => m.to === ghost)).toBe(false);
  });

  it('gives a stolen device cookie no more guesses than its own small count', async () => {
    const owner = await t.createUser({ status: 'approved' });
    const cookie = await deviceCookie(t.server, owner.email, owner.password);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signInFrom(t.server, '127.0.7.1', owner.email, `curian-${i}`, { Cookie: cookie })));
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // a forged cookie is just an unknown device
    const forged = cookie.replace(/=.{4}/, '=AAAA');
    expect(await signInFrom(t.server, '127.0.7.2', owner.email, owner.password, { Cookie: forged })).toBe(200);
  });
});
