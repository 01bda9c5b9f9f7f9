import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerContext } from '../context.ts';
import { isPgError } from '../db/adapter.ts';
import { confirmationMail, senderName } from '../mail/templates.ts';
import { authenticate } from './authenticate.ts';
import { clientIp } from './client-ip.ts';
import { API_VERSION, API_VERSION_HEADER, AuthError, OAuthError, errors, sendAuthError } from './errors.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, hashPassword, verifyPassword } from './password.ts';
import { AuthRateLimits } from './rate-limit.ts';
import { chooseRedirect } from './redirect.ts';
import { createSession, refreshGrant, sessionResponse, type ClientMeta } from './sessions.ts';
import { signupDatabaseError } from './signup-errors.ts';
import { findUserByEmail, findUserById, insertAuthUser, isBanned, markEmailVerified, userJson, type UserRecord } from './users.ts';

/** Largest request body the auth API reads (user metadata included). */
export const AUTH_BODY_LIMIT = 64 * 1024;
/** GoTrue's SMTP max frequency: one confirmation mail per address per minute. */
const CONFIRMATION_RESEND_SECONDS = 60;
/** GoTrue's mailer OTP expiry: the link works for 24 hours. */
const CONFIRMATION_TTL_SECONDS = 24 * 3600;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Body = Record<string, unknown>;

/** Past this, an oversized upload is cut off instead of read to the end. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * Reads and discards the rest of a refused body. Answering before the upload ends makes Node
 * drop the connection, and the browser would then report a network failure instead of the 413.
 */
async function drain(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > DRAIN_LIMIT) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // the client went away; nothing left to answer
  }
}

async function readJson(c: Context): Promise<Body> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw errors.badJson((error as Error).message);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw errors.badJson('expected a JSON object');
  return parsed as Body;
}

function stringField(body: Body, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw errors.badJson(`field "${name}" must be a string`);
  return value;
}

function validateEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email === '') throw errors.validation('An email address is required');
  if (email.length > 255) throw errors.validation('An email address is too long');
  if (!EMAIL_RE.test(email)) throw errors.validation('Unable to validate email address: invalid format');
  return email;
}

function checkPasswordStrength(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw errors.weakPassword(PASSWORD_MIN_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw errors.validation(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  }
}

function metadataField(body: Body, name: string): Body | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw errors.badJson(`field "${name}" must be an object`);
  return value as Body;
}

function meta(c: Context): ClientMeta {
  return { ip: clientIp(c), userAgent: c.req.header('User-Agent') };
}

function newConfirmationToken(): string {
  // GoTrue's token_hash is 56 hex characters (SHA-224); any unguessable string of that form works
  return randomBytes(28).toString('hex');
}

/** The user object GoTrue sends for a signup of an already confirmed address: no real data. */
function fakeUser(email: string, data: Body): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export function createAuthApp(ctx: ServerContext): Hono {
  const app = new Hono();
  const limits = new AuthRateLimits(ctx.config.rateLimitScale);
  const siteName = senderName(ctx.config.mailFrom);
  const redirectFor = (c: Context, requested: string | undefined) =>
    chooseRedirect([requested, c.req.header('Referer')], ctx.config.siteUrl, ctx.config.redirectAllowList);

  app.use(async (c, next) => {
    await next();
    if (c.req.header(API_VERSION_HEADER)) c.header(API_VERSION_HEADER, API_VERSION);
  });
  app.use(bodyLimit({
    maxSize: AUTH_BODY_LIMIT,
    onError: async (c) => {
      await drain(c.req.raw);
      return sendAuthError(c, errors.tooLarge(AUTH_BODY_LIMIT));
    },
  }));

  async function sendConfirmation(user: { id: string; email: string; data: Body }, token: string, redirectTo: string): Promise<void> {
    const link = `${ctx.config.siteUrl}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`;
    const fullName = typeof user.data.full_name === 'string' ? user.data.full_name : undefined;
    await ctx.mail.send(confirmationMail({ to: user.email, link, siteName, fullName }));
  }

  app.post('/signup', async (c) => {
    await limits.consume('signupIp', clientIp(c));
    const body = await readJson(c);
    const rawEmail = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    const password = stringField(body, 'password');
    const data = metadataField(body, 'data') ?? {};
    if (rawEmail === '' && phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (rawEmail === '') throw errors.validation('To signup, please provide your email');
    if (password === '') throw errors.validation('Signup requires a valid password');
    checkPasswordStrength(password);
    const email = validateEmail(rawEmail);
    await limits.consume('signupEmail', email);
    const redirectTo = redirectFor(c, c.req.query('redirect_to'));
    const autoconfirm = ctx.config.authAutoconfirm;

    const existing = await findUserByEmail(ctx.db, email);
    if (existing) return c.json(await repeatedSignup(existing, email, data, redirectTo, autoconfirm));

    const passwordHash = await hashPassword(password);
    const token = autoconfirm ? '' : newConfirmationToken();
    let result: { user: UserRecord; session?: Record<string, unknown> };
    try {
      result = await ctx.db.transaction(async (tx) => {
        const id = await insertAuthUser(tx, { email, passwordHash, data, confirmed: autoconfirm, confirmationToken: token });
        if (!autoconfirm) return { user: (await findUserById(tx, id))! };
        await markEmailVerified(tx, id);
        const { sessionId, refreshToken } = await createSession(tx, id, 'password', meta(c));
        const user = (await findUserById(tx, id))!;
        return { user, session: await sessionResponse(ctx, tx, user, sessionId, refreshToken) };
      });
    } catch (error) {
      if (isPgError(error) && error.code === '23505' && error.constraint === 'users_email_partial_key') {
        // another signup for the same address won the race
        const winner = await findUserByEmail(ctx.db, email);
        if (winner) return c.json(await repeatedSignup(winner, email, data, redirectTo, autoconfirm));
      }
      throw signupDatabaseError(error);
    }
    if (result.session) return c.json(result.session);
    try {
      await sendConfirmation({ id: result.user.id, email, data }, token, redirectTo);
    } catch (error) {
      // without the mail nobody can confirm this account; undo it so the address can retry
      await ctx.db.query('delete from auth.users where id = $1', [result.user.id]);
      console.error('[auth] sending the confirmation mail failed:', error);
      throw new AuthError(500, 'unexpected_failure', 'Error sending confirmation mail');
    }
    return c.json(userJson(result.user));
  });

  /**
   * A signup for an address that already has an account. Confirmed: GoTrue's fake user (or
   * user_already_exists with autoconfirm). Unconfirmed: the confirmation is sent again, at most
   * once a minute; the stored password and metadata are left alone, since the caller has not
   * proven it owns the address. Both answer with a fake user, so a stranger learns nothing of the
   * first sign-up (its id or metadata).
   */
  async function repeatedSignup(existing: UserRecord, email: string, data: Body, redirectTo: string, autoconfirm: boolean) {
    if (autoconfirm) throw errors.userAlreadyExists();
    if (existing.email_confirmed_at) return fakeUser(email, data);
    if (existing.confirmation_sent_at) {
      const elapsed = (Date.now() - new Date(existing.confirmation_sent_at).getTime()) / 1000;
      if (elapsed < CONFIRMATION_RESEND_SECONDS) {
        throw errors.emailSendRateLimited(Math.max(1, Math.ceil(CONFIRMATION_RESEND_SECONDS - elapsed)));
      }
    }
    const token = newConfirmationToken();
    await ctx.db.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
      [existing.id, token]);
    await sendConfirmation({ id: existing.id, email, data: existing.raw_user_meta_data ?? {} }, token, redirectTo);
    return fakeUser(email, data);
  }

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') return c.json(await passwordGrant(c));
    if (grantType === 'refresh_token') {
      await limits.consume('refreshIp', clientIp(c));
      const body = await readJson(c);
      return c.json(await refreshGrant(ctx, stringField(body, 'refresh_token')));
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  });

  async function passwordGrant(c: Context): Promise<Record<string, unknown>> {
    await limits.consume('passwordIp', clientIp(c));
    const body = await readJson(c);
    const rawEmail = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    const password = stringField(body, 'password');
    if (rawEmail !== '' && phone !== '') throw errors.validation('Only an email address or phone number should be provided on login.');
    if (rawEmail === '' && phone === '') throw errors.validation('missing email or phone');
    if (rawEmail === '') throw errors.invalidCredentials();
    const email = rawEmail.trim().toLowerCase();
    if (email.length > 255) throw errors.invalidCredentials();
    // a locked address answers 429 even to the right password, and whether it exists or not
    await limits.check('passwordEmailFailures', email);
    const user = await findUserByEmail(ctx.db, email);
    const ok = await verifyPassword(password, user?.encrypted_password);
    if (!user || !ok) {
      await limits.penalise('passwordEmailFailures', email);
      throw errors.invalidCredentials();
    }
    if (isBanned(user)) throw errors.userBanned();
    if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
    return ctx.db.transaction(async (tx) => {
      const { sessionId, refreshToken } = await createSession(tx, user.id, 'password', meta(c));
      const fresh = (await findUserById(tx, user.id))!;
      return sessionResponse(ctx, tx, fresh, sessionId, refreshToken);
    });
  }

  app.get('/user', async (c) => {
    const { user } = await authenticate(ctx, c, ctx.db);
    return c.json(userJson(user));
  });

  app.put('/user', async (c) => {
    const body = await readJson(c);
    const data = metadataField(body, 'data');
    const password = body.password === undefined || body.password === null ? undefined : stringField(body, 'password');
    const email = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    const user = await ctx.db.transaction(async (tx) => {
      // authentication first, as in GoTrue: an anonymous caller learns nothing about the rules
      const { user: current, sessionId } = await authenticate(ctx, c, tx);
      if (password !== undefined) checkPasswordStrength(password);
      if (email !== '' && email.trim().toLowerCase() !== current.email) {
        throw new AuthError(422, 'validation_failed', 'Mengubah alamat e-mail tidak didukung oleh server ini.');
      }
      if (phone !== '' && phone !== current.phone) {
        throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
      }
      if (data) {
        // GoTrue merges the object; a key set to null is removed
        const merged: Body = { ...(current.raw_user_meta_data ?? {}) };
        for (const [key, value] of Object.entries(data)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
          [current.id, JSON.stringify(merged)]);
      }
      if (password !== undefined) {
        if (current.encrypted_password && (await verifyPassword(password, current.encrypted_password))) {
          throw errors.samePassword();
        }
        await tx.query(
          `update auth.users set encrypted_password = $2, recovery_token = '', reauthentication_token = '',
             updated_at = now() where id = $1`, [current.id, await hashPassword(password)]);
        // the session that changed the password stays; every other one ends
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [current.id, sessionId]);
      }
      return (await findUserById(tx, current.id))!;
    });
    return c.json(userJson(user));
  });

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

  app.get('/verify', async (c) => {
    const redirectTo = redirectFor(c, c.req.query('redirect_to'));
    const fail = (status: number, code: string, description: string) => {
      const error = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied' }[status] ?? 'server_error';
      const fragment = new URLSearchParams([['error', error], ['error_code', code], ['error_description', description], ['sb', '']]);
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
    };
    try {
      await limits.consume('verifyIp', clientIp(c));
    } catch {
      return fail(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    if (type !== 'signup' && type !== 'email') return fail(400, 'validation_failed', 'Verify requires a verification type');
    if (!/^[0-9a-f]{56}$/.test(token)) return fail(403, 'otp_expired', 'Email link is invalid or has expired');
    const session = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; fresh: boolean }>(
        `select id, confirmation_sent_at > now() - make_interval(secs => $2) as fresh
         from auth.users where confirmation_token = $1 for update`, [token, CONFIRMATION_TTL_SECONDS]);
      const row = rows[0];
      if (!row || !row.fresh) return null;
      const user = await findUserById(tx, row.id);
      if (!user || isBanned(user)) return null;
      await markEmailVerified(tx, row.id);
      const { sessionId, refreshToken } = await createSession(tx, row.id, 'otp', meta(c));
      const confirmed = (await findUserById(tx, row.id))!;
      return sessionResponse(ctx, tx, confirmed, sessionId, refreshToken);
    });
    if (!session) return fail(403, 'otp_expired', 'Email link is invalid or has expired');
    const fragment = new URLSearchParams();
    for (const key of ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']) {
      const value = key === 'sb' ? '' : key === 'type' ? type : String(session[key]);
      fragment.set(key, value);
    }
    return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
  });

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false, apple: false, azure: false, bitbucket: false, discord: false, facebook: false,
        figma: false, fly: false, github: false, gitlab: false, google: false, keycloak: false, kakao: false,
        linkedin: false, linkedin_oidc: false, notion: false, spotify: false, slack: false, slack_oidc: false,
        workos: false, twitch: false, twitter: false, zoom: false, email: true, phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: ctx.config.authAutoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }));

  app.get('/health', (c) =>
    c.json({ version: 'skadron-auth', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }));

  // HS256 secrets are never published; GoTrue answers an empty key set in that case
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }));

  const knownPaths = new Set(['/signup', '/token', '/user', '/logout', '/verify', '/settings', '/health', '/.well-known/jwks.json']);
  // a catch-all route, because Hono consults only the root app's notFound for mounted apps
  app.all('*', (c) => {
    const sub = c.req.path.replace(/^.*?\/auth\/v1/, '') || '/';
    return sendAuthError(c, knownPaths.has(sub) ? errors.methodNotAllowed() : errors.notFound());
  });

  app.onError((error, c) => {
    if (error instanceof AuthError || error instanceof OAuthError) return sendAuthError(c, error);
    console.error(`[auth] ${c.req.method} ${c.req.path}:`, error);
    return sendAuthError(c, errors.unexpected());
  });

  return app;
}
