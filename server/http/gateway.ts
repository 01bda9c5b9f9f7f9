import type { Context, MiddlewareHandler } from 'hono';
import { replaceResponse } from './compress.ts';
import type { Keys } from '../keys.ts';

/**
 * Routes Supabase's API gateway leaves open: links opened from e-mails, public files and signed
 * URLs (whose token is the credential; signing them still needs a key).
 */
const OPEN_ROUTES = [
  /^\/auth\/v1\/(verify|health|callback)$/,
  /^\/storage\/v1\/object\/public\//,
  /^\/storage\/v1\/render\/image\/public\//,
];
const OPEN_SIGNED = [
  { method: 'GET', path: /^\/storage\/v1\/(object|render\/image)\/sign\// },
  { method: 'HEAD', path: /^\/storage\/v1\/(object|render\/image)\/sign\// },
  { method: 'PUT', path: /^\/storage\/v1\/object\/upload\/sign\// },
];

const EXPOSE_HEADERS = [
  'Content-Encoding', 'Content-Location', 'Content-Range', 'Content-Type', 'Date', 'Location',
  'Server', 'Transfer-Encoding', 'Range-Unit', 'X-Total-Count', 'Link', 'X-Supabase-Api-Version',
  'ETag', 'Last-Modified', 'Content-Length', 'Accept-Ranges', 'Preference-Applied',
].join(',');
const ALLOW_METHODS = 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS';

export const ALLOW_ORIGIN = 'Access-Control-Allow-Origin';

/** The CORS headers of an API answer (not a preflight): any origin, the headers supabase-js reads. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  return { [ALLOW_ORIGIN]: origin || '*', 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
}

/**
 * CORS as Supabase answers it, so a site on another origin (dev server, hosted build) works. The
 * headers are added once the answer exists (hono/cors sets them before, which makes Hono copy
 * every answer into a new streamed Response, a cost on each API request).
 */
export const apiCors: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('origin');
  if (c.req.method === 'OPTIONS') {
    const headers = new Headers(corsHeaders(origin));
    headers.set('Vary', 'Origin');
    headers.set('Access-Control-Max-Age', '86400');
    headers.set('Access-Control-Allow-Methods', ALLOW_METHODS);
    const requested = c.req.header('Access-Control-Request-Headers');
    if (requested) {
      headers.set('Access-Control-Allow-Headers', requested.split(',').map((h) => h.trim()).join(','));
      headers.append('Vary', 'Access-Control-Request-Headers');
    }
    return new Response(null, { status: 204, statusText: 'No Content', headers });
  }
  await next();
  const add = (res: Response) => {
    for (const [name, value] of Object.entries(corsHeaders(origin))) res.headers.set(name, value);
    res.headers.append('Vary', 'Origin');
  };
  try {
    add(c.res);
  } catch {
    // a Response passed through from fetch has immutable headers: copy it once
    const copy = new Response(c.res.body, c.res);
    add(copy);
    replaceResponse(c, copy);
  }
};

function apiKeyOf(c: Context): string | undefined {
  return c.req.header('apikey') ?? c.req.query('apikey') ?? undefined;
}

/**
 * The API-key check of Supabase's gateway: every API request carries the anon or service key
 * (header `apikey` or query `?apikey=`), except the open routes above.
 */
export function requireApiKey(keys: Keys): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || OPEN_ROUTES.some((re) => re.test(c.req.path))) return next();
    if (OPEN_SIGNED.some((r) => r.method === c.req.method && r.path.test(c.req.path))) return next();
    const key = apiKeyOf(c);
    if (!key) {
      return c.json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
    }
    if (key !== keys.anonKey && key !== keys.serviceKey) {
      return c.json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);
    }
    return next();
  };
}
