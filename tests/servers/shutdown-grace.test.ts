/**
 * A server behind a load balancer, told to stop: /readyz turns 503 at once while every other
 * request is still answered for SHUTDOWN_GRACE, so the balancer's check takes it out before it
 * stops accepting connections; then it refuses new ones.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.ts';

describe('SHUTDOWN_GRACE', () => {
  it('answers /readyz 503 "stopping" and still serves during the grace, then refuses connections', async () => {
    const server = await startTestServer({ shutdownGraceSeconds: 2 });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const stopped = server.stop();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('stopping');
    const api = await fetch(`${server.url}/rest/v1/articles?select=id&limit=1`, { headers: { apikey: server.anonKey } });
    expect(api.status).toBe(200);
    await stopped;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
