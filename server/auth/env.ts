import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import type { AuthRateLimits } from './rate-limit.ts';

/** What every endpoint family shares: the server, the rate limits and the redirect rule. */
export interface AuthEnv {
  ctx: ServerContext;
  limits: AuthRateLimits;
  /** The sender's display name, for mail. */
  siteName: string;
  redirectFor(c: Context, requested: string | undefined): string;
}
