import type { Queryable } from '../db/adapter.ts';
import { AuthError } from './errors.ts';

/**
 * GoTrue's rule for account changes when MFA is enabled: an account with a verified factor
 * changes its password, and (here also) ends its other sessions, only from an aal2 session, so
 * whoever holds the password alone can neither take the account nor sign the owner out. The
 * session row decides, not the token's claim: a raised session's older token is still aal1.
 * GoTrue answers the password case 401; sign-out uses 422, since supabase-js hides a 401 or 403
 * from signOut() and the app must learn that the code is needed.
 */
export async function requireSecondStepIfEnrolled(
  q: Queryable, userId: string, sessionId: string | null, refusal: { status: 401 | 422; message: string },
): Promise<void> {
  const { rows } = await q.query<{ enrolled: boolean; aal: string | null }>(
    `select exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified') as enrolled,
       (select aal::text from auth.sessions where id = $2::uuid and user_id = $1) as aal`, [userId, sessionId]);
  if (rows[0]?.enrolled && rows[0].aal !== 'aal2') throw new AuthError(refusal.status, 'insufficient_aal', refusal.message);
}
