import type { MiddlewareHandler } from 'hono';
import { rawPath } from './url.ts';

/**
 * Headers every answer carries, API JSON and /env.js included, not only the site's pages: a
 * browser must never sniff an API answer or a served script into another type. The pages' own
 * Content-Security-Policy is set where they are rendered (server/site).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const missing = Object.entries(SECURITY_HEADERS).filter(([name]) => !c.res.headers.has(name));
    if (missing.length === 0) return;
    try {
      for (const [name, value] of missing) c.res.headers.set(name, value);
    } catch {
      // a Response passed through from fetch has immutable headers: copy it once
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of missing) c.res.headers.set(name, value);
    }
  };
}

/**
 * A path whose percent-escapes do not decode (`/berita/%E0%A4%A`) is a client error: answered
 * 400 here, before any route tries to decode it and fails with a 500.
 */
export function rejectMalformedPath(): MiddlewareHandler {
  return async (c, next) => {
    const raw = rawPath(c.req.url);
    if (raw.includes('%')) {
      try {
        decodeURIComponent(raw);
      } catch {
        return c.text('Alamat tidak valid.', 400);
      }
    }
    return next();
  };
}
