import type { Queryable } from '../db/adapter.ts';
import { errors } from './errors.ts';
import { CountFirstLimit, MemoryStore, type LimitStore } from '../http/count-first.ts';
import { DatabaseStore } from './limit-stores.ts';

/**
 * Every limit of the auth server. Points are per window; every limit not marked `fixed` is
 * multiplied by RATE_LIMIT_SCALE so a test suite that signs in hundreds of times can raise them
 * without a separate code path. The numbers follow GoTrue's hosted defaults where one exists.
 * Limits marked `account` count per account or mailbox in the database (auth.rate_limit_counts),
 * so they hold across servers sharing one PostgreSQL; the others count per client address in
 * memory. Every one counts a request before it decides about it (see AuthRateLimits).
 */
const LIMITS = {
  signupIp: { points: 30, duration: 300 },
  signupEmail: { points: 10, duration: 3600, account: true },
  /** GoTrue's RATE_LIMIT_ANONYMOUS_USERS: anonymous sign-ins per client address per hour. */
  anonymousIp: { points: 30, duration: 3600 },
  passwordIp: { points: 150, duration: 300 },
  /**
   * Failed password attempts per (client address, e-mail). Past it that pair waits, longer each
   * time (growingBlock); the owner signing in from another address is never affected.
   */
  passwordPairFailures: { points: 5, duration: 900 },
  /** Failed password attempts per client address, over all e-mails (guessing many accounts). */
  passwordIpFailures: { points: 50, duration: 900 },
  /**
   * Failed password attempts per account from clients without its device cookie, over all
   * addresses (credential stuffing from many machines). Past it only those clients wait; a known
   * device has its own count below, so the owner is never locked out by strangers.
   */
  passwordAccountFailures: { points: 20, duration: 900, account: true },
  /** Failed password attempts per known device (a stolen device cookie buys no extra guesses). */
  passwordDeviceFailures: { points: 10, duration: 900, account: true },
  /** The owner is told about a guessing flood once a day at most. Not scaled: it limits mail. */
  passwordFloodMail: { points: 1, duration: 86_400, fixed: true, account: true },
  /** How many times a pair has been made to wait in the last day: the next wait doubles. */
  passwordPairStrikes: { points: 1000, duration: 86_400 },
  refreshIp: { points: 150, duration: 300 },
  verifyIp: { points: 30, duration: 300 },
  recoverIp: { points: 30, duration: 300 },
  /**
   * GoTrue's SMTP max frequency for recovery mail: one per address per minute. Counted for every
   * address asked about, registered or not, so the answer never tells which ones exist. Not
   * scaled: it limits mail to one inbox, not the requests a test suite makes.
   */
  recoverEmail: { points: 1, duration: 60, fixed: true, account: true },
  /** GoTrue's Otp limiter (POST /otp and /resend), per client address. */
  otpIp: { points: 30, duration: 300 },
  /**
   * GoTrue's SMTP max frequency for code mail (/otp, /resend, /reauthenticate): one per address per
   * minute, counted for every address asked about. Not scaled, as recoverEmail.
   */
  otpEmail: { points: 1, duration: 60, fixed: true, account: true },
  /**
   * Wrong six-digit codes (POST /verify with email and token, PUT /user with a nonce) per address,
   * whoever sends them: 10 in 15 minutes. Not scaled: it guards one inbox's codes.
   */
  otpFailures: { points: 10, duration: 900, fixed: true, account: true },
  /** GoTrue's FactorChallenge and FactorVerify limiters, per client address. */
  mfaChallengeIp: { points: 60, duration: 300 },
  mfaVerifyIp: { points: 60, duration: 300 },
  /** Factors enrolled per account per hour: with the 10-factor cap, an enrolment flood stays small. */
  mfaEnrollUser: { points: 30, duration: 3600, account: true },
  /**
   * Wrong codes per account, whatever the address: a guesser holding the password gets 10 tries
   * in 15 minutes (about one chance in 30,000 of a hit). Not scaled, like recoverEmail: it guards
   * one account, not the requests a test suite makes.
   */
  mfaUserFailures: { points: 10, duration: 900, fixed: true, account: true },
  /** Wrong codes per client address, over all accounts. */
  mfaIpFailures: { points: 30, duration: 900 },
  /** GoTrue's RATE_LIMIT_PASSKEY: passkey ceremonies (sign-in, registration) begun per client address. */
  passkeyIp: { points: 30, duration: 300 },
  /** Passkey sign-in answers per client address (each spends a challenge, so a flood meets passkeyIp first). */
  passkeyVerifyIp: { points: 60, duration: 300 },
} as const;

/** The first wait after a run of failures; each later one doubles. */
const GROWING_BLOCK_BASE_SECONDS = 30;

interface LimitSpec { points: number; duration: number; fixed?: boolean; account?: boolean }

export type LimitName = keyof typeof LIMITS;

/** One limit an attempt is counted against; `strikes` makes its waits grow (see Attempt.failed). */
export interface Counted {
  name: LimitName;
  key: string;
  strikes?: LimitName;
}

/** An attempt whose outcome is not known yet, holding one point of each limit it was counted against. */
export interface Attempt {
  /** Not a failure (a right password or code, or never evaluated): the points are given back. Only the first of passed/failed counts. */
  passed(): Promise<void>;
  /** A failure: the points stay; a limit with strikes that is now full makes the key wait, longer each time. */
  failed(): Promise<void>;
}

/** The limits that were full when attempt() refused with this error. */
const refusals = new WeakMap<Error, LimitName[]>();
export const refusedBy = (error: Error): LimitName[] => refusals.get(error) ?? [];

/**
 * The auth server's limits, each a CountFirstLimit (server/http/count-first.ts, the helper every
 * service limits through): a request adds its point first and is then judged by the total its own
 * point made, so a parallel burst cannot pass a check made before any of it was counted. Call it
 * outside any request transaction: the per-account counts take a pool connection of their own,
 * and a burst of transactions each waiting for one would starve.
 */
export class AuthRateLimits {
  private readonly limits: Record<LimitName, CountFirstLimit>;

  constructor(scale: number, db: Queryable) {
    this.limits = Object.fromEntries((Object.keys(LIMITS) as LimitName[]).map((n) => {
      const spec: LimitSpec = LIMITS[n];
      const points = spec.fixed ? spec.points : spec.points * scale;
      const store: LimitStore = spec.account ? new DatabaseStore(db, n, points, spec.duration) : new MemoryStore(n, points, spec.duration);
      return [n, new CountFirstLimit(`auth.${n}`, points, store)];
    })) as Record<LimitName, CountFirstLimit>;
  }

  /** Every limit the auth server keeps. */
  names(): LimitName[] {
    return Object.keys(this.limits) as LimitName[];
  }

  /** Whether `name` counts in the database (per account) rather than in this process. */
  sharedAcrossServers(name: LimitName): boolean {
    return (LIMITS[name] as LimitSpec).account === true;
  }

  /** The points of `name` per window, scale applied. */
  pointsOf(name: LimitName): number {
    return this.limits[name].points;
  }

  /** Counts one request; throws 429 over_request_rate_limit once the window is used up. */
  async consume(name: LimitName, key: string): Promise<void> {
    const verdict = await this.limits[name].take(key);
    if (!verdict.admitted) throw errors.rateLimited(verdict.retryAfterSeconds);
  }

  /** As consume, but answers GoTrue's over_email_send_rate_limit with the seconds left. */
  async consumeEmailSend(name: LimitName, key: string): Promise<void> {
    const verdict = await this.limits[name].take(key);
    if (!verdict.admitted) throw errors.emailSendRateLimited(verdict.retryAfterSeconds);
  }

  /** Counts one use without throwing; false once the window is used up. */
  async take(name: LimitName, key: string): Promise<boolean> {
    return (await this.limits[name].take(key)).admitted;
  }

  /** Gives back a point a request took (a reserved attempt that turned out right). */
  async refund(name: LimitName, key: string): Promise<void> {
    await this.limits[name].giveBack(key);
  }

  /** The length of the window of `name`, in seconds. */
  windowSeconds(name: LimitName): number {
    return LIMITS[name].duration;
  }

  /**
   * Counts an attempt against every limit in `limits` before it is evaluated, so a parallel burst
   * evaluates at most each limit's points. When any is full the attempt is refused with 429 and
   * its points are given back (a refused request is no guess).
   */
  async attempt(counted: Counted[]): Promise<Attempt> {
    const verdicts = await Promise.all(counted.map((l) => this.limits[l.name].take(l.key)));
    const full = counted.flatMap((_, i) => (verdicts[i].admitted ? [] : [i]));
    const giveBack = async () => { for (const l of counted) await this.limits[l.name].giveBack(l.key); };
    if (full.length > 0) {
      await giveBack();
      const error = errors.rateLimited(Math.max(...full.map((i) => verdicts[i].retryAfterSeconds)));
      refusals.set(error, full.map((i) => counted[i].name));
      throw error;
    }
    // the first outcome counts: a later call (a finally that gives back) changes nothing
    let settled = false;
    return {
      passed: async () => {
        if (settled) return;
        settled = true;
        await giveBack();
      },
      failed: async () => {
        if (settled) return;
        settled = true;
        for (const [i, l] of counted.entries()) {
          if (!l.strikes || verdicts[i].consumed < this.limits[l.name].points) continue;
          const strikes = (await this.limits[l.strikes].take(l.key)).consumed;
          await this.limits[l.name].block(l.key, Math.min(GROWING_BLOCK_BASE_SECONDS * 2 ** (strikes - 1), LIMITS[l.name].duration));
        }
      },
    };
  }
}
