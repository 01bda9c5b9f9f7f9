import type { Context, MiddlewareHandler } from 'hono';

/**
 * Supabase's gateway hands PostgREST the client's address in X-Forwarded-For, and database code
 * (the contact form's flood guard) counts per that address. This server is the gateway: whatever
 * the client sent is replaced by the address `resolve` gives (server/app.ts passes the rule TRUST_PROXY
 * decides by). CF-Connecting-IP, which database code reads first because Cloudflare sets it in front
 * of a hosted project (20261207150000_page_view_client_address.sql), is removed: here any client could
 * write it.
 */
export function forwardClientAddress(resolve: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    // The site's own reads for a page it renders (server/site/api.ts) carry the visitor's address
    // in the request environment, which no client can set.
    const visitor = (c.env as { visitor?: unknown } | undefined)?.visitor;
    c.req.raw.headers.set('X-Forwarded-For', typeof visitor === 'string' ? visitor : resolve(c));
    c.req.raw.headers.delete('CF-Connecting-IP');
    return next();
  };
}
