import type { Context } from 'hono';
import type { AuthErrorCode } from '../../src/lib/auth-error-codes.ts';
import { isPgError } from '../db/adapter.ts';

export type { AuthErrorCode };

/** GoTrue's API version header; auth-js reads `body.code` only when the response carries it. */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/** An error answered in GoTrue's shape. `extra` lands in the body (weak_password reasons). */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Sent as Retry-After: how long a refused client should wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** OAuth-style error (`{error, error_description}`), used by GoTrue for an empty refresh token. */
export class OAuthError extends Error {
  constructor(readonly error: string, readonly description: string) {
    super(description);
  }
}

export const errors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  refreshNoSession: () => new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  rateLimited: (retryAfterSeconds?: number) =>
    new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, retryAfterSeconds),
  emailSendRateLimited: (seconds: number) =>
    new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
  tooLarge: (limit: number) => new AuthError(413, 'request_too_large', `Request body must not exceed ${limit} bytes`),
  unexpected: () =>
    new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
};

/**
 * Writes the error the way GoTrue does: the 2024-01-01 shape when the client asked for it
 * (supabase-js always does), else the legacy `{code:<status>, error_code, msg}` shape.
 */
export function sendAuthError(c: Context, error: AuthError | OAuthError): Response {
  if (error instanceof OAuthError) {
    return c.json({ error: error.error, error_description: error.description }, 400);
  }
  const status = error.status as 400;
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
  if (c.req.header(API_VERSION_HEADER)) {
    c.header(API_VERSION_HEADER, API_VERSION);
    return c.json({ code: error.code, message: error.message, ...error.extra }, status);
  }
  c.header('x-sb-error-code', error.code);
  return c.json({ code: error.status, error_code: error.code, msg: error.message, ...error.extra }, status);
}

/**
 * The site's rule for a key's name (private.require_plain_key_name: no URL or markup, on enrolment
 * and rename) answered as GoTrue answers a bad field, with the rule's Indonesian text.
 */
export function keyNameRefusal(error: unknown): never {
  if (isPgError(error) && error.code === '23514') throw errors.validation(error.message);
  throw error;
}
