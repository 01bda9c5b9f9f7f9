import type { Hono } from 'hono';
import type { MailMessage } from '../mail/mailer.ts';
import { addEmailToAnonymous, checkAnonymousUpdate } from './anonymous.ts';
import { authenticate } from './authenticate.ts';
import { sendLater } from './code-mail.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { checkPasswordStrength, metadataField, readJson, stringField, validateEmail, type Body } from './request.ts';
import { sendSecurityNotice } from './security-notice.ts';
import { requireRecentSignInOrNonce } from './reauthentication.ts';
import { requireSecondStepIfEnrolled } from './second-step-gate.ts';
import { findUserById, userJson } from './users.ts';

/**
 * user_metadata travels in every access token and every /user answer: PUT /user may not grow it
 * past these (GoTrue's body limit alone would let it grow with each request).
 */
export const METADATA_MAX_KEYS = 32;
export const METADATA_MAX_BYTES = 4096;

function checkMetadata(merged: Body): void {
  if (Object.keys(merged).length > METADATA_MAX_KEYS || Buffer.byteLength(JSON.stringify(merged)) > METADATA_MAX_BYTES) {
    throw new AuthError(422, 'validation_failed',
      `Data pengguna terlalu besar: paling banyak ${METADATA_MAX_KEYS} kunci dan ${METADATA_MAX_BYTES / 1024} KB.`);
  }
}

/** GET and PUT /user, as GoTrue's internal/api/user.go. */
export function userRoutes(app: Hono, env: AuthEnv): void {
  const { ctx } = env;
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
    const nonce = stringField(body, 'nonce');
    let confirmation: MailMessage | null = null;
    // a nonce is a code that can be guessed: counted before the transaction that compares it
    const nonceAttempt = password !== undefined && nonce !== '' && ctx.config.authPasswordReauthentication
      ? await env.limits.attempt([{ name: 'otpFailures', key: (await authenticate(ctx, c, ctx.db)).user.email ?? '' }])
      : null;
    const user = await ctx.db.transaction(async (tx) => {
      // authentication first, as in GoTrue: an anonymous caller learns nothing about the rules
      const { user: current, sessionId } = await authenticate(ctx, c, tx);
      if (password !== undefined) {
        checkPasswordStrength(password);
        await requireSecondStepIfEnrolled(tx, current.id, sessionId,
          { status: 401, message: 'AAL2 session is required to update email or password when MFA is enabled.' });
        if (ctx.config.authPasswordReauthentication) await requireRecentSignInOrNonce(tx, current, sessionId, nonce, nonceAttempt);
      }
      checkAnonymousUpdate(current, { password, email, phone });
      const newEmail = email !== '' && email.trim().toLowerCase() !== current.email ? validateEmail(email) : '';
      if (newEmail !== '' && !current.is_anonymous) {
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
        checkMetadata(merged);
        await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
          [current.id, JSON.stringify(merged)]);
      }
      if (password !== undefined) {
        if (current.encrypted_password && (await verifyPassword(password, current.encrypted_password))) {
          throw errors.samePassword();
        }
        // a new password ends the account's passkeys (a trigger) unless the owner asked to keep them
        if (body.keep_passkeys === true) await tx.query(`select set_config('skadron.keep_passkeys', 'on', true)`);
        await tx.query(
          `update auth.users set encrypted_password = $2, recovery_token = '', reauthentication_token = '',
             updated_at = now() where id = $1`, [current.id, await hashPassword(password)]);
        // the session that changed the password stays; every other one ends
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [current.id, sessionId]);
      }
      if (newEmail !== '') {
        if (!ctx.config.authAutoconfirm) await env.limits.consumeEmailSend('otpEmail', newEmail);
        confirmation = await addEmailToAnonymous(env, tx, current, newEmail, env.redirectFor(c, c.req.query('redirect_to')));
      }
      return (await findUserById(tx, current.id))!;
    }).finally(() => nonceAttempt?.passed());
    if (confirmation) sendLater(env, confirmation);
    if (password !== undefined) sendSecurityNotice(env, user.email, 'password-changed');
    return c.json(userJson(user));
  });
}
