import { createHash, randomBytes, randomInt } from 'node:crypto';

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

/** GoTrue's MAILER_OTP_LENGTH default: the code a mail carries beside its link. */
export const OTP_LENGTH = 6;

/**
 * GoTrue's GenerateTokenHash: what is stored for a mailed code, and the `token_hash` of its link,
 * is SHA-224 of the address and the code, so the code itself is never stored.
 */
export function otpHash(email: string, otp: string): string {
  return createHash('sha224').update(email.toLowerCase() + otp).digest('hex');
}

/** A fresh code for `email` and the hash that stands for it. */
export function newEmailOtp(email: string): { otp: string; hash: string } {
  const otp = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  return { otp, hash: otpHash(email, otp) };
}
