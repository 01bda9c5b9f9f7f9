import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { errors } from './errors.ts';

/**
 * In-memory limits (one process serves the site). Points are per window; every limit is
 * multiplied by RATE_LIMIT_SCALE so a test suite that signs in hundreds of times can raise them
 * without a separate code path. The numbers follow GoTrue's hosted defaults where one exists.
 */
const LIMITS = {
  signupIp: { points: 30, duration: 300 },
  signupEmail: { points: 10, duration: 3600 },
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
  passwordAccountFailures: { points: 20, duration: 900 },
  /** Failed password attempts per known device (a stolen device cookie buys no extra guesses). */
  passwordDeviceFailures: { points: 10, duration: 900 },
  /** The owner is told about a guessing flood once a day at most. Not scaled: it limits mail. */
  passwordFloodMail: { points: 1, duration: 86_400, fixed: true },
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
  recoverEmail: { points: 1, duration: 60, fixed: true },
  /** GoTrue's Otp limiter (POST /otp and /resend), per client address. */
  otpIp: { points: 30, duration: 300 },
  /**
   * GoTrue's SMTP max frequency for code mail (/otp, /resend, /reauthenticate): one per address per
   * minute, counted for every address asked about. Not scaled, as recoverEmail.
   */
  otpEmail: { points: 1, duration: 60, fixed: true },
  /**
   * Wrong six-digit codes (POST /verify with email and token, PUT /user with a nonce) per address,
   * whoever sends them: 10 in 15 minutes. Not scaled: it guards one inbox's codes.
   */
  otpFailures: { points: 10, duration: 900, fixed: true },
  /** GoTrue's FactorChallenge and FactorVerify limiters, per client address. */
  mfaChallengeIp: { points: 60, duration: 300 },
  mfaVerifyIp: { points: 60, duration: 300 },
  /** Factors enrolled per account per hour: with the 10-factor cap, an enrolment flood stays small. */
  mfaEnrollUser: { points: 30, duration: 3600 },
  /**
   * Wrong codes per account, whatever the address: a guesser holding the password gets 10 tries
   * in 15 minutes (about one chance in 30,000 of a hit). Not scaled, like recoverEmail: it guards
   * one account, not the requests a test suite makes.
   */
  mfaUserFailures: { points: 10, duration: 900, fixed: true },
  /** Wrong codes per client address, over all accounts. */
  mfaIpFailures: { points: 30, duration: 900 },
  /** GoTrue's RATE_LIMIT_PASSKEY: passkey ceremonies (sign-in, registration) begun per client address. */
  passkeyIp: { points: 30, duration: 300 },
  /** Passkey sign-in answers per client address (each spends a challenge, so a flood meets passkeyIp first). */
  passkeyVerifyIp: { points: 60, duration: 300 },
} as const;

/** The first wait after a run of failures; each later one doubles. */
const GROWING_BLOCK_BASE_SECONDS = 30;

function retrySeconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

export type LimitName = keyof typeof LIMITS;

export class AuthRateLimits {
  private readonly limiters: Record<LimitName, RateLimiterMemory>;

  constructor(scale: number) {
    const make = (name: LimitName) => {
      const limit: { points: number; duration: number; fixed?: boolean } = LIMITS[name];
      return new RateLimiterMemory({ keyPrefix: name, points: limit.fixed ? limit.points : limit.points * scale, duration: limit.duration });
    };
    this.limiters = Object.fromEntries((Object.keys(LIMITS) as LimitName[]).map((n) => [n, make(n)])) as Record<LimitName, RateLimiterMemory>;
  }

  /** Counts one request; throws 429 over_request_rate_limit once the window is used up. */
  async consume(name: LimitName, key: string): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw errors.rateLimited(retrySeconds(error));
      throw error;
    }
  }

  /** As consume, but answers GoTrue's over_email_send_rate_limit with the seconds left. */
  async consumeEmailSend(name: LimitName, key: string): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw errors.emailSendRateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  }

  /** Throws 429 if `key` has used up `name` already, without counting this request. */
  async check(name: LimitName, key: string): Promise<void> {
    const res = await this.limiters[name].get(key);
    if (res && res.consumedPoints >= this.limiters[name].points) throw errors.rateLimited(retrySeconds(res));
  }

  /** Gives back a point taken by consume (a reserved attempt that turned out right). */
  async refund(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].reward(key, 1);
  }

  /** Counts one use without throwing; false once the window is used up. */
  async take(name: LimitName, key: string): Promise<boolean> {
    try {
      await this.limiters[name].consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  /** The length of the window of `name`, in seconds. */
  windowSeconds(name: LimitName): number {
    return LIMITS[name].duration;
  }

  /**
   * Counts an attempt before its outcome is known, so parallel attempts cannot all pass a check
   * made before any of them is counted; throws 429 once the window is used up. Give the point
   * back with refund() when the attempt turns out not to be a failure.
   */
  async reserve(name: LimitName, key: string): Promise<void> {
    await this.consume(name, key);
  }

  /** Counts a failure without throwing (the caller already answers with its own error). */
  async penalise(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].penalty(key, 1);
  }

  /**
   * Counts a failure for `key` under `name`; once the window's points are used up, the key is
   * blocked for 30 s, then 60 s, 120 s... (at most the window) on each further time it gets there.
   */
  async penaliseGrowing(name: LimitName, strikes: LimitName, key: string): Promise<void> {
    const res = await this.limiters[name].penalty(key, 1);
    if (res.consumedPoints < this.limiters[name].points) return;
    const count = (await this.limiters[strikes].penalty(key, 1)).consumedPoints;
    const seconds = Math.min(GROWING_BLOCK_BASE_SECONDS * 2 ** (count - 1), LIMITS[name].duration);
    await this.limiters[name].block(key, seconds);
  }
}
