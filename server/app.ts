import { Hono } from 'hono';
import { createAuthApp } from './auth/index.ts';
import type { ServerContext } from './context.ts';
import { compressJson } from './http/compress.ts';
import { anonymousEtag } from './http/etag.ts';
import { apiCors, requireApiKey } from './http/gateway.ts';
import { forwardClientAddress } from './http/client-address.ts';
import { readCache } from './http/read-cache.ts';
import { rejectMalformedPath, securityHeaders } from './http/security-headers.ts';
import { createDevMailApp } from './mail/index.ts';
import { createRestApp } from './rest/index.ts';
import { createPageCache, createSiteApp } from './site/index.ts';
import { servePageCache } from './site/serve-page.ts';
import { createStorageApp } from './storage/index.ts';

/** One Hono app for the whole site: the Supabase-compatible APIs under their usual prefixes, then the SPA. */
export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();
  const pages = createPageCache(ctx);
  // First: a rendered page already in memory is answered before anything else runs.
  app.use('*', servePageCache(pages, ctx.config.trustProxy));
  app.use('*', securityHeaders(), rejectMalformedPath());
  if (ctx.config.logRequests) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }
  for (const prefix of ['/auth/v1', '/rest/v1', '/storage/v1']) {
    app.use(`${prefix}/*`, apiCors, requireApiKey(ctx.keys), compressJson(prefix === '/storage/v1' ? /^application\/json/i : undefined));
  }
  app.use('/rest/v1/*', forwardClientAddress(ctx.config.trustProxy), anonymousEtag(ctx.keys));
  if (ctx.readCache) app.use('/rest/v1/*', readCache(ctx.readCache, ctx.keys));
  app.route('/auth/v1', createAuthApp(ctx));
  app.route('/rest/v1', createRestApp(ctx));
  app.route('/storage/v1', createStorageApp(ctx));
  if (ctx.config.devMailbox && !ctx.config.smtpUrl) app.route('/_dev', createDevMailApp(ctx));
  app.route('/', createSiteApp(ctx, async (input, init, env) => app.request(input instanceof Request ? input : String(input), init, env), pages));
  app.onError((error, c) => {
    console.error(`[server] ${c.req.method} ${c.req.path}:`, error);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
