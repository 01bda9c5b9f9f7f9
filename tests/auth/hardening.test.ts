/** Hardening every answer shares (issue 14 item 7): sniffing off, malformed addresses refused. */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

describe('hardening', () => {
  it('sends nosniff on API JSON, errors and /env.js', async () => {
    const key = { apikey: t.server.anonKey };
    for (const [path, headers] of [
      ['/auth/v1/settings', key],
      ['/rest/v1/articles?select=id&limit=1', key],
      ['/rest/v1/tidak_ada', key],
      ['/auth/v1/user', key],
      ['/env.js', {}],
    ] as const) {
      const res = await fetch(`${t.url}${path}`, { headers });
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers 400, not 500, to an address whose escapes do not decode', async () => {
    for (const path of ['/berita/%E0%A4%A', '/rest/v1/articles%ZZ', '/%']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toBe('Alamat tidak valid.');
    }
  });

  it('caps user metadata: it cannot grow request by request into a huge token', async () => {
    const { client } = await t.signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const { error } = await client.auth.updateUser({ data: { [`kunci${i}`]: 'x'.repeat(1000) } });
      statuses.push(error ? error.status ?? 0 : 200);
      if (error) expect(error.code).toBe('validation_failed');
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(4).every((s) => s === 422)).toBe(true);
    const { data } = await client.auth.refreshSession();
    expect(data.session!.access_token.length).toBeLessThan(12_000);

    const { client: many } = await t.signedIn();
    const keys = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    const tooMany = await many.auth.updateUser({ data: keys });
    expect(tooMany.error?.status).toBe(422);
    // removing keys (null) is always allowed
    const { error } = await client.auth.updateUser({ data: { kunci0: null, kunci1: null } });
    expect(error).toBeNull();
  });
});
