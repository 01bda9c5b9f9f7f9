import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { Keys } from '../keys.ts';

/** Routes Supabase's API gateway leaves open: links opened from e-mails and public files. */
const OPEN_ROUTES = [
  /^\/auth\/v1\/(verify|health|callback)$/,
  /^\/storage\/v1\/object\/public\//,
  /^\/storage\/v1\/render\/image\/public\//,
];

/** CORS as Supabase answers it, so a site on another origin (dev server, hosted build) works. */
export const apiCors = cors({
  origin: (origin) => origin || '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  exposeHeaders: [
    'Content-Encoding', 'Content-Location', 'Content-Range', 'Content-Type', 'Date', 'Location',
    'Server', 'Transfer-Encoding', 'Range-Unit', 'X-Total-Count', 'Link', 'X-Supabase-Api-Version',
    'ETag', 'Last-Modified', 'Content-Length', 'Accept-Ranges', 'Preference-Applied',
  ],
  maxAge: 86400,
});

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
