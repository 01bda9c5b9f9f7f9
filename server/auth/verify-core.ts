import type { Queryable } from '../db/adapter.ts';
import { makePermanent } from './anonymous.ts';
import { AuthError, errors } from './errors.ts';
import { CONFIRMATION_TTL_SECONDS, RECOVERY_TTL_SECONDS, otpHash } from './link-tokens.ts';
import { findUserByEmail, findUserById, isBanned, markEmailVerified, type UserRecord } from './users.ts';

/** The e-mail verification types of GoTrue's /verify. */
export const EMAIL_VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email', 'email_change'] as const;
export type EmailVerifyType = (typeof EMAIL_VERIFY_TYPES)[number];

export function isEmailVerifyType(type: string): type is EmailVerifyType {
  return (EMAIL_VERIFY_TYPES as readonly string[]).includes(type);
}

interface TokenState {
  id: string;
  confirmation_token: string;
  confirmation_fresh: boolean;
  recovery_token: string;
  recovery_fresh: boolean;
  email_change_token_current: string;
  email_change_token_new: string;
  email_change_fresh: boolean;
  email_change_confirm_status: number;
  email_change: string;
}

const TOKEN_STATE = `select id, coalesce(confirmation_token, '') as confirmation_token,
    coalesce(confirmation_sent_at > now() - make_interval(secs => ${CONFIRMATION_TTL_SECONDS}), false) as confirmation_fresh,
    coalesce(recovery_token, '') as recovery_token,
    coalesce(recovery_sent_at > now() - make_interval(secs => ${RECOVERY_TTL_SECONDS}), false) as recovery_fresh,
    coalesce(email_change_token_current, '') as email_change_token_current,
    coalesce(email_change_token_new, '') as email_change_token_new,
    coalesce(email_change_sent_at > now() - make_interval(secs => ${CONFIRMATION_TTL_SECONDS}), false) as email_change_fresh,
    coalesce(email_change_confirm_status, 0)::int as email_change_confirm_status, coalesce(email_change, '') as email_change
  from auth.users`;

/** Which stored token `hash` is for this type, once fresh: the type it resolves to, or null. */
function match(state: TokenState, type: EmailVerifyType, hash: string): EmailVerifyType | null {
  const confirmation = state.confirmation_token === hash && state.confirmation_fresh;
  const recovery = state.recovery_token === hash && state.recovery_fresh;
  switch (type) {
    case 'email':
      return confirmation ? 'signup' : recovery ? 'magiclink' : null;
    case 'signup':
    case 'invite':
      return confirmation ? type : null;
    case 'recovery':
    case 'magiclink':
      return recovery ? type : null;
    case 'email_change':
      return state.email_change_fresh && (state.email_change_token_current === hash || state.email_change_token_new === hash)
        ? type : null;
  }
}

export interface Verified {
  user: UserRecord;
  /** The type after GoTrue resolves `email` to signup or magiclink. */
  type: EmailVerifyType;
  /** A secure e-mail change whose other address has not confirmed yet: no session is issued. */
  waitingForOtherAddress: boolean;
}

/**
 * GoTrue's verifyTokenHash / verifyUserAndToken and the per-type completion (signupVerify,
 * recoverVerify, emailChangeVerify), on `tx` with the row locked. The token is used up here,
 * so a second use of the same link or code finds nothing. Unknown, expired, reused and other-type
 * tokens all answer the same 403 otp_expired.
 */
export async function verifyEmailToken(
  tx: Queryable, type: EmailVerifyType, by: { tokenHash: string } | { email: string; token: string },
): Promise<Verified> {
  let state: TokenState | undefined;
  let hash: string;
  if ('tokenHash' in by) {
    hash = by.tokenHash;
    const { rows } = await tx.query<TokenState>(
      `${TOKEN_STATE} where $1 <> '' and (confirmation_token = $1 or recovery_token = $1
         or email_change_token_current = $1 or email_change_token_new = $1) for update`, [hash]);
    state = rows[0];
  } else {
    const owner = await findUserByEmail(tx, by.email);
    hash = otpHash(by.email, by.token);
    if (owner) {
      const { rows } = await tx.query<TokenState>(`${TOKEN_STATE} where id = $1 for update`, [owner.id]);
      state = rows[0];
    }
    if (type === 'email_change' && !state) {
      // the code mailed to the new address is hashed with that address
      const { rows } = await tx.query<TokenState>(`${TOKEN_STATE} where lower(email_change) = lower($1) for update`, [by.email]);
      state = rows[0];
    }
  }
  const message = 'tokenHash' in by ? 'Email link is invalid or has expired' : 'Token has expired or is invalid';
  const resolved = state ? match(state, type, hash) : null;
  if (!state || !resolved) throw new AuthError(403, 'otp_expired', message);
  const user = (await findUserById(tx, state.id))!;
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');

  if (resolved === 'email_change') {
    const secure = state.email_change_token_current !== '' && state.email_change_token_new !== ''
      && state.email_change_confirm_status === 0;
    if (secure) {
      const column = state.email_change_token_current === hash ? 'email_change_token_current' : 'email_change_token_new';
      await tx.query(`update auth.users set ${column} = '', email_change_confirm_status = 1, updated_at = now() where id = $1`, [state.id]);
      return { user, type: resolved, waitingForOtherAddress: true };
    }
    const taken = await findUserByEmail(tx, state.email_change);
    if (taken && taken.id !== state.id) throw errors.emailExists();
    await tx.query(
      `update auth.users set email = email_change, email_change = '', email_change_token_current = '', email_change_token_new = '',
         email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now() where id = $1`, [state.id]);
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now() where user_id = $1 and provider = 'email'`, [state.id, state.email_change.toLowerCase()]);
    if (user.is_anonymous) await makePermanent(tx, state.id, state.email_change);
  } else if (resolved === 'recovery' || resolved === 'magiclink') {
    await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [state.id]);
    await markEmailVerified(tx, state.id);
  } else {
    await markEmailVerified(tx, state.id);
  }
  return { user: (await findUserById(tx, state.id))!, type: resolved, waitingForOtherAddress: false };
}
