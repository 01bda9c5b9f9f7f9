import type { Hono } from 'hono';
import { errors } from '../errors.ts';
import { callerRow, publicRow } from '../objects.ts';
import { parseTransform } from '../render.ts';
import type { StorageDeps } from './deps.ts';

/** GET /render/image/{public|authenticated}/…: Supabase's image transformation (storage-js `transform`). */
export function renderRoutes(app: Hono, deps: StorageDeps): void {
  app.get('/render/image/*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const rest = pathname.slice(pathname.indexOf('/render/image/') + '/render/image/'.length);
    const transform = parseTransform(c.req.query());
    if (rest.startsWith('public/')) return deps.render(c, await publicRow(deps, rest.slice('public/'.length)), transform);
    if (rest.startsWith('authenticated/')) return deps.render(c, await callerRow(deps, c, rest.slice('authenticated/'.length)), transform);
    throw errors.routeNotFound(c.req.method, pathname);
  });
}
