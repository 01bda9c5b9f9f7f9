/**
 * Issue 43, the class: every limit the server keeps (auth, realtime, storage, REST) counts through
 * one helper, CountFirstLimit, which adds a use's point before it judges it. Each limit a running
 * server made is burst here in parallel and must admit exactly its points, no more and no fewer;
 * a limit added later is burst by this test without being named in it.
 */
import { describe, expect, it, vi } from 'vitest';
import { CountFirstLimit } from '../../server/http/count-first.ts';
import { useTestServer } from '../support/use-test-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const t = useTestServer();

/** One of each name (the server made them; a test file of its own may have made more). */
function serverLimits(): CountFirstLimit[] {
  const byName = new Map<string, CountFirstLimit>();
  for (const limit of CountFirstLimit.live()) if (!byName.has(limit.name)) byName.set(limit.name, limit);
  return [...byName.values()];
}

/** `n` uses of `key` at once: how many were admitted. */
async function burst(limit: CountFirstLimit, key: string, n: number): Promise<number> {
  const verdicts = await Promise.all(Array.from({ length: n }, () => limit.take(key)));
  return verdicts.filter((v) => v.admitted).length;
}

describe('every limit of the server, through one helper', () => {
  it('includes the realtime, storage and REST budgets beside the auth limits', () => {
    expect(t.server).toBeTruthy();
    const names = serverLimits().map((l) => l.name);
    expect(names).toEqual(expect.arrayContaining([
      'realtime.socketBroadcasts', 'realtime.channelBroadcasts', 'realtime.presenceCalls', 'realtime.presenceEvents',
      'realtime.restPerClient', 'realtime.restPerTopic',
      'storage.newRenditions',
      'rest.pattern', 'rest.anon', 'rest.member',
      'auth.passwordIp', 'auth.otpFailures', 'auth.mfaUserFailures',
    ]));
  });

  it('a parallel burst of each gets through exactly its points', async () => {
    const limits = serverLimits();
    expect(limits.length).toBeGreaterThanOrEqual(30);
    for (const limit of limits) {
      const key = `burst-${limit.name}-${Date.now()}`;
      const passed = await burst(limit, key, limit.points + 15);
      expect({ name: limit.name, passed }).toEqual({ name: limit.name, passed: limit.points });
    }
  });

  it('a count of held uses refuses without holding, and frees a place when a use ends', async () => {
    const held = serverLimits().filter((l) => l.name.startsWith('rest.'));
    expect(held).toHaveLength(3);
    for (const limit of held) {
      const key = `held-${limit.name}-${Date.now()}`;
      const verdicts = await Promise.all(Array.from({ length: limit.points + 10 }, () => limit.takeOrGiveBack(key)));
      expect(verdicts.filter((v) => v.admitted)).toHaveLength(limit.points);
      expect((await limit.takeOrGiveBack(key)).admitted).toBe(false);
      await limit.giveBack(key);
      expect((await limit.takeOrGiveBack(key)).admitted).toBe(true);
    }
  });
});
