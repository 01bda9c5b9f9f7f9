/**
 * Issue 43, point 2 and its class: every limit of the auth server counts a request before it
 * decides about it, so a parallel burst gets exactly the limit's points through and no more; the
 * per-account limits count in the database, so two servers sharing one PostgreSQL share them.
 */
import { describe, expect, it, vi } from 'vitest';
import { AuthRateLimits, type LimitName } from '../../server/auth/rate-limit.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { authCallFrom } from './mfa-helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const t = useTestServer();

/** Every limit the auth server keeps, as the class names them (a new one joins this test by itself). */
const allLimits = (limits: AuthRateLimits): LimitName[] => limits.names();

/** `n` attempts at once against `name`, split over `servers`: how many were let through. */
async function burst(servers: AuthRateLimits[], name: LimitName, key: string, n: number): Promise<number> {
  const outcomes = await Promise.allSettled(Array.from({ length: n }, (_, i) =>
    servers[i % servers.length].attempt([{ name, key }])));
  return outcomes.filter((o) => o.status === 'fulfilled').length;
}

describe('one helper through which every limit counts before it checks', () => {
  it('a parallel burst gets through exactly the points of each limit, and no more', async () => {
    const limits = new AuthRateLimits(1, t.server.ctx.db);
    const names = allLimits(limits);
    expect(names.length).toBeGreaterThanOrEqual(20);
    for (const name of names) {
      const points = limits.pointsOf(name);
      const passed = await burst([limits], name, `burst-${name}-${Date.now()}`, points + 15);
      expect({ name, passed }).toEqual({ name, passed: points });
    }
  });

  it('per-account limits count in the database: two servers sharing it give one window, not two', async () => {
    const a = new AuthRateLimits(1, t.server.ctx.db);
    const b = new AuthRateLimits(1, t.server.ctx.db);
    const shared = allLimits(a).filter((n) => a.sharedAcrossServers(n));
    expect(shared).toEqual(expect.arrayContaining(['passwordAccountFailures', 'mfaUserFailures', 'otpFailures', 'recoverEmail', 'signupEmail']));
    for (const name of shared) {
      const passed = await burst([a, b], name, `two-servers-${name}-${Date.now()}`, a.pointsOf(name) * 2 + 4);
      expect({ name, passed }).toEqual({ name, passed: a.pointsOf(name) });
    }
    // the key is stored as a digest, never as the address itself
    const { rows } = await t.server.ctx.db.query<{ n: string }>(
      `select count(*)::text as n from auth.rate_limit_counts where position(convert_to('two-servers', 'UTF8') in key) > 0`);
    expect(rows[0].n).toBe('0');
  });

  it('a right attempt gives its point back; a wrong one keeps it', async () => {
    const limits = new AuthRateLimits(1, t.server.ctx.db);
    const key = `owner-${Date.now()}`;
    for (let i = 0; i < 25; i++) await (await limits.attempt([{ name: 'mfaUserFailures', key }])).passed();
    for (let i = 0; i < 10; i++) await (await limits.attempt([{ name: 'mfaUserFailures', key }])).failed();
    await expect(limits.attempt([{ name: 'mfaUserFailures', key }])).rejects.toMatchObject({ status: 429 });
  });
});

describe('one-time codes (POST /verify)', () => {
  it('a burst of wrong codes from rotating addresses has at most ten compared', async () => {
    const user = await t.createUser();
    const burstOf = 120;
    const results = await Promise.all(Array.from({ length: burstOf }, (_, i) =>
      authCallFrom(t.server, `127.0.4.${(i % 40) + 1}`, 'POST', '/verify', t.server.anonKey,
        { type: 'email', email: user.email, token: String(200000 + i) })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(burstOf - 10);
  });
});
