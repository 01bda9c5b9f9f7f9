import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { AuthRateLimits } from './rate-limit.ts';

/** What every endpoint family shares: the server, the rate limits and the redirect rule. */
export interface AuthEnv {
  ctx: ServerContext;
  limits: AuthRateLimits;
  /** Known devices: their own lane past the per-account password limit and the hashing queue. */
  devices: DeviceCookies;
  /** The sender's display name, for mail. */
  siteName: string;
  redirectFor(c: Context, requested: string | undefined): string;
}
