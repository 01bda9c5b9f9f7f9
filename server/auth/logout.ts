import type { Hono } from 'hono';
import { authenticate } from './authenticate.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { requireSecondStepIfEnrolled } from './second-step-gate.ts';

const OTHERS_NEED_AAL2 = { status: 422, message: 'AAL2 session is required to sign out other sessions when MFA is enabled.' } as const;

/** POST /logout with GoTrue's scopes (internal/api/logout.go). */
export function logoutRoutes(app: Hono, { ctx }: AuthEnv): void {
  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw errors.validation(`Unsupported logout scope "${scope}"`);
    }
    await ctx.db.transaction(async (tx) => {
      const { user, sessionId } = await authenticate(ctx, c, tx);
      if (scope === 'local' && sessionId) {
        await tx.query('delete from auth.sessions where id = $1', [sessionId]);
        return;
      }
      try {
        await requireSecondStepIfEnrolled(tx, user.id, sessionId, OTHERS_NEED_AAL2);
      } catch (error) {
        // supabase-js signs out globally by default: a password-only session of an enrolled
        // account (someone who has not given the code) ends itself, never the owner's sessions
        if (!(error instanceof AuthError) || scope !== 'global' || !sessionId) throw error;
        await tx.query('delete from auth.sessions where id = $1', [sessionId]);
        return;
      }
      if (scope === 'others') {
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [user.id, sessionId]);
      } else {
        await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
        // signing out everywhere is what an owner does who fears a stranger got in: a passkey the
        // stranger registered would sign them straight back in
        await tx.query('select private.end_passkeys($1)', [user.id]);
      }
    });
    return c.body(null, 204);
  });
}
