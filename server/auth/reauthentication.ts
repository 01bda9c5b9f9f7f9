import type { Queryable } from '../db/adapter.ts';
import type { Attempt } from './rate-limit.ts';
import { AuthError } from './errors.ts';
import { RECOVERY_TTL_SECONDS, otpHash } from './link-tokens.ts';
import type { UserRecord } from './users.ts';

/** GoTrue's window in which a session counts as a recent sign-in for a password change. */
const RECENT_SIGN_IN_SECONDS = 24 * 3600;

/**
 * GoTrue's UpdatePasswordRequireReauthentication: a session signed in more than a day ago changes
 * the password only with the nonce GET /reauthenticate mailed. Wrong nonces count against the
 * address like wrong codes, so six digits cannot be walked through: `attempt` is the caller's
 * count of this nonce, taken before its transaction began (AuthRateLimits.attempt).
 */
export async function requireRecentSignInOrNonce(
  tx: Queryable, user: UserRecord, sessionId: string | null, nonce: string, attempt: Attempt | null,
): Promise<void> {
  if (sessionId) {
    const { rows } = await tx.query<{ recent: boolean }>(
      'select created_at > now() - make_interval(secs => $2) as recent from auth.sessions where id = $1',
      [sessionId, RECENT_SIGN_IN_SECONDS]);
    if (rows[0]?.recent) return;
  }
  if (nonce === '' || !attempt) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const { rows } = await tx.query<{ token: string; fresh: boolean }>(
    `select coalesce(reauthentication_token, '') as token,
       coalesce(reauthentication_sent_at > now() - make_interval(secs => $2), false) as fresh
     from auth.users where id = $1`, [user.id, RECOVERY_TTL_SECONDS]);
  const stored = rows[0];
  const email = user.email ?? '';
  if (!stored || stored.token === '' || !stored.fresh || stored.token !== otpHash(email, nonce.trim())) {
    await attempt.failed();
    throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
  }
}
