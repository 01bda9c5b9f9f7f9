import type { Context, Hono } from 'hono';
import { clientIp } from './client-ip.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { verifyPassword } from './password.ts';
import { clientMeta, readJson, stringField } from './request.ts';
import { createSession, refreshGrant, sessionResponse } from './sessions.ts';
import { findUserByEmail, findUserById, isBanned } from './users.ts';

/** POST /token (password and refresh_token grants), as GoTrue's internal/api/token.go. */
export function tokenRoutes(app: Hono, env: AuthEnv): void {
  const { ctx, limits } = env;

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') return c.json(await passwordGrant(c));
    if (grantType === 'refresh_token') {
      await limits.consume('refreshIp', clientIp(c, ctx.config.trustProxy));
      const body = await readJson(c);
      return c.json(await refreshGrant(ctx, stringField(body, 'refresh_token')));
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  });

  async function passwordGrant(c: Context): Promise<Record<string, unknown>> {
    await limits.consume('passwordIp', clientIp(c, ctx.config.trustProxy));
    const body = await readJson(c);
    const rawEmail = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    const password = stringField(body, 'password');
    if (rawEmail !== '' && phone !== '') throw errors.validation('Only an email address or phone number should be provided on login.');
    if (rawEmail === '' && phone === '') throw errors.validation('missing email or phone');
    if (rawEmail === '') throw errors.invalidCredentials();
    const email = rawEmail.trim().toLowerCase();
    if (email.length > 255) throw errors.invalidCredentials();
    // Failures count per client address and per (address, e-mail), never per e-mail alone, so a
    // stranger guessing cannot lock the owner out; a waiting pair answers 429 whether the e-mail
    // exists or not, and even to the right password, so the wait reveals nothing.
    const ip = clientIp(c, ctx.config.trustProxy);
    const pair = `${ip}|${email}`;
    await limits.check('passwordIpFailures', ip);
    await limits.check('passwordPairFailures', pair);
    const user = await findUserByEmail(ctx.db, email);
    const ok = await verifyPassword(password, user?.encrypted_password);
    if (!user || !ok) {
      await limits.penalise('passwordIpFailures', ip);
      await limits.penaliseGrowing('passwordPairFailures', 'passwordPairStrikes', pair);
      throw errors.invalidCredentials();
    }
    if (isBanned(user)) throw errors.userBanned();
    if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
    return ctx.db.transaction(async (tx) => {
      const { sessionId, refreshToken } = await createSession(tx, user.id, 'password', clientMeta(c, ctx.config.trustProxy));
      const fresh = (await findUserById(tx, user.id))!;
      return sessionResponse(ctx, tx, fresh, sessionId, refreshToken);
    });
  }
}
