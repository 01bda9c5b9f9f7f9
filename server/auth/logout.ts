import type { Hono } from 'hono';
import { authenticate } from './authenticate.ts';
import type { AuthEnv } from './env.ts';
import { errors } from './errors.ts';

/** POST /logout with GoTrue's scopes (internal/api/logout.go). */
export function logoutRoutes(app: Hono, { ctx }: AuthEnv): void {
  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw errors.validation(`Unsupported logout scope "${scope}"`);
    }
    await ctx.db.transaction(async (tx) => {
      const { user, sessionId } = await authenticate(ctx, c, tx);
      if (scope === 'global' || (scope === 'local' && !sessionId)) {
        await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
      } else if (scope === 'local') {
        await tx.query('delete from auth.sessions where id = $1', [sessionId]);
      } else {
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [user.id, sessionId]);
      }
    });
    return c.body(null, 204);
  });
}
