import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, Hono } from 'hono';
import { clientIp } from '../http/client-ip.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { HashQueueFull } from './hash-queue.ts';
import { admitPasswordAttempt } from './password-guard.ts';
import { refuseWhenHashingFull, verifyPassword } from './password.ts';
import { clientMeta, readJson, stringField } from './request.ts';
import { createSession, refreshGrant, sessionResponse } from './sessions.ts';
import { findUserByEmail, findUserById, isBanned } from './users.ts';

/** How long a refused password sign-in from a client without a device cookie waits for its 429. */
const REFUSAL_PAUSE_MS = 500;

const refused = (error: unknown) => error instanceof HashQueueFull || (error instanceof AuthError && error.status === 429);

/** POST /token (password and refresh_token grants), as GoTrue's internal/api/token.go. */
export function tokenRoutes(app: Hono, env: AuthEnv): void {
  const { ctx, limits, devices } = env;

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') {
      return c.json(await passwordGrant(c).catch(async (error: unknown) => {
        // A refusal to a client that no account knows as its device comes after a pause: a flood
        // that waits for its answers, as scripts do, then sends a few attempts a second per
        // connection instead of as many as the event loop can refuse, which held up every other
        // request (issue 31). A known device is never refused through the shared lane.
        if (refused(error) && !devices.carriesAny(c)) await sleep(REFUSAL_PAUSE_MS);
        throw error;
      }));
    }
    if (grantType === 'refresh_token') {
      await limits.consume('refreshIp', clientIp(c, ctx.config.trustProxy));
      const body = await readJson(c);
      const session = await refreshGrant(ctx, stringField(body, 'refresh_token'));
      // a browser that was signed in before device cookies existed becomes a known device too
      devices.issue(c, (session.user as { id: string }).id);
      return c.json(session);
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
    // A waiting client answers 429 whether the e-mail exists or not, and even to the right
    // password, so the wait reveals nothing.
    // A client without any device cookie can only wait in the shared lane: when that is full the
    // answer is 429 whatever the account, so a flood is refused before the account lookup it
    // would otherwise cost on every attempt (issue 31: it held up other readers of the database).
    if (!devices.carriesAny(c)) refuseWhenHashingFull('shared');
    const user = await findUserByEmail(ctx.db, email);
    const attempt = await admitPasswordAttempt(env, c, email, user);
    const ok = await verifyPassword(password, user?.encrypted_password, attempt.lane).catch(async (error: unknown) => {
      await attempt.release();
      throw error;
    });
    if (!user || !ok) {
      await attempt.failed();
      throw errors.invalidCredentials();
    }
    await attempt.release();
    if (isBanned(user)) throw errors.userBanned();
    if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
    const session = await ctx.db.transaction(async (tx) => {
      const { sessionId, refreshToken } = await createSession(tx, user.id, 'password', clientMeta(c, ctx.config.trustProxy));
      const fresh = (await findUserById(tx, user.id))!;
      return sessionResponse(ctx, tx, fresh, sessionId, refreshToken);
    });
    devices.issue(c, user.id);
    return session;
  }
}
