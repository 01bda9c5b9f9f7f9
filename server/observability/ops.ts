import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { clientIp, isLoopback } from '../http/client-ip.ts';
import type { ServerContext } from '../context.ts';
import type { DatabaseStatus } from '../db/supervisor.ts';
import type { Metrics } from './metrics.ts';
import { checkReadiness, type Readiness } from './readiness.ts';

export interface Ops {
  metrics: Metrics;
  /** True once the server is stopping: /readyz answers 503 so a load balancer stops sending. */
  stopping(): boolean;
  /** The embedded PostgreSQL server's supervisor, when there is one: why it is down, if it is. */
  database?(): DatabaseStatus;
  /** In front of a hosted project, whose storage keeps the files (no DATA_DIR/storage to check). */
  hosted?: boolean;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Loopback clients (TRUST_PROXY decides who the client is) and bearers of METRICS_TOKEN. */
function mayScrape(c: Context, ctx: ServerContext): boolean {
  if (isLoopback(clientIp(c, ctx.config.trustProxy))) return true;
  const token = ctx.config.metricsToken;
  const given = /^bearer\s+(.+)$/i.exec(c.req.header('Authorization')?.trim() ?? '')?.[1];
  return token !== undefined && given !== undefined && sameSecret(given, token);
}

/** /metrics (Prometheus text), /healthz (the process answers) and /readyz (it can serve). */
export function createOpsApp(ctx: ServerContext, ops: Ops): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    if (!mayScrape(c, ctx)) return c.json({ message: 'Forbidden' }, 403);
    return c.body(await ops.metrics.text(), 200, { 'Content-Type': ops.metrics.registry.contentType, 'Cache-Control': 'no-store' });
  });
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  // Anyone may call /readyz: a burst shares one check (a query and a file write) per second.
  let recent: { at: number; result: Promise<Readiness> } | undefined;
  app.get('/readyz', async (c) => {
    if (!recent || Date.now() - recent.at >= 1000) recent = { at: Date.now(), result: checkReadiness(ctx.db, ctx.config.dataDir, undefined, ops.hosted ? 'hosted' : ctx.blobs) };
    const { ok, checks } = await recent.result;
    const database = ops.database?.();
    // the supervisor knows why PostgreSQL is down and that it is coming back; say so
    if (checks.database !== 'ok' && database?.state === 'restarting') checks.database = `restarting: ${database.reason ?? 'unknown'}`;
    const ready = ok && !ops.stopping();
    return c.json({ status: ready ? 'ok' : ops.stopping() ? 'stopping' : 'unavailable', checks }, ready ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return app;
}
