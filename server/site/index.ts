import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { ServerContext } from '../context.ts';
import { fromRoot } from '../paths.ts';
import { createSiteApi, type LocalFetch } from './api.ts';
import { rssXml, sitemapXml } from './feeds.ts';
import { inlineScriptHashes } from './inline-scripts.ts';
import { createPageRenderer, type ContactRefusal, type LoginRefusal } from './render.ts';
import { readFormBody } from './contact-post.ts';
import { loginPost } from './login-post.ts';
import { SignInHandoffs } from './sign-in-handoff.ts';
import { HANDOFF_PATH } from '../../src/features/auth/api/handoff-names.ts';
import { LOGIN_FORM, sameSiteOnly } from './same-site.ts';
import { SENT_PARAM } from '../../src/features/contact/api/sent-param.ts';
import { PageCache } from './page-cache.ts';
import { KnownCategories, useKnownCategories } from './variants.ts';
import { applyPageCache } from '../http/cdn-cache.ts';
import { canonicalPath, headerList, pageKey, pageResponse, publicOrigin, recordHeaders } from './serve-page.ts';
import { paths } from '../../src/lib/paths.ts';
import { VIDEO_FRAME_ORIGINS } from '../../src/lib/video-embed.ts';

const DIST = fromRoot('dist');
const API_PREFIX = /^\/(auth|rest|storage|realtime)\/v1(\/|$)/;

/**
 * The rendered pages of this server: emptied by writes to its own database (the REST read cache's
 * generation); rendered from a hosted project, kept 10 seconds.
 */
export function createPageCache(ctx: ServerContext): PageCache {
  const hosted = Boolean(ctx.config.supabaseUrl && ctx.config.supabaseAnonKey);
  useKnownCategories(!hosted && ctx.readCache ? new KnownCategories(ctx.db, ctx.readCache) : undefined);
  return new PageCache(() => (hosted ? undefined : ctx.readCache));
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html with per-page meta (so link
 * previews see the article without running JavaScript), /env.js, sitemap.xml and robots.txt.
 */
export function createSiteApp(ctx: ServerContext, localFetch: LocalFetch, pages = createPageCache(ctx)): Hono {
  const app = new Hono();
  const { siteUrl } = ctx.config;
  const api = createSiteApi(ctx, localFetch);
  const renderer = createPageRenderer();
  const { trustProxy } = ctx.config;

  // For the Vite dev server's page; pages this server sends carry the config inline.
  app.get('/env.js', (c) => {
    const env = api.browserEnv(c);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(`window.__ENV__ = ${JSON.stringify(env)};\n`);
  });

  app.get('/robots.txt', (c) =>
    c.text(`User-agent: *\nDisallow: /admin\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`));

  app.get('/sitemap.xml', async (c) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    const body = await sitemapXml(api, siteUrl);
    applyPageCache(c, 200);
    return c.body(body);
  });

  app.get('/rss.xml', async (c) => {
    c.header('Content-Type', 'application/rss+xml; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    const body = await rssXml(api, siteUrl);
    applyPageCache(c, 200);
    return c.body(body);
  });

  if (!ctx.config.serveSite) return app;

  const indexFile = path.join(DIST, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) => (API_PREFIX.test(c.req.path) ? c.notFound()
      : c.text('Situs belum dibangun. Jalankan "npm run build" lalu mulai ulang server.', 503)));
    return app;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use('*', secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes(indexHtml)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // no https: wildcard: an article could otherwise load a tracking pixel from any host; no
      // data:, so no picture drawn inside stored HTML can show (issue 42)
      imgSrc: ["'self'", 'blob:', ...(ctx.config.storageOrigin ? [ctx.config.storageOrigin] : [])],
      connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
      // the map, and a video's player once a reader presses play (never before: pages show a facade)
      frameSrc: ['https://www.openstreetmap.org', ...VIDEO_FRAME_ORIGINS],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
  }));
  app.use('*', compress());
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Before the static files: "/" would otherwise be dist/index.html without its page meta.
  app.get('/', (c) => renderPage(c));
  // The contact form without JavaScript (or before it loaded): sent, then back to the page with
  // the thank-you; refused, the page again with the same messages, never kept in the page cache.
  app.post(paths.contact, sameSiteOnly(trustProxy), async (c) => {
    // Sent through the visitor's own REST budget and flood limit, as the browser's insert is.
    const refusal = await renderer.submitContact(await readFormBody(c.req.raw), api.forRender(c).api);
    if (refusal === undefined) return c.text('Situs belum dibangun. Jalankan "npm run build" lalu mulai ulang server.', 503);
    if (refusal === null) return c.redirect(`${paths.contact}?${SENT_PARAM}=1`, 303);
    const page = await buildPage(c, new URL(canonicalPath(new URL(c.req.url)), c.req.url), { contactRefusal: refusal });
    c.header('Cache-Control', 'no-store');
    return c.html(page.html, page.status as ContentfulStatusCode);
  });
  // The sign-in form without JavaScript, and the app taking the session it signed in.
  const handoffs = new SignInHandoffs(ctx.db, siteUrl.startsWith('https:'));
  app.post(paths.login, sameSiteOnly(trustProxy, LOGIN_FORM), loginPost({
    renderer,
    api,
    handoffs,
    page: (c, loginRefusal) => buildPage(c, new URL(paths.login, c.req.url), { loginRefusal }),
  }));
  app.post(HANDOFF_PATH, sameSiteOnly(trustProxy, LOGIN_FORM), handoffs.take());
  app.use('*', serveStatic({
    root: path.relative(process.cwd(), DIST) || '.',
    onFound: (filePath, c) => {
      if (!filePath.includes(`${path.sep}assets${path.sep}`) && !filePath.endsWith('index.html')) {
        c.header('Cache-Control', 'public, max-age=86400');
      }
    },
  }));

  /**
   * The page for the canonical URL (the query parameters its route reads): match, load, meta and
   * render are the render bundle's (the page's route module), under this request's context, with
   * reads counted as the visitor's; `cacheable` is false when any read failed, so an error page
   * is never kept.
   */
  const buildPage = async (
    c: Context,
    url: URL,
    refusal: { contactRefusal?: ContactRefusal; loginRefusal?: LoginRefusal } = {},
  ): Promise<{ html: string; status: number; cacheable: boolean }> => {
    const { api: pageApi, failed } = api.forRender(c);
    const request = new Request(url, { method: 'GET', headers: c.req.raw.headers });
    const rendered = await renderer.renderPage(indexHtml, request, {
      api: pageApi,
      env: api.browserEnv(c),
      origin: publicOrigin(c, trustProxy),
      siteUrl,
      ...refusal,
    });
    return { html: rendered.html, status: rendered.status, cacheable: !failed() };
  };

  // Every visitor gets the same HTML for a URL (rendered as the anonymous role), so pages are
  // kept in memory and revalidated by ETag.
  const renderPage = async (c: Context) => {
    const page = await pages.getOrBuild(pageKey(c, trustProxy), () => buildPage(c, new URL(canonicalPath(new URL(c.req.url)), c.req.url)));
    recordHeaders(c, page);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Cache-Control', 'no-cache');
    applyPageCache(c, page.status);
    return pageResponse(c, page, headerList(c.res.headers));
  };
  app.get('*', (c) => (API_PREFIX.test(c.req.path) ? c.notFound() : renderPage(c)));
  return app;
}
