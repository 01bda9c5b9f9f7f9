/**
 * Issue 43, point 5: the REST broadcast limit is per client and per topic, counted before each
 * message is judged. One client's flood no longer uses up the one window every sender shared,
 * and many clients together cannot pour more than a topic's rate into one channel.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

/** A batch of `n` public messages to `topic`, sent from the loopback address `from`. */
function batch(from: string, topic: string, n: number): Promise<number> {
  const body = JSON.stringify({ messages: Array.from({ length: n }, (_, i) => ({ topic, event: 'ping', payload: { i } })) });
  return new Promise((resolve, reject) => {
    const req = request(new URL(`${t.url}/realtime/v1/api/broadcast`), {
      method: 'POST', localAddress: from,
      headers: { apikey: t.server.anonKey, Authorization: `Bearer ${t.server.anonKey}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('REST broadcast rates', () => {
  it("one client's flood is refused; another client on another topic is not held up by it", async () => {
    const flood = await Promise.all(Array.from({ length: 4 }, () => batch('127.0.5.1', 'flood-topic', 50)));
    expect(flood.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(await batch('127.0.5.2', 'admin-articles', 5)).toBe(202);
  });

  it('many clients together cannot pass a topic its rate; other topics still flow', async () => {
    const senders = await Promise.all(Array.from({ length: 6 }, (_, i) => batch(`127.0.6.${i + 1}`, 'one-topic', 60)));
    expect(senders.filter((s) => s === 202).length).toBeLessThanOrEqual(3);
    expect(senders.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(await batch('127.0.6.20', 'another-topic', 5)).toBe(202);
  });
});
