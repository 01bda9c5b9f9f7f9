import type { Context } from 'hono';
import { signInFloodMail } from '../mail/sign-in-flood.ts';
import { log } from '../observability/log.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AuthEnv } from './env.ts';
import { AuthError } from './errors.ts';
import type { HashLane } from './hash-queue.ts';
import { refusedBy, type Counted } from './rate-limit.ts';
import type { UserRecord } from './users.ts';

export interface PasswordAttempt {
  /** The hashing lane this attempt waits in. */
  lane: HashLane;
  /** The password was right, or was never compared: the point reserved for this attempt is given back. */
  release(): Promise<void>;
  /** A wrong password (or an unknown e-mail): counted against every limit that admitted it. */
  failed(): Promise<void>;
}

/**
 * Decides, before any hashing, whether a password sign-in may be tried and which limits count it.
 * A browser carrying the account's device cookie is counted per device only, so strangers guessing
 * from any number of addresses can neither use up its count nor queue ahead of it. Every other
 * client is counted per address, per (address, e-mail) and per e-mail over all addresses; the
 * per-e-mail count also runs for addresses without an account, so a refusal tells nothing about
 * which addresses exist. Every point is taken before the password is compared (AuthRateLimits.attempt),
 * so a parallel burst gets no more comparisons than the limit. Throws 429 with
 * Retry-After when a count is used up.
 */
export async function admitPasswordAttempt(env: AuthEnv, c: Context, email: string, user: UserRecord | null): Promise<PasswordAttempt> {
  const { limits, devices } = env;
  const device = user ? devices.deviceOf(c, user.id) : null;
  if (device) {
    const attempt = await limits.attempt([{ name: 'passwordDeviceFailures', key: device }]);
    return { lane: 'device', release: attempt.passed, failed: attempt.failed };
  }
  const ip = clientIp(c, env.ctx.config.trustProxy);
  const counted: Counted[] = [
    { name: 'passwordIpFailures', key: ip },
    { name: 'passwordPairFailures', key: `${ip}|${email}`, strikes: 'passwordPairStrikes' },
    { name: 'passwordAccountFailures', key: email },
  ];
  const attempt = await limits.attempt(counted).catch(async (error: unknown) => {
    if (error instanceof AuthError && user && refusedBy(error).includes('passwordAccountFailures')) await tellOwner(env, user);
    throw error;
  });
  return { lane: 'shared', release: attempt.passed, failed: attempt.failed };
}

/** Logs the flood and mails the owner, once a day at most, that new devices wait for now. */
async function tellOwner(env: AuthEnv, user: UserRecord): Promise<void> {
  if (!user.email || !(await env.limits.take('passwordFloodMail', user.id))) return;
  log.warn({ userId: user.id }, '[auth] many wrong passwords for one account from unknown devices; new devices wait');
  const mail = signInFloodMail({
    to: user.email,
    siteName: env.siteName,
    loginUrl: `${env.ctx.config.siteUrl}/login`,
    waitMinutes: Math.round(env.limits.windowSeconds('passwordAccountFailures') / 60),
  });
  env.ctx.mail.send(mail).catch((error: unknown) => log.error({ err: error }, '[auth] sending the sign-in flood notice failed'));
}
