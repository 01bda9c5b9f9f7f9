/**
 * Two servers over one PostgreSQL: the once-only jobs run on exactly one of them (here the CDN
 * purge, which every server hears through NOTIFY), and when that server stops the other one takes
 * them over within the lock's retry.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeEndpoint } from '../cdn/purge-endpoint.ts';
import { serviceClient, startTestServer, type TestServer } from '../support/server.ts';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 60_000 });

let cdn: Awaited<ReturnType<typeof purgeEndpoint>>;
let first: TestServer;
let second: TestServer;
const stopped = new Set<TestServer>();

beforeAll(async () => {
  cdn = await purgeEndpoint();
  const cdnPurge = { url: cdn.url, token: 'cf-token-uji', format: 'cloudflare' as const };
  first = await startTestServer({ cdnPurge });
  second = await startTestServer({ cdnPurge, databaseUrl: first.ctx.config.databaseUrl });
});

afterAll(async () => {
  for (const server of [second, first]) if (server && !stopped.has(server)) await server.stop();
  await cdn?.close();
});

async function purgesOf(server: TestServer, title: string): Promise<number> {
  const { data } = await serviceClient(server).from('articles').insert({ title, content: '<p>x</p>' }).select('id').single();
  const tag = `article-${data!.id}`;
  await cdn.callWith(tag);
  // give the other server every chance to send a second purge
  await Promise.all([first.purger!.flush(), second.purger!.flush()]);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return cdn.calls.filter((call) => call.tags.includes(tag)).length;
}

describe('jobs run once across servers', () => {
  it('exactly one server leads, and a change is purged from the CDN once', async () => {
    expect([first.jobs.leads(), second.jobs.leads()].sort()).toEqual([false, true]);
    expect(await purgesOf(second, 'Satu Kali Saja')).toBe(1);
    expect(await purgesOf(first, 'Masih Satu Kali')).toBe(1);
  });

  it('the other server takes the jobs over when the leader stops', async () => {
    const [leader, other] = first.jobs.leads() ? [first, second] : [second, first];
    const stoppedAt = performance.now();
    stopped.add(leader);
    await leader.stop();
    await expect.poll(() => other.jobs.leads(), { timeout: 20_000, interval: 200 }).toBe(true);
    expect(performance.now() - stoppedAt).toBeLessThan(15_000);
    expect(await purgesOf(other, 'Setelah Alih Tugas')).toBe(1);
  });
});
