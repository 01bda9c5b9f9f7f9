/**
 * The auth service's error codes (GoTrue's names, `error_code` / `code` in its answers), in one
 * place for both sides: the server throws only these (server/auth), and the browser maps each
 * once to Indonesian (src/lib/error-messages.ts, typed so a new code without a message fails
 * the typecheck). Plain TypeScript with no imports: the Node server loads it as it is.
 */
export const AUTH_ERROR_CODES = [
  // signing in and up
  'invalid_credentials',
  'email_not_confirmed',
  'user_already_exists',
  'email_exists',
  'email_address_invalid',
  'weak_password',
  'same_password',
  'signup_disabled',
  'phone_provider_disabled',
  'user_banned',
  'otp_expired',
  'otp_disabled',
  'reauthentication_needed',
  'reauthentication_not_valid',
  // features this server keeps off (GoTrue's disabled answers)
  'anonymous_provider_disabled',
  'provider_disabled',
  'web3_provider_disabled',
  'saml_provider_disabled',
  'manual_linking_disabled',
  'passkey_disabled',
  'feature_disabled',
  // the admin API
  'not_admin',
  // sessions and tokens
  'no_authorization',
  'bad_jwt',
  'session_not_found',
  'session_expired',
  'user_not_found',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'no_anonymous',
  // two-step verification
  'insufficient_aal',
  'mfa_verification_failed',
  'mfa_challenge_expired',
  'mfa_ip_address_mismatch',
  'mfa_factor_not_found',
  'mfa_factor_name_conflict',
  'too_many_enrolled_mfa_factors',
  'mfa_phone_enroll_not_enabled',
  'mfa_webauthn_enroll_not_enabled',
  'mfa_webauthn_verify_not_enabled',
  // passkeys (a first factor)
  'webauthn_challenge_not_found',
  'webauthn_challenge_expired',
  'webauthn_verification_failed',
  'webauthn_credential_exists',
  'too_many_passkeys',
  // limits and malformed requests
  'over_request_rate_limit',
  'over_email_send_rate_limit',
  'validation_failed',
  'bad_json',
  'request_too_large',
  'not_found',
  'method_not_allowed',
  'unexpected_failure',
] as const

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number]

const known: ReadonlySet<string> = new Set(AUTH_ERROR_CODES)

export const isAuthErrorCode = (code: unknown): code is AuthErrorCode => typeof code === 'string' && known.has(code)
