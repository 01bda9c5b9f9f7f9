import type { Context, Hono } from 'hono';
import { clientIp } from '../http/client-ip.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors, type AuthErrorCode } from './errors.ts';
import { clientMeta, readJson, stringField, validateEmail, validatePhone } from './request.ts';
import { createSession, sessionResponse } from './sessions.ts';
import { isEmailVerifyType, verifyEmailToken, type EmailVerifyType } from './verify-core.ts';

/** GoTrue's answer to the first of the two confirmations of a secure e-mail change. */
const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * GET /verify (the mailed link, answered by a redirect) and POST /verify (a code or token_hash
 * sent by the client, answered with a session), as GoTrue's internal/api/verify.go.
 */
export function verifyRoutes(app: Hono, env: AuthEnv): void {
  const { ctx, limits } = env;

  /** Uses the token up and signs the account in, in one transaction. */
  async function complete(c: Context, type: EmailVerifyType, by: { tokenHash: string } | { email: string; token: string }) {
    return ctx.db.transaction(async (tx) => {
      const verified = await verifyEmailToken(tx, type, by);
      if (verified.waitingForOtherAddress) return { verified, body: null };
      const { sessionId, refreshToken } = await createSession(tx, verified.user.id, 'otp', clientMeta(c, ctx.config.trustProxy));
      return { verified, body: await sessionResponse(ctx, tx, verified.user, sessionId, refreshToken) };
    });
  }

  app.get('/verify', async (c) => {
    const redirectTo = env.redirectFor(c, c.req.query('redirect_to'));
    const back = (fragment: URLSearchParams) => c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
    const fail = (status: number, code: AuthErrorCode, description: string) => {
      const error = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied' }[status] ?? 'server_error';
      return back(new URLSearchParams([['error', error], ['error_code', code], ['error_description', description], ['sb', '']]));
    };
    try {
      await limits.consume('verifyIp', clientIp(c, ctx.config.trustProxy));
    } catch {
      return fail(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    if (!isEmailVerifyType(type)) return fail(400, 'validation_failed', 'Verify requires a verification type');
    if (!/^[0-9a-f]{56}$/.test(token)) return fail(403, 'otp_expired', 'Email link is invalid or has expired');
    let outcome;
    try {
      outcome = await complete(c, type, { tokenHash: token });
    } catch (error) {
      if (error instanceof AuthError) return fail(error.status, error.code, error.message);
      throw error;
    }
    if (!outcome.body) return back(new URLSearchParams([['message', SINGLE_CONFIRMATION], ['sb', '']]));
    // A password cleared by a repeated sign-up (or never set, for an invitation) is chosen now,
    // by the one who opened the link: the answer is a recovery's, which the site (and
    // supabase-js) follow with 'Atur Password Baru'.
    const resolved = outcome.verified.type;
    const choosePassword = resolved !== 'recovery' && !outcome.verified.user.encrypted_password;
    const fragment = new URLSearchParams();
    for (const key of ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']) {
      const value = key === 'sb' ? '' : key === 'type' ? (choosePassword ? 'recovery' : type) : String(outcome.body[key]);
      fragment.set(key, value);
    }
    return back(fragment);
  });

  app.post('/verify', async (c) => {
    await limits.consume('verifyIp', clientIp(c, ctx.config.trustProxy));
    const body = await readJson(c);
    const type = stringField(body, 'type');
    const token = stringField(body, 'token');
    const tokenHash = stringField(body, 'token_hash');
    const email = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    if (type === '') throw errors.validation('Verify requires a verification type');
    if ((token === '') === (tokenHash === '')) throw errors.validation('Verify requires either a token or a token hash');
    if (token !== '') {
      if (phone !== '' && email === '') {
        // no account here has a phone, so a well-formed number has no code either
        validatePhone(phone);
        throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
      }
      if (email === '' || phone !== '') throw errors.validation('Only an email address or phone number should be provided on verify');
    } else if (email !== '' || phone !== '' || stringField(body, 'redirect_to') !== '') {
      throw errors.validation('Only the token_hash and type should be provided');
    }
    if (type === 'sms' || type === 'phone_change') throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    if (!isEmailVerifyType(type)) {
      throw errors.validation(tokenHash !== '' ? 'Invalid email verification type' : 'Unsupported verification type');
    }
    if (tokenHash !== '') {
      const outcome = await complete(c, type, { tokenHash });
      return c.json(outcome.body ?? { msg: SINGLE_CONFIRMATION, code: '200' });
    }
    let address: string;
    try {
      address = validateEmail(email);
    } catch {
      throw new AuthError(422, 'validation_failed', 'Invalid email format');
    }
    // A six-digit code can be guessed: wrong codes are counted per address, whoever sends them.
    // Counted before the code is compared: a parallel burst compares at most the limit's codes.
    const attempt = await limits.attempt([{ name: 'otpFailures', key: address }]);
    try {
      const outcome = await complete(c, type, { email: address, token: token.trim() });
      await attempt.passed();
      return c.json(outcome.body ?? { msg: SINGLE_CONFIRMATION, code: '200' });
    } catch (error) {
      if (error instanceof AuthError && error.code === 'otp_expired') await attempt.failed();
      else await attempt.passed();
      throw error;
    }
  });
}
