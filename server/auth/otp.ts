import type { Hono } from 'hono';
import { reauthenticationMail } from '../mail/code-templates.ts';
import { authenticate } from './authenticate.ts';
import { clientIp } from '../http/client-ip.ts';
import { issueLink, linkMail, sendLater } from './code-mail.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { RECOVERY_TTL_SECONDS, newEmailOtp } from './link-tokens.ts';
import { metadataField, readJson, stringField, validateEmail } from './request.ts';
import { findUserByEmail, insertAuthUser } from './users.ts';

function boolOr(value: unknown, fallback: boolean, name: string): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw errors.badJson(`field "${name}" must be a boolean`);
  return value;
}

/**
 * POST /otp (magic link and code by e-mail), POST /resend and GET /reauthenticate, as GoTrue's
 * otp.go, magic_link.go, resend.go and reauthenticate.go. Every answer that could tell whether an
 * address has an account is the same `{}` (see decision 0031), and the mail goes out after it.
 */
export function otpRoutes(app: Hono, env: AuthEnv): void {
  const { ctx, limits } = env;

  app.post('/otp', async (c) => {
    await limits.consume('otpIp', clientIp(c, ctx.config.trustProxy));
    const body = await readJson(c);
    const rawEmail = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    const createUser = boolOr(body.create_user, true, 'create_user');
    const data = metadataField(body, 'data') ?? {};
    if (rawEmail !== '' && phone !== '') throw errors.validation('Only an email address or phone number should be provided');
    if (rawEmail !== '' && stringField(body, 'channel') !== '') throw errors.validation('Channel should only be specified with Phone OTP');
    if (rawEmail === '' && phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    if (rawEmail === '') throw errors.validation('One of email or phone must be set');
    const email = validateEmail(rawEmail);
    await limits.consumeEmailSend('otpEmail', email);
    const redirectTo = env.redirectFor(c, c.req.query('redirect_to'));

    const mail = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing && existing.email_confirmed_at) {
        const issued = await issueLink(env, tx, { id: existing.id, email }, 'magiclink', redirectTo);
        return linkMail(env, email, 'magiclink', issued);
      }
      if (!createUser) return null;
      // A new address signs up without a password (it chooses one after confirming); its profile
      // comes from the site's signup trigger, pending, so the approval flow holds as for /signup.
      // An unconfirmed account may hold a password someone else typed for this address: it is
      // cleared, and whoever confirms chooses one (as a repeated signup does, decision 0024).
      if (existing) {
        await tx.query(`update auth.users set encrypted_password = '', updated_at = now() where id = $1`, [existing.id]);
        await tx.query('delete from auth.sessions where user_id = $1', [existing.id]);
      }
      const id = existing?.id ?? (await insertAuthUser(tx, { email, passwordHash: '', data, confirmed: false }));
      const issued = await issueLink(env, tx, { id, email }, 'signup', redirectTo);
      return linkMail(env, email, 'signup', issued);
    });
    if (mail) sendLater(env, mail);
    return c.json({});
  });

  app.post('/resend', async (c) => {
    await limits.consume('otpIp', clientIp(c, ctx.config.trustProxy));
    const body = await readJson(c);
    const type = stringField(body, 'type');
    const rawEmail = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (rawEmail === '' && type === 'signup') throw errors.validation('Type provided requires an email address');
    if (phone === '' && type === 'sms') throw errors.validation('Type provided requires a phone number');
    if (rawEmail !== '' && phone !== '') throw errors.validation('Only an email address or phone number should be provided.');
    if (phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    if (rawEmail === '') throw errors.validation('Missing email address or phone number');
    const email = validateEmail(rawEmail);
    await limits.consumeEmailSend('otpEmail', email);
    const redirectTo = env.redirectFor(c, c.req.query('redirect_to'));

    const mails = await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return [];
      if (type === 'signup') {
        if (user.email_confirmed_at) return [];
        return [linkMail(env, email, 'signup', await issueLink(env, tx, { id: user.id, email }, 'signup', redirectTo))];
      }
      const { rows } = await tx.query<{ email_change: string; current: string }>(
        `select coalesce(email_change, '') as email_change, coalesce(email_change_token_current, '') as current
         from auth.users where id = $1 for update`, [user.id]);
      const change = rows[0];
      if (!change || change.email_change === '') return [];
      const out = [];
      if (change.current !== '') {
        const issued = await issueLink(env, tx, { id: user.id, email }, 'email_change_current', redirectTo, change.email_change);
        out.push(linkMail(env, email, 'email_change_current', issued, change.email_change));
      }
      const issued = await issueLink(env, tx, { id: user.id, email }, 'email_change_new', redirectTo, change.email_change);
      out.push(linkMail(env, change.email_change, 'email_change_new', issued, change.email_change));
      return out;
    });
    for (const mail of mails) sendLater(env, mail);
    return c.json({});
  });

  app.get('/reauthenticate', async (c) => {
    const { user } = await authenticate(ctx, c, ctx.db);
    if (!user.email) {
      throw errors.validation('Reauthentication requires the user to have an email or a phone number');
    }
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    await limits.consumeEmailSend('otpEmail', user.email);
    const { otp, hash } = newEmailOtp(user.email);
    await ctx.db.query(
      `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, hash]);
    sendLater(env, reauthenticationMail({ to: user.email, code: otp, siteName: env.siteName, validMinutes: RECOVERY_TTL_SECONDS / 60 }));
    return c.json({});
  });
}
