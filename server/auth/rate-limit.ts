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
  passwordIp: { points: 150, duration: 300 },
  /** Failed password attempts per e-mail; beyond it every attempt for that e-mail gets 429. */
  passwordEmailFailures: { points: 10, duration: 900 },
  refreshIp: { points: 150, duration: 300 },
  verifyIp: { points: 30, duration: 300 },
} as const;

export type LimitName = keyof typeof LIMITS;

export class AuthRateLimits {
  private readonly limiters: Record<LimitName, RateLimiterMemory>;

  constructor(scale: number) {
    const make = (name: LimitName) =>
      new RateLimiterMemory({ keyPrefix: name, points: LIMITS[name].points * scale, duration: LIMITS[name].duration });
    this.limiters = Object.fromEntries((Object.keys(LIMITS) as LimitName[]).map((n) => [n, make(n)])) as Record<LimitName, RateLimiterMemory>;
  }

  /** Counts one request; throws 429 over_request_rate_limit once the window is used up. */
  async consume(name: LimitName, key: string): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw errors.rateLimited();
      throw error;
    }
  }

  /** Throws 429 if `key` has used up `name` already, without counting this request. */
  async check(name: LimitName, key: string): Promise<void> {
    const res = await this.limiters[name].get(key);
    if (res && res.consumedPoints >= this.limiters[name].points) throw errors.rateLimited();
  }

  /** Counts a failure without throwing (the caller already answers with its own error). */
  async penalise(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].penalty(key, 1);
  }
}
