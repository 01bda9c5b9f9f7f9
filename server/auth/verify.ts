import type { Hono } from 'hono';
import { clientIp } from './client-ip.ts';
import type { AuthEnv } from './env.ts';
import type { AuthErrorCode } from './errors.ts';
import { clientMeta } from './request.ts';
import { CONFIRMATION_TTL_SECONDS, RECOVERY_TTL_SECONDS } from './link-tokens.ts';
import { createSession, sessionResponse } from './sessions.ts';
import { findUserById, isBanned, markEmailVerified } from './users.ts';

/** GET /verify, the mailed link (GoTrue's internal/api/verify.go): answers by redirecting; type signup/email or recovery. */
export function verifyRoutes(app: Hono, env: AuthEnv): void {
  const { ctx, limits } = env;
  app.get('/verify', async (c) => {
    const redirectTo = env.redirectFor(c, c.req.query('redirect_to'));
    const fail = (status: number, code: AuthErrorCode, description: string) => {
      const error = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied' }[status] ?? 'server_error';
      const fragment = new URLSearchParams([['error', error], ['error_code', code], ['error_description', description], ['sb', '']]);
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
    };
    try {
      await limits.consume('verifyIp', clientIp(c, ctx.config.trustProxy));
    } catch {
      return fail(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    if (type !== 'signup' && type !== 'email' && type !== 'recovery') {
      return fail(400, 'validation_failed', 'Verify requires a verification type');
    }
    if (!/^[0-9a-f]{56}$/.test(token)) return fail(403, 'otp_expired', 'Email link is invalid or has expired');
    const recovery = type === 'recovery';
    const session = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; fresh: boolean }>(
        recovery
          ? `select id, recovery_sent_at > now() - make_interval(secs => $2) as fresh
             from auth.users where recovery_token = $1 for update`
          : `select id, confirmation_sent_at > now() - make_interval(secs => $2) as fresh
             from auth.users where confirmation_token = $1 for update`,
        [token, recovery ? RECOVERY_TTL_SECONDS : CONFIRMATION_TTL_SECONDS]);
      const row = rows[0];
      if (!row || !row.fresh) return null;
      const user = await findUserById(tx, row.id);
      if (!user || isBanned(user)) return null;
      // one use: the token goes with the first visit; a recovery link also proves the address
      if (recovery) await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [row.id]);
      await markEmailVerified(tx, row.id);
      const { sessionId, refreshToken } = await createSession(tx, row.id, 'otp', clientMeta(c, ctx.config.trustProxy));
      const confirmed = (await findUserById(tx, row.id))!;
      // A password cleared by a repeated sign-up is chosen now, by the one who opened the link:
      // the answer is a recovery's, which the site (and supabase-js) follow with 'Atur Password Baru'.
      const choosePassword = !recovery && !confirmed.encrypted_password;
      return { choosePassword, body: await sessionResponse(ctx, tx, confirmed, sessionId, refreshToken) };
    });
    if (!session) return fail(403, 'otp_expired', 'Email link is invalid or has expired');
    const fragment = new URLSearchParams();
    for (const key of ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']) {
      const value = key === 'sb' ? '' : key === 'type' ? (session.choosePassword ? 'recovery' : type) : String(session.body[key]);
      fragment.set(key, value);
    }
    return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
  });
}
