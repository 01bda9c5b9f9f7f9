import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { senderName } from '../mail/templates.ts';
import { drain } from '../http/body.ts';
import { adminLinkRoutes } from './admin-links.ts';
import { adminRoutes } from './admin.ts';
import { disabledRoutes } from './disabled.ts';
import { otpRoutes } from './otp.ts';
import { adminPasskeyRoutes } from './passkey-manage.ts';
import { passkeyRelyingParty, passkeyRoutes } from './passkeys.ts';
import { DeviceCookies } from './device-cookie.ts';
import type { AuthEnv } from './env.ts';
import { API_VERSION, API_VERSION_HEADER, AuthError, OAuthError, errors, sendAuthError } from './errors.ts';
import { HashQueueFull } from './hash-queue.ts';
import { logoutRoutes } from './logout.ts';
import { mfaRoutes } from './mfa.ts';
import { configureHashing } from './password.ts';
import { AuthRateLimits } from './rate-limit.ts';
import { chooseRedirect } from './redirect.ts';
import { recoverRoutes } from './recover.ts';
import { settingsRoutes } from './settings.ts';
import { signupRoutes } from './signup.ts';
import { tokenRoutes } from './token.ts';
import { userRoutes } from './user.ts';
import { verifyRoutes } from './verify.ts';
import { log } from '../observability/log.ts';
import { requestIdOf } from '../observability/requests.ts';

const KNOWN_PATHS = new Set(['/signup', '/recover', '/token', '/user', '/logout', '/verify', '/settings', '/health', '/factors',
  '/.well-known/jwks.json', '/otp', '/resend', '/reauthenticate', '/invite', '/admin/users', '/admin/generate_link']);

/** /auth/v1: GoTrue's API, one module per endpoint family as in supabase/auth internal/api. */
export function createAuthApp(ctx: ServerContext): Hono {
  const app = new Hono();
  configureHashing(ctx.config.authHashing);
  const env: AuthEnv = {
    ctx,
    limits: new AuthRateLimits(ctx.config.rateLimitScale, ctx.db),
    devices: new DeviceCookies(ctx.keys.deriveKey('auth-device-cookie'), ctx.config.siteUrl.startsWith('https:')),
    siteName: senderName(ctx.config.mailFrom),
    redirectFor: (c, requested) =>
      chooseRedirect([requested, c.req.header('Referer')], ctx.config.siteUrl, ctx.config.redirectAllowList),
  };

  app.use(async (c, next) => {
    await next();
    if (c.req.header(API_VERSION_HEADER)) c.header(API_VERSION_HEADER, API_VERSION);
  });

  // before the routes they guard: the admin check, and the grants and features kept off
  adminRoutes(app, env);
  adminLinkRoutes(app, env);
  adminPasskeyRoutes(app, env);
  const passkeyRp = passkeyRelyingParty(env);
  if (passkeyRp) passkeyRoutes(app, env, passkeyRp);
  disabledRoutes(app, env, { passkeys: passkeyRp !== null });
  signupRoutes(app, env);
  otpRoutes(app, env);
  recoverRoutes(app, env);
  tokenRoutes(app, env);
  userRoutes(app, env);
  logoutRoutes(app, env);
  verifyRoutes(app, env);
  settingsRoutes(app, env, passkeyRp !== null);
  mfaRoutes(app, env);

  // a catch-all route, because Hono consults only the root app's notFound for mounted apps
  app.all('*', (c) => {
    const sub = c.req.path.replace(/^.*?\/auth\/v1/, '') || '/';
    return sendAuthError(c, KNOWN_PATHS.has(sub) ? errors.methodNotAllowed() : errors.notFound());
  });

  app.onError(async (error, c) => {
    if (error instanceof AuthError && error.status === 413) await drain(c.req.raw);
    if (error instanceof AuthError || error instanceof OAuthError) return sendAuthError(c, error);
    if (error instanceof HashQueueFull) return sendAuthError(c, errors.rateLimited(error.retryAfterSeconds));
    log.error({ err: error, reqId: requestIdOf(c), method: c.req.method, path: c.req.path }, '[auth] request failed');
    return sendAuthError(c, errors.unexpected());
  });

  return app;
}
