import type { Context, MiddlewareHandler } from 'hono';

/** Addresses remembered at most: past it the oldest go first (a flood of many addresses). */
const MAX_ADDRESSES = 10_000;
const PAUSE_MS = 1000;
export const BEACON_PATH = '/rest/v1/rpc/record_page_view';

/**
 * Once the database refused an address's page-view beacons (429, decision 0044), this server
 * answers that address's next beacons itself, after a second's pause, until the refusal's
 * Retry-After has passed: a flood past the limit costs no database work and little CPU, which stays
 * with the pages. The addresses live in
 * memory only, as the other rate limiters' do, and are forgotten when their time is up.
 */
export function beaconGuard(clientAddress: (c: Context) => string): MiddlewareHandler {
  const refused = new Map<string, { until: number; body: string }>();
  return async (c, next) => {
    if (c.req.method !== 'POST' || c.req.path !== BEACON_PATH) return next();
    const address = clientAddress(c);
    const known = refused.get(address);
    const now = Date.now();
    if (known && known.until > now) {
      // As the REST admission does (decision 0013): a client that retries at once is slowed down
      // instead of spinning; a waiting request costs no CPU.
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      return c.body(known.body, 429, {
        'Content-Type': 'application/json; charset=utf-8',
        'Retry-After': String(Math.ceil((known.until - now) / 1000)),
      });
    }
    refused.delete(address);
    await next();
    if (c.res.status !== 429) return;
    const seconds = Number(c.res.headers.get('Retry-After')) || 60;
    if (refused.size >= MAX_ADDRESSES) refused.delete(refused.keys().next().value!);
    refused.set(address, { until: now + seconds * 1000, body: await c.res.clone().text() });
  };
}
