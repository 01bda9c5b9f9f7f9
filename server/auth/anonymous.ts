import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { isPgError, type Queryable } from '../db/adapter.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { clientIp } from '../http/client-ip.ts';
import { issueLink, linkMail } from './code-mail.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { clientMeta, type Body } from './request.ts';
import { createSession, sessionResponse } from './sessions.ts';
import { findUserByEmail, findUserById, type UserRecord } from './users.ts';

/**
 * GoTrue's SignupAnonymously (internal/api/anonymous.go): POST /signup without e-mail or phone.
 * Off unless AUTH_ANONYMOUS_SIGN_INS; limited per client address per hour on its own count, as
 * GoTrue's RATE_LIMIT_ANONYMOUS_USERS. The user has no e-mail, password or identity, empty
 * app_metadata and is_anonymous set; the session's `amr` is `anonymous`. What such a user may do
 * in the database is held to a visitor's by migration 20261128060100.
 */
export async function anonymousSignup(env: AuthEnv, c: Context, data: Body): Promise<Record<string, unknown>> {
  const { ctx, limits } = env;
  if (!ctx.config.authAnonymousSignIns) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  await limits.consume('anonymousIp', clientIp(c, ctx.config.trustProxy));
  const meta = clientMeta(c, ctx.config.trustProxy);
  return ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
         raw_user_meta_data, is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', null, '', '{}'::jsonb,
         $2::jsonb, false, now(), now(), false, true)`,
      [id, JSON.stringify(data)]);
    const { sessionId, refreshToken } = await createSession(tx, id, 'anonymous', meta);
    const user = (await findUserById(tx, id))!;
    return sessionResponse(ctx, tx, user, sessionId, refreshToken);
  });
}

/**
 * PUT /user's rule for an anonymous user (GoTrue's UserUpdate): a password alone is refused, since
 * nobody could sign in with it.
 */
export function checkAnonymousUpdate(user: UserRecord, body: { password?: string; email: string; phone: string }): void {
  if (user.is_anonymous && body.password && body.email === '' && body.phone === '') {
    throw new AuthError(422, 'validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
  }
}

/**
 * An anonymous user adds an e-mail (GoTrue's UserUpdate for IsAnonymous): with autoconfirm it is
 * confirmed at once, as a sign-up would be; otherwise a link goes to the new address and the
 * account becomes permanent when it is opened (verify's email_change, then makePermanent).
 * Returns the mail to send once the transaction has committed.
 */
export async function addEmailToAnonymous(
  env: AuthEnv, tx: Queryable, user: UserRecord, email: string, redirectTo: string,
): Promise<MailMessage | null> {
  const taken = await findUserByEmail(tx, email);
  if (taken && taken.id !== user.id) throw errors.emailExists();
  if (env.ctx.config.authAutoconfirm) {
    try {
      await tx.query(
        `update auth.users set email = $2, email_confirmed_at = now(), email_change = '', email_change_token_new = '',
           updated_at = now() where id = $1`, [user.id, email]);
    } catch (error) {
      // another account took the address since the check above
      if (isPgError(error) && error.code === '23505') throw errors.emailExists();
      throw error;
    }
    await makePermanent(tx, user.id, email);
    return null;
  }
  const issued = await issueLink(env, tx, { id: user.id, email: '' }, 'email_change_new', redirectTo, email);
  return linkMail(env, email, 'email_change_new', issued, email);
}

/** GoTrue's createNewIdentity for an address given to a user that has no e-mail identity yet. */
export async function ensureEmailIdentity(tx: Queryable, userId: string, email: string, verified: boolean): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     select $1::text, $1::uuid, $2::jsonb, 'email', now(), now()
     where not exists (select 1 from auth.identities where user_id = $1::uuid and provider = 'email')`,
    [userId, JSON.stringify({ sub: userId, email: email.toLowerCase(), email_verified: verified, phone_verified: false })]);
}

/**
 * GoTrue's emailChangeVerify (and admin update with email_confirm) for an anonymous user: the
 * confirmed address gets an e-mail identity, app_metadata names the provider, and is_anonymous is
 * cleared (the database then gives the account a pending profile like any sign-up).
 */
export async function makePermanent(tx: Queryable, userId: string, email: string): Promise<void> {
  await ensureEmailIdentity(tx, userId, email, true);
  await tx.query(
    `update auth.users set is_anonymous = false, updated_at = now(),
       raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"provider":"email","providers":["email"]}'::jsonb
     where id = $1 and is_anonymous`, [userId]);
}
