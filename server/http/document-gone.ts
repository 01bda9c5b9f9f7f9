import type { MiddlewareHandler } from 'hono';
import { paths } from '../../src/lib/paths.ts';
import { setSharedCache } from './cdn-cache.ts';
import { replaceResponse } from './compress.ts';

/** The site's own page for a path, rendered as it would be for this request's visitor. */
export type RenderSitePage = (path: string, request: Request, env: unknown) => Promise<Response>;

/**
 * A document link opened in a browser that no longer leads to a file (withdrawn, deleted, an old
 * address from the sitemap or a search engine) gets the site's Indonesian page that points to
 * /informasi-publik, at the same address and still a 404, instead of the storage API's JSON error.
 * Programs asking for JSON (supabase-js, the back office) keep the error they understand.
 */
export function documentGone(render: RenderSitePage): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (c.req.method !== 'GET' || status < 400 || status >= 500 || status === 416) return;
    if (!/\btext\/html\b/i.test(c.req.header('accept') ?? '')) return;
    const page = await render(paths.documentGone, c.req.raw, c.env);
    const res = new Response(page.body, { status: 404, headers: page.headers });
    // a later publication of the same file purges this answer from the CDN
    setSharedCache(res.headers, ['pages', 'files', 'bucket-documents', 'documents']);
    replaceResponse(c, res);
  };
}

/** The visitor's headers for the page, without what belonged to the file request (a range, a validator). */
export function pageRequestHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  for (const name of ['range', 'if-range', 'if-none-match', 'if-modified-since']) copy.delete(name);
  return copy;
}
