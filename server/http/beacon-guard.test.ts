import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { BEACON_PATH, BEACONS_PER_MINUTE, beaconGuard } from './beacon-guard.ts';

/** The guard in front of a stand-in for the database that counts what reaches it. */
function site(databaseStatus = 200, databaseMs = 0) {
  const reached: string[] = [];
  const counting = { now: 0, most: 0 };
  const app = new Hono();
  app.use('*', beaconGuard((c) => c.req.header('X-Test-Address') ?? 'unknown', 1));
  app.post(BEACON_PATH, async (c) => {
    reached.push(c.req.header('X-Test-Address')!);
    counting.most = Math.max(counting.most, ++counting.now);
    await new Promise((resolve) => setTimeout(resolve, databaseMs));
    counting.now--;
    return databaseStatus === 429
      ? c.json({ code: '53400', message: 'dari basis data' }, 429, { 'Retry-After': '600' })
      : c.json(true);
  });
  app.get('/berita', (c) => c.text('halaman'));
  const beacon = (address: string) => app.request(BEACON_PATH, { method: 'POST', headers: { 'X-Test-Address': address } });
  return { app, reached, beacon, counting };
}

describe('beaconGuard', () => {
  test('refuses one address past its beacons a minute before the database sees them; others go on', async () => {
    const { reached, beacon } = site();
    const answers = await Promise.all(Array.from({ length: BEACONS_PER_MINUTE + 5 }, () => beacon('198.51.100.9')));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(BEACONS_PER_MINUTE);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(Number(refused[0].headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused[0].json()).message).toMatch(/Terlalu banyak kunjungan/);
    expect(reached).toHaveLength(BEACONS_PER_MINUTE);
    expect((await beacon('203.0.113.4')).status).toBe(200);
  });

  test('counts one beacon at a time, however many readers send them at once', async () => {
    const { beacon, counting } = site(200, 20);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => beacon(`192.0.2.${i + 1}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(counting.most).toBe(1);
  });

  test('answers an address the database refused itself until the refusal has passed, and leaves pages alone', async () => {
    const { app, reached, beacon } = site(429);
    expect((await beacon('198.51.100.10')).status).toBe(429);
    const started = Date.now();
    const again = await beacon('198.51.100.10');
    expect(again.status).toBe(429);
    expect(await again.json()).toEqual({ code: '53400', message: 'dari basis data' });
    // paused, so a client retrying at once is not answered at once
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(reached).toEqual(['198.51.100.10']);
    expect((await app.request('/berita', { headers: { 'X-Test-Address': '198.51.100.10' } })).status).toBe(200);
  });
});
