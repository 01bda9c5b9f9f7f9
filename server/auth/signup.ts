import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { isPgError } from '../db/adapter.ts';
import { anonymousSignup } from './anonymous.ts';
import { confirmationMail } from '../mail/templates.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { hashPassword } from './password.ts';
import { checkPasswordStrength, clientMeta, metadataField, readJson, stringField, validateEmail, type Body } from './request.ts';
import { createSession, sessionResponse } from './sessions.ts';
import { signupDatabaseError } from './signup-errors.ts';
import { CONFIRMATION_TTL_SECONDS, newConfirmationToken } from './link-tokens.ts';
import { findUserByEmail, findUserById, insertAuthUser, markEmailVerified, userJson, type UserRecord } from './users.ts';
import { log } from '../observability/log.ts';

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

/**
 * The answer a new sign-up gets, for an account that existed: same shape and this sign-up's data,
 * under a fresh id, so nobody learns that (or since when) the address had signed up before.
 */
function asNewSignup(user: Record<string, unknown>): Record<string, unknown> {
  const id = randomUUID();
  const identities = (user.identities as Record<string, unknown>[]).map((identity) => ({
    ...identity, identity_id: randomUUID(), id, user_id: id,
    identity_data: { ...(identity.identity_data as Record<string, unknown>), sub: id },
  }));
  const now = new Date().toISOString();
  return { ...user, id, identities, created_at: now, updated_at: now };
}

/** POST /signup, as GoTrue's internal/api/signup.go. */
export function signupRoutes(app: Hono, env: AuthEnv): void {
  const { ctx, limits } = env;

  // No name in the greeting: whoever signs up has not proven the address yet, so nothing they
  // typed goes into mail to it.
  async function sendConfirmation(email: string, token: string, redirectTo: string): Promise<void> {
    const link = `${ctx.config.siteUrl}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`;
    await ctx.mail.send(confirmationMail({ to: email, link, siteName: env.siteName }));
  }

  app.post('/signup', async (c) => {
    const body = await readJson(c);
    const rawEmail = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    const data = metadataField(body, 'data') ?? {};
    // as GoTrue's router: an anonymous sign-in counts against its own limit, not the sign-ups'
    if (rawEmail === '' && phone === '') return c.json(await anonymousSignup(env, c, data));
    await limits.consume('signupIp', clientIp(c, ctx.config.trustProxy));
    const password = stringField(body, 'password');
    if (rawEmail === '' && phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (rawEmail === '') throw errors.validation('To signup, please provide your email');
    if (password === '') throw errors.validation('Signup requires a valid password');
    checkPasswordStrength(password);
    const email = validateEmail(rawEmail);
    await limits.consume('signupEmail', email);
    const redirectTo = env.redirectFor(c, c.req.query('redirect_to'));
    const autoconfirm = ctx.config.authAutoconfirm;

    // Hashed before the lookup, so a sign-up for a registered address costs the same bcrypt
    // time as a new one and the answer's timing does not tell which addresses exist.
    const passwordHash = await hashPassword(password);
    const existing = await findUserByEmail(ctx.db, email);
    if (existing) return c.json(await repeatedSignup(existing, email, data, redirectTo, autoconfirm));

    const token = autoconfirm ? '' : newConfirmationToken();
    let result: { user: UserRecord; session?: Record<string, unknown> };
    try {
      result = await ctx.db.transaction(async (tx) => {
        const id = await insertAuthUser(tx, { email, passwordHash, data, confirmed: autoconfirm, confirmationToken: token });
        if (!autoconfirm) return { user: (await findUserById(tx, id))! };
        await markEmailVerified(tx, id);
        const { sessionId, refreshToken } = await createSession(tx, id, 'password', clientMeta(c, ctx.config.trustProxy));
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
      await sendConfirmation(email, token, redirectTo);
    } catch (error) {
      // without the mail nobody can confirm this account; undo it so the address can retry
      await ctx.db.query('delete from auth.users where id = $1', [result.user.id]);
      log.error({ err: error }, '[auth] sending the confirmation mail failed');
      throw new AuthError(500, 'unexpected_failure', 'Error sending confirmation mail');
    }
    return c.json(userJson(result.user));
  });

  /**
   * A signup for an address that already has an account. Confirmed: GoTrue's fake user (or
   * user_already_exists with autoconfirm). Unconfirmed: two people may now have typed a password
   * for this address, and nobody can tell whose is stored, so the stored one is cleared (nobody
   * signs in with it) and whoever opens a confirmation link chooses the password there (decision
   * 0024). The link already mailed keeps working: every mail carries the same token while it is
   * fresh, so a later signup never makes the owner's own link useless. The answer is the one a new
   * address gets (no wait, no 429).
   */
  async function repeatedSignup(existing: UserRecord, email: string, data: Body, redirectTo: string, autoconfirm: boolean) {
    if (autoconfirm) throw errors.userAlreadyExists();
    if (existing.email_confirmed_at) return fakeUser(email, data);
    let token = newConfirmationToken();
    try {
      await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ token: string }>(
          `update auth.users set encrypted_password = '', raw_user_meta_data = $2::jsonb,
             confirmation_token = case when confirmation_token <> ''
               and confirmation_sent_at > now() - make_interval(secs => $4) then confirmation_token else $3 end,
             confirmation_sent_at = now(), updated_at = now()
           where id = $1 returning confirmation_token as token`,
          [existing.id, JSON.stringify(data), token, CONFIRMATION_TTL_SECONDS]);
        token = rows[0]?.token ?? token;
        await tx.query(
          `update public.profiles set full_name = nullif(btrim($2::jsonb ->> 'full_name'), ''),
             username = nullif(btrim($2::jsonb ->> 'username'), ''), phone_number = nullif(btrim($2::jsonb ->> 'phone_number'), '')
           where id = $1`, [existing.id, JSON.stringify(data)]);
        await tx.query('delete from auth.sessions where user_id = $1', [existing.id]);
      });
    } catch (error) {
      throw signupDatabaseError(error);
    }
    await sendConfirmation(email, token, redirectTo);
    return asNewSignup(userJson((await findUserById(ctx.db, existing.id))!));
  }
}
