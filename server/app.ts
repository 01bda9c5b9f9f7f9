import { Hono, type Context } from 'hono';
import { createAuthApp } from './auth/index.ts';
import { clientIp } from './http/client-ip.ts';
import type { ServerContext } from './context.ts';
import { compressJson } from './http/compress.ts';
import { anonymousEtag } from './http/etag.ts';
import { apiCors, requireApiKey } from './http/gateway.ts';
import { forwardClientAddress } from './http/client-address.ts';
import { BEACON_PATH, beaconGuard } from './http/beacon-guard.ts';
import { cachedReads, storeReads } from './http/cached-read.ts';
import { apiCache } from './http/cdn-cache.ts';
import { documentGone, pageRequestHeaders } from './http/document-gone.ts';
import { rejectMalformedPath, securityHeaders } from './http/security-headers.ts';
import { createDevMailApp } from './mail/index.ts';
import { createRestApp } from './rest/index.ts';
import { createBroadcastApi } from './realtime/broadcast-api.ts';
import { createPageCache, createSiteApp } from './site/index.ts';
import { servePageCache } from './site/serve-page.ts';
import { createStorageApp } from './storage/index.ts';
import { log } from './observability/log.ts';
import { createOpsApp, type Ops } from './observability/ops.ts';
import { requestIdOf } from './observability/requests.ts';

export interface AppOptions {
  /** False in front of a hosted project, whose own services answer /auth, /rest, /storage and /realtime. */
  ownApi: boolean;
}

/** One Hono app for the whole site: the Supabase-compatible APIs under their usual prefixes, then the SPA. */
export function createApp(ctx: ServerContext, ops: Ops, options: AppOptions = { ownApi: true }): Hono {
  const app = new Hono();
  const pages = createPageCache(ctx);
  ops.metrics.cache('page', pages.stats);
  const clientAddress = (c: Context) => clientIp(c, ctx.config.trustProxy);
  // Before anything else: a flood of page-view beacons is refused at the cost of reading its address.
  app.use(BEACON_PATH, beaconGuard(clientAddress, ctx.config.rateLimitScale));
  // Then a rendered page already in memory is answered before anything else runs.
  app.use('*', servePageCache(pages, ctx.config.trustProxy));
  app.use('*', securityHeaders(), rejectMalformedPath());
  if (options.ownApi) mountApi(app, ctx, clientAddress);
  if (ctx.config.devMailbox && !ctx.config.smtpUrl) app.route('/_dev', createDevMailApp(ctx));
  app.route('/', createOpsApp(ctx, ops));
  app.route('/', createSiteApp(ctx, async (input, init, env) => app.request(input instanceof Request ? input : String(input), init, env), pages));
  app.onError((error, c) => {
    log.error({ err: error, reqId: requestIdOf(c), method: c.req.method, path: c.req.path }, '[server] request failed');
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}

/** The Supabase-compatible APIs under their usual prefixes. */
function mountApi(app: Hono, ctx: ServerContext, clientAddress: (c: Context) => string): void {
  // A shared read the cache holds is answered whole here, as server.ts answers it before Hono.
  if (ctx.readCache) app.use('/rest/v1/*', cachedReads(ctx.readCache, ctx.keys));
  app.use('/storage/v1/object/authenticated/documents/*', documentGone(async (path, request, env) =>
    app.request(new URL(path, request.url).href, { headers: pageRequestHeaders(request.headers) }, env as never)));
  for (const prefix of ['/auth/v1', '/rest/v1', '/storage/v1', '/realtime/v1/api']) {
    app.use(`${prefix}/*`, apiCors, requireApiKey(ctx.keys), compressJson(prefix === '/storage/v1' ? /^application\/json/i : undefined));
  }
  app.use('/rest/v1/*', forwardClientAddress(clientAddress), anonymousEtag(ctx.keys));
  if (ctx.readCache) app.use('/rest/v1/*', storeReads(ctx.readCache, ctx.keys));
  // inside the read cache, so a cached answer keeps what shared caches may do with it
  for (const prefix of ['/auth/v1', '/rest/v1', '/storage/v1']) app.use(`${prefix}/*`, apiCache(ctx.keys.anonKey));
  app.route('/auth/v1', createAuthApp(ctx));
  app.route('/rest/v1', createRestApp(ctx));
  app.route('/storage/v1', createStorageApp(ctx));
  app.route('/realtime/v1/api', createBroadcastApi(ctx));
}
