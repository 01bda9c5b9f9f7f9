import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { anonClient, createUser, startTestServer, type TestServer } from '../support/server.ts';
import { authFetch, uniqueEmail } from './helpers.ts';

// a hundred bcrypt comparisons take a while on a busy machine
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// the real limits (scale 1), not the relaxed ones the other test files use
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimitScale: 1 });
});
afterAll(() => server?.stop());

describe('abuse', () => {
  it('locks one e-mail after repeated wrong passwords while another account still signs in', async () => {
    const victim = await createUser(server, { status: 'approved' });
    const other = await createUser(server, { status: 'approved' });
    const statuses: number[] = [];
    let lastError;
    for (let i = 0; i < 100; i++) {
      const { error } = await anonClient(server).auth.signInWithPassword({ email: victim.email, password: `salah-${i}` });
      statuses.push(error!.status!);
      lastError = error;
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(lastError).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // even the right password is refused while the address is locked
    const right = await anonClient(server).auth.signInWithPassword(victim);
    expect(right.error).toMatchObject({ status: 429 });
    // an address that does not exist locks the same way, so the lock reveals nothing
    for (let i = 0; i < 11; i++) await anonClient(server).auth.signInWithPassword({ email: 'tidak-ada@example.com', password: 'x' });
    const ghost = await anonClient(server).auth.signInWithPassword({ email: 'tidak-ada@example.com', password: 'x' });
    expect(ghost.error).toMatchObject({ status: 429 });

    const { error } = await anonClient(server).auth.signInWithPassword(other);
    expect(error).toBeNull();
  });

  it('refuses a 1 MB metadata body and a 10 KB e-mail with 4xx', async () => {
    const big = await anonClient(server).auth.signUp({ email: uniqueEmail(), password: 'rahasia-123', options: { data: { bio: 'x'.repeat(1024 * 1024) } } });
    expect(big.error?.status).toBe(413);
    expect(big.error?.code).toBe('request_too_large');
    const longEmail = await anonClient(server).auth.signUp({ email: `${'a'.repeat(10 * 1024)}@example.com`, password: 'rahasia-123' });
    expect(longEmail.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'An email address is too long' });
    const login = await anonClient(server).auth.signInWithPassword({ email: `${'a'.repeat(10 * 1024)}@example.com`, password: 'rahasia-123' });
    expect(login.error?.status).toBe(400);
    const { rows } = await server.ctx.db.query('select count(*)::int as n from auth.users where length(email) > 255');
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('limits sign-ups per address of the client', async () => {
    const results: number[] = [];
    // the limit counts requests, valid or not; invalid ones keep this test fast
    for (let i = 0; i < 32; i++) {
      const res = await authFetch(server, '/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail('banjir'), password: '' }) });
      results.push(res.status);
    }
    // 30 per window, some of which the previous test used
    expect(results[0]).toBe(400);
    expect(results.filter((s) => s === 400).length).toBeGreaterThanOrEqual(28);
    expect(results.filter((s) => s === 400).length).toBeLessThanOrEqual(30);
    expect(results.slice(-2)).toEqual([429, 429]);
    const real = await anonClient(server).auth.signUp({ email: uniqueEmail(), password: 'rahasia-123' });
    expect(real.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('limits confirmation-link attempts per client address', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${server.url}/auth/v1/verify?token=${'1'.repeat(56)}&type=signup`, { redirect: 'manual' });
      statuses.push(new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1)).get('error_code')!);
    }
    expect(statuses[0]).toBe('otp_expired');
    expect(statuses[30]).toBe('over_request_rate_limit');
  });
});
