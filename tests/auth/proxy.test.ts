/**
 * TRUST_PROXY and the dev mailbox: X-Forwarded-For counts only from a named proxy, and captured
 * mail (live confirmation links) is never served through one or without DEV_MAILBOX.
 */
import { describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { signInFrom } from './helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const direct = useTestServer({ rateLimitScale: 1 });
// the proxy is 127.0.0.1; clients connecting from 127.0.0.2 are not behind it
const proxied = useTestServer({ rateLimitScale: 1, trustProxy: ['127.0.0.1'] });

async function failures(server: TestServer, from: string, email: string, n: number, headers: () => Record<string, string>) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push(await signInFrom(server, from, email, `salah-${i}`, headers()));
  return statuses;
}

describe('client address behind a proxy', () => {
  it('ignores a forged X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const user = await direct.createUser({ status: 'approved' });
    let n = 0;
    const statuses = await failures(direct.server, '127.0.0.2', user.email, 7, () => ({ 'X-Forwarded-For': `203.0.113.${n++}` }));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('counts each client behind a trusted proxy separately', async () => {
    const user = await proxied.createUser({ status: 'approved' });
    const a = await failures(proxied.server, '127.0.0.1', user.email, 6, () => ({ 'X-Forwarded-For': '198.51.100.1' }));
    expect(a.slice(-1)).toEqual([429]);
    // the owner behind the same proxy, from their own address
    expect(await signInFrom(proxied.server, '127.0.0.1', user.email, user.password, { 'X-Forwarded-For': '198.51.100.2' })).toBe(200);
    // a client cannot escape its bucket by prepending addresses: the proxy appends the real one
    expect(await signInFrom(proxied.server, '127.0.0.1', user.email, 'x', { 'X-Forwarded-For': '10.9.9.9, 198.51.100.1' })).toBe(429);
    // a direct client's own header is not believed on the proxied server either
    const forged = await failures(proxied.server, '127.0.0.2', user.email, 6, () => ({ 'X-Forwarded-For': '198.51.100.3' }));
    expect(forged.slice(-1)).toEqual([429]);
    expect(await signInFrom(proxied.server, '127.0.0.1', user.email, user.password, { 'X-Forwarded-For': '198.51.100.3' })).toBe(200);
  });
});

describe('dev mailbox', () => {
  it('answers loopback clients only when DEV_MAILBOX is on, and never through a trusted proxy', async () => {
    expect((await fetch(`${direct.url}/_dev/mail`)).status).toBe(200);
    expect((await fetch(`${proxied.url}/_dev/mail`, { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(404);
    const off = await startTestServer({ devMailbox: false });
    try {
      expect((await fetch(`${off.url}/_dev/mail`)).status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});
