import type { Context, MiddlewareHandler } from 'hono';
import { replaceResponse } from './compress.ts';

/**
 * What a CDN in front of the site may keep (issue 36, decision 0029). Browsers keep following
 * `Cache-Control` as before (pages: revalidate every time by ETag); shared caches get their own
 * directives in `CDN-Cache-Control` (RFC 9213; Cloudflare, Akamai) and `Surrogate-Control`
 * (Fastly, Varnish, Caddy's cache handler): a minute fresh, then served stale while one request
 * refreshes it, and for a day while this server fails. Content tags (`Cache-Tag`, `Surrogate-Key`)
 * name what a page shows, so a change purges exactly those pages (server/site/cdn-purge.ts).
 */
export const SHARED_DIRECTIVES = 'max-age=60, stale-while-revalidate=600, stale-if-error=86400';

export function setSharedCache(headers: Headers, tags: readonly string[]): void {
  headers.set('CDN-Cache-Control', `public, ${SHARED_DIRECTIVES}`);
  headers.set('Surrogate-Control', SHARED_DIRECTIVES);
  headers.set('Cache-Tag', tags.join(','));
  headers.set('Surrogate-Key', tags.join(' '));
}

/** Never kept by a shared cache; a browser may keep it for its own user only. */
export function setNoSharedCache(headers: Headers): void {
  headers.set('CDN-Cache-Control', 'no-store');
  headers.set('Surrogate-Control', 'no-store');
  headers.delete('Cache-Tag');
  headers.delete('Surrogate-Key');
  const browser = headers.get('Cache-Control');
  if (!browser) headers.set('Cache-Control', 'private, no-cache');
  else if (!/\b(private|no-store)\b/i.test(browser)) headers.set('Cache-Control', `private, ${browser.replace(/\bpublic\s*,?\s*/i, '')}`.replace(/,\s*$/, ''));
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The content tags of a public page or feed: every page carries `pages` (a deploy purges them all). */
export function pageTags(pathname: string): string[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const [, first, id] = path.split('/');
  const tags = ['pages'];
  if (path === '/') tags.push('articles', 'unit-pages');
  else if (path === '/kegiatan') tags.push('articles');
  else if (first === 'berita' && id && ID.test(id)) tags.push(`article-${id}`);
  else if (path === '/galeri') tags.push('galleries');
  else if (first === 'galeri' && id && ID.test(id)) tags.push(`gallery-${id}`);
  else if (path === '/profil' || path === '/struktur') tags.push('unit-pages');
  else if (path === '/kebijakan-privasi' || path === '/aksesibilitas') tags.push(`info-${path.slice(1)}`);
  else if (path === '/informasi-publik') tags.push('info-informasi-publik', 'documents');
  else if (path === '/rss.xml') tags.push('feed', 'articles');
  else if (path === '/sitemap.xml') tags.push('sitemap', 'articles', 'galleries', 'documents');
  return tags;
}

/** A public page's answer: shared-cacheable when it is content (200, or a 404 a publication can end, tagged so it does). */
export function applyPageCache(c: Context, status: number): void {
  // the same shell for everyone, but nothing a CDN should answer for the back office or sign-in
  const backOffice = /^\/(admin|login)(\/|$)/.test(c.req.path);
  if (!backOffice && (status === 200 || status === 404)) setSharedCache(c.res.headers, pageTags(c.req.path));
  else setNoSharedCache(c.res.headers);
}

const PUBLIC_FILE = /^\/storage\/v1\/(?:object|render\/image)\/public\/([^/]+)\//;
const DOCUMENT_FILE = /^\/storage\/v1\/object\/authenticated\/documents\//;

/**
 * The API's answers depend on who asks (a token, a session, a key), so no shared cache keeps them,
 * with two exceptions that are the same for everyone: files of public buckets, and a published
 * document's file asked for as a visitor (the anon key in the link, no token), which a purge of
 * `documents` drops when the document changes.
 */
export function apiCache(anonKey: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // a fresh Response: one passed through from fetch has immutable headers, and a lightweight one
    // built from the handler's parts may be rebuilt from those parts by the compression after it
    const res = new Response(c.res.body, c.res);
    decide(c, res.headers, anonKey);
    replaceResponse(c, res);
  };
}

function decide(c: Context, headers: Headers, anonKey: string): void {
  const ok = c.res.status === 200 || c.res.status === 206 || c.res.status === 304;
  const bucket = PUBLIC_FILE.exec(c.req.path)?.[1];
  if (ok && c.req.method === 'GET' && bucket) {
    setSharedCache(headers, ['files', `bucket-${bucket}`]);
  } else if (ok && c.req.method === 'GET' && DOCUMENT_FILE.test(c.req.path) && asVisitor(c, anonKey)) {
    setSharedCache(headers, ['files', 'bucket-documents', 'documents']);
    // a browser asks again each time (an ETag makes it cheap), so a withdrawn file is gone at once
    // rather than kept for the hour the upload asked for
    headers.set('Cache-Control', 'no-cache');
  } else {
    setNoSharedCache(headers);
  }
}

function asVisitor(c: Context, anonKey: string): boolean {
  const authorization = c.req.header('authorization');
  const key = c.req.header('apikey') ?? c.req.query('apikey');
  return key === anonKey && (!authorization || authorization === `Bearer ${anonKey}`);
}
