import bcrypt from 'bcrypt';
import { HashQueue, defaultHashBudget, type HashBudget, type HashLane } from './hash-queue.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords instead of truncating them. */
export const PASSWORD_MAX_LENGTH = 72;
const COST = 10;

// One queue per process: every hash (sign-in, sign-up, password change, operator reset) shares
// the same CPU, so they share one budget.
const queue = new HashQueue(defaultHashBudget());

export function configureHashing(budget: HashBudget): void {
  queue.reconfigure(budget);
}

export function hashingStats(): HashQueue['stats'] {
  return queue.stats;
}

/** Throws HashQueueFull when a hash of `lane` would be refused now, before any other work for it. */
export function refuseWhenHashingFull(lane: HashLane): void {
  queue.refuseWhenFull(lane);
}

/**
 * A `$2a$10$...` hash, the form GoTrue (Go) and pgcrypto's crypt() write, so rows move to a hosted
 * project. Throws HashQueueFull (before hashing) when the queue is full.
 */
export async function hashPassword(password: string, lane: HashLane = 'shared'): Promise<string> {
  const hash = await queue.run(lane, () => bcrypt.hash(password, COST));
  // $2a$ and $2b$ are the same algorithm for passwords under 255 bytes
  return hash.replace(/^\$2[by]\$/, '$2a$');
}

// Compared against when the e-mail is unknown, so a miss costs as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('dummy-password-for-timing', COST);

export async function verifyPassword(password: string, hash: string | null | undefined, lane: HashLane = 'shared'): Promise<boolean> {
  const known = !!hash && /^\$2[aby]\$/.test(hash);
  const ok = await queue.run(lane, () => bcrypt.compare(password, known ? hash : DUMMY_HASH));
  return known && ok;
}
