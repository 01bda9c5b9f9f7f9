import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/** How long a browser stays a known device without signing in again. */
const DEVICE_MAX_AGE_SECONDS = 180 * 86_400;

/**
 * OWASP's device cookie: a browser that signed in to an account gets a signed token naming that
 * account, and later sign-ins carrying it take the device lane (its own failure count and its own
 * places in the hashing queue), so strangers guessing the password elsewhere never lock it out.
 * One cookie per account, so people sharing a computer each keep their lane.
 */
export class DeviceCookies {
  constructor(private readonly key: Buffer, private readonly secure: boolean) {}

  private name(userId: string): string {
    return `sb-device-${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;
  }

  private mac(userId: string, nonce: string): Buffer {
    return createHmac('sha256', this.key).update(`${userId}.${nonce}`).digest();
  }

  /** Marks this browser as a known device of `userId` (after a successful sign-in). */
  issue(c: Context, userId: string): void {
    const nonce = randomBytes(16).toString('base64url');
    setCookie(c, this.name(userId), `${nonce}.${this.mac(userId, nonce).toString('base64url')}`, {
      path: '/auth/v1', httpOnly: true, sameSite: 'Strict', secure: this.secure, maxAge: DEVICE_MAX_AGE_SECONDS,
    });
  }

  /** Whether the request carries a device cookie of any account (valid or not: that is for deviceOf). */
  carriesAny(c: Context): boolean {
    return Object.keys(getCookie(c)).some((name) => name.startsWith('sb-device-'));
  }

  /** The device's id when the request carries a valid device cookie for `userId`, else null. */
  deviceOf(c: Context, userId: string): string | null {
    const value = getCookie(c, this.name(userId));
    const match = value ? /^([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
    if (!match) return null;
    const given = Buffer.from(match[2], 'base64url');
    const expected = this.mac(userId, match[1]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
  }
}
