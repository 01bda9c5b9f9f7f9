import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { S3Unavailable } from '../s3/client.ts';
import { errorResponse, errors, StorageError } from './errors.ts';
import { recoverStorage } from './recovery.ts';
import { createRenderer } from './render.ts';
import { bucketAdminRoutes } from './routes/bucket-admin.ts';
import { bucketRoutes } from './routes/bucket.ts';
import type { StorageDeps } from './routes/deps.ts';
import { objectRoutes } from './routes/object/index.ts';
import { moveCopyRoutes } from './routes/move-copy.ts';
import { renderRoutes } from './routes/render.ts';
import { signedUrlRoutes } from './routes/signed-urls.ts';
import { log } from '../observability/log.ts';
import { requestIdOf } from '../observability/requests.ts';

export { FileStore } from './disk.ts';
export { recoverStorage } from './recovery.ts';

/**
 * Reconciles the stored files with storage.objects after a restart (see recovery.ts). An S3
 * bucket that cannot be reached does not stop the start: the log says why, /readyz answers 503
 * and uploads are refused until it answers.
 */
export async function recoverStorageFiles(ctx: ServerContext): Promise<void> {
  let report;
  try {
    report = await recoverStorage(ctx.db, ctx.blobs);
  } catch (error) {
    if (!(error instanceof S3Unavailable)) throw error;
    log.error(`[storage] ${error.message}; stored files cannot be read or written until it answers`);
    return;
  }
  if (ctx.blobs.kind === 's3') log.info(`[storage] stored files in ${ctx.blobs.where}`);
  const changed = report.completed + report.discardedTemp + report.removedOrphans;
  if (changed > 0) {
    log.warn(`[storage] recovered after restart: ${report.completed} upload(s) completed, `
      + `${report.discardedTemp} unfinished upload(s) and ${report.removedOrphans} orphan file(s) removed`);
  }
}

/**
 * Storage-compatible API (`/storage/v1`): objects in storage.objects guarded by the app's storage
 * policies, bytes under DATA_DIR/storage or in an S3 bucket (STORAGE_BACKEND). One file per route family under routes/,
 * as supabase/storage lays out src/http/routes; every error comes from errors.ts. The server runs
 * recoverStorageFiles() before it listens, so files and rows left by a crash are reconciled
 * before any request.
 */
export function createStorageApp(ctx: ServerContext): Hono {
  const store = ctx.blobs;
  const deps: StorageDeps = {
    ctx,
    store,
    render: createRenderer(store, {
      cacheBytes: ctx.config.renderCacheMb * 1024 * 1024,
      queueLength: ctx.config.renderQueue,
      rateLimitScale: ctx.config.rateLimitScale,
      trustProxy: ctx.config.trustProxy,
      freeSpace: ctx.freeSpace,
    }),
  };
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof StorageError) return errorResponse(c, error);
    if (error instanceof S3Unavailable) {
      log.error({ reqId: requestIdOf(c), method: c.req.method, path: c.req.path }, `[storage] ${error.message}`);
      return errorResponse(c, errors.storageUnavailable());
    }
    // the client went away mid-upload: nothing to log, and nobody will read the answer
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || error.message === 'aborted') {
      return errorResponse(c, errors.invalidRequest('The request body ended early'));
    }
    log.error({ err: error, reqId: requestIdOf(c), method: c.req.method, path: c.req.path }, '[storage] request failed');
    return errorResponse(c, errors.internal());
  });

  // before the object and render routes, which would read `sign`, `move` or `copy` as a bucket name
  signedUrlRoutes(app, deps);
  moveCopyRoutes(app, deps);
  bucketRoutes(app, deps);
  bucketAdminRoutes(app, deps);
  objectRoutes(app, deps);
  renderRoutes(app, deps);
  // mounted under the site, an unknown storage route must not fall through to the SPA's HTML
  app.all('*', (c) => errorResponse(c, errors.routeNotFound(c.req.method, new URL(c.req.url).pathname)));
  return app;
}
