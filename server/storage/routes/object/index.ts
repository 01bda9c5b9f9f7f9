import type { Hono } from 'hono';
import type { StorageDeps } from '../deps.ts';
import { createObjectRoutes } from './create-object.ts';
import { deleteObjectsRoutes } from './delete-objects.ts';
import { getObjectRoutes } from './get-object.ts';
import { listObjectsRoutes } from './list-objects.ts';
import { listV2Routes } from './list-v2.ts';

/** The /object routes, the lists before the uploads (POST /object/list/… is not an upload into "list"). */
export function objectRoutes(app: Hono, deps: StorageDeps): void {
  listObjectsRoutes(app, deps);
  listV2Routes(app, deps);
  getObjectRoutes(app, deps);
  createObjectRoutes(app, deps);
  deleteObjectsRoutes(app, deps);
}
