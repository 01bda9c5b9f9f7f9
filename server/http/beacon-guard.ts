import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Addresses whose database refusal is remembered at most: past it the oldest go first. */
const MAX_REFUSED = 10_000;
const PAUSE_MS = 1000;
/**
 * Beacons one address may send a minute before this server refuses them without asking the
 * database. The database's own limit (600 in ten minutes, decision 0044) is the same rate; this one
 * lets a flood reach the database with at most a minute's share at once instead of all 600, and is
 * what keeps the pages' CPU when the flood starts (docs/benchmarks.md). Scaled by RATE_LIMIT_SCALE.
 */
export const BEACONS_PER_MINUTE = 60;
export const BEACON_PATH = '/rest/v1/rpc/record_page_view';
/**
 * Beacons waiting for their turn at most. They are counted one at a time: each is a few
 * milliseconds of this server's and the database's CPU, and ten at once (a pool's worth) would take
 * that many processes' share of two cores from the pages; one at a time, beacons wait instead.
 */
const MAX_WAITING = 100;
/** The database's refusal (20261207070000_page_views.sql) as the REST API words it. */
const REFUSAL = JSON.stringify({ code: '53400', details: null, hint: null, message: 'Terlalu banyak kunjungan dari alamat ini. Silakan coba lagi nanti.' });
const BUSY = JSON.stringify({ code: '53400', details: null, hint: null, message: 'Terlalu banyak kunjungan saat ini. Silakan coba lagi nanti.' });

/**
 * Mounted before everything else (server/app.ts), so a refusal costs no more than reading the
 * address. Page-view beacons are refused per address before any database work: by a per-minute count in
 * memory, and, once the database refused an address (its limit holds across servers sharing one
 * PostgreSQL, and alone on a hosted project), until that refusal's Retry-After has passed. Either
 * refusal comes after a second's pause, as the REST admission's (decision 0013): a client retrying
 * at once is slowed down instead of spinning, and a waiting request costs no CPU. Addresses live in
 * memory only, as the other rate limiters' do, and are forgotten when their time is up.
 */
export function beaconGuard(clientAddress: (c: Context) => string, rateLimitScale: number): MiddlewareHandler {
  const perMinute = new RateLimiterMemory({ keyPrefix: 'beacons', points: BEACONS_PER_MINUTE * rateLimitScale, duration: 60 });
  const refused = new Map<string, { until: number; body: string }>();
  let counting = false;
  const waiting: (() => void)[] = [];
  const refuse = async (c: Context, body: string, ms: number) => {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    return c.body(body, 429, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) });
  };
  return async (c, next) => {
    if (c.req.method !== 'POST' || c.req.path !== BEACON_PATH) return next();
    const address = clientAddress(c);
    const now = Date.now();
    const known = refused.get(address);
    if (known && known.until > now) return refuse(c, known.body, known.until - now);
    refused.delete(address);
    try {
      await perMinute.consume(address);
    } catch (error) {
      if (error instanceof RateLimiterRes) return refuse(c, REFUSAL, error.msBeforeNext);
      throw error;
    }
    if (counting) {
      if (waiting.length >= MAX_WAITING) return refuse(c, BUSY, 1000);
      // the beacon before hands its turn over rather than freeing it, so none slips in between
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    counting = true;
    try {
      await next();
    } finally {
      const turn = waiting.shift();
      if (turn) turn();
      else counting = false;
    }
    if (c.res.status !== 429) return;
    const seconds = Number(c.res.headers.get('Retry-After')) || 60;
    if (refused.size >= MAX_REFUSED) refused.delete(refused.keys().next().value!);
    refused.set(address, { until: now + seconds * 1000, body: await c.res.clone().text() });
  };
}
