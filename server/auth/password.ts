import bcrypt from 'bcryptjs';

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords instead of truncating them. */
export const PASSWORD_MAX_LENGTH = 72;
const COST = 10;

/** A `$2a$10$...` hash, the form GoTrue (Go) and pgcrypto's crypt() write, so rows move to a hosted project. */
export async function hashPassword(password: string): Promise<string> {
  const hash = await bcrypt.hash(password, COST);
  // $2a$ and $2b$ are the same algorithm for passwords under 255 bytes
  return hash.replace(/^\$2[by]\$/, '$2a$');
}

// Compared against when the e-mail is unknown, so a miss costs as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('dummy-password-for-timing', COST);

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$/.test(hash)) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}
