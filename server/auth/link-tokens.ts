import { randomBytes } from 'node:crypto';

/** GoTrue's mailer OTP expiry: a confirmation link works for 24 hours. */
export const CONFIRMATION_TTL_SECONDS = 24 * 3600;

/**
 * How long a recovery link works. GoTrue's MAILER_OTP_EXP defaults to a day; a link that can set
 * a new password is worth more to whoever reads the mailbox later, so this server keeps it to an
 * hour, the value Supabase's dashboard suggests.
 */
export const RECOVERY_TTL_SECONDS = 3600;

/** The token of a mailed link (confirmation or recovery). */
export function newConfirmationToken(): string {
  // GoTrue's token_hash is 56 hex characters (SHA-224); any unguessable string of that form works
  return randomBytes(28).toString('hex');
}
