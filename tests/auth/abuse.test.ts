import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, signInFrom, uniqueEmail } from './helpers.ts';

// a hundred bcrypt comparisons take a while on a busy machine
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// the real limits (scale 1), not the relaxed ones the other test files use
const t = useTestServer({ rateLimitScale: 1 });
describe('abuse', () => {
  it('makes a stranger guessing a password wait while the owner still signs in', async () => {
    const victim = await t.createUser({ status: 'approved' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await signInFrom(t.server, '127.0.0.2', victim.email, `salah-${i}`));
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // the waiting stranger gets 429 even with the right password, so the wait reveals nothing
    expect(await signInFrom(t.server, '127.0.0.2', victim.email, victim.password)).toBe(429);
    // an address that does not exist makes the stranger wait the same way
    const ghost: number[] = [];
    for (let i = 0; i < 6; i++) ghost.push(await signInFrom(t.server, '127.0.0.2', 'tidak-ada@example.com', 'x'));
    expect(ghost).toEqual([400, 400, 400, 400, 400, 429]);

    // the owner, from their own address, is not locked out
    const owner = await t.anon().auth.signInWithPassword(victim);
    expect(owner.error).toBeNull();
    // and the owner's own mistakes count for the owner's address only
    for (let i = 0; i < 4; i++) await t.anon().auth.signInWithPassword({ email: victim.email, password: `lupa-${i}` });
    expect((await t.anon().auth.signInWithPassword(victim)).error).toBeNull();
  });

  it('limits failed sign-ins per client address over many e-mails', async () => {
    const statuses: number[] = [];
    // every e-mail is new, so only the per-address count can stop this
    for (let i = 0; i < 52; i++) statuses.push(await signInFrom(t.server, '127.0.0.3', uniqueEmail('tebak'), 'x'));
    expect(statuses.slice(0, 50).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
    // another client is unaffected
    const other = await t.createUser({ status: 'approved' });
    expect(await signInFrom(t.server, '127.0.0.4', other.email, other.password)).toBe(200);
  });

  it('refuses a 1 MB metadata body and a 10 KB e-mail with 4xx', async () => {
    const big = await t.anon().auth.signUp({ email: uniqueEmail(), password: 'rahasia-123', options: { data: { bio: 'x'.repeat(1024 * 1024) } } });
    expect(big.error?.status).toBe(413);
    expect(big.error?.code).toBe('request_too_large');
    const longEmail = await t.anon().auth.signUp({ email: `${'a'.repeat(10 * 1024)}@example.com`, password: 'rahasia-123' });
    expect(longEmail.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'An email address is too long' });
    const login = await t.anon().auth.signInWithPassword({ email: `${'a'.repeat(10 * 1024)}@example.com`, password: 'rahasia-123' });
    expect(login.error?.status).toBe(400);
    const { rows } = await t.server.ctx.db.query('select count(*)::int as n from auth.users where length(email) > 255');
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('limits sign-ups per address of the client', async () => {
    const results: number[] = [];
    // the limit counts requests, valid or not; invalid ones keep this test fast
    for (let i = 0; i < 32; i++) {
      const res = await authFetch(t.server, '/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail('banjir'), password: '' }) });
      results.push(res.status);
    }
    // 30 per window, some of which the previous test used
    expect(results[0]).toBe(400);
    expect(results.filter((s) => s === 400).length).toBeGreaterThanOrEqual(28);
    expect(results.filter((s) => s === 400).length).toBeLessThanOrEqual(30);
    expect(results.slice(-2)).toEqual([429, 429]);
    const real = await t.anon().auth.signUp({ email: uniqueEmail(), password: 'rahasia-123' });
    expect(real.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('limits confirmation-link attempts per client address', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${t.url}/auth/v1/verify?token=${'1'.repeat(56)}&type=signup`, { redirect: 'manual' });
      statuses.push(new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1)).get('error_code')!);
    }
    expect(statuses[0]).toBe('otp_expired');
    expect(statuses[30]).toBe('over_request_rate_limit');
  });
});
