import { securityNoticeMail, type SecurityEvent } from '../mail/templates.ts';
import type { AuthEnv } from './env.ts';
import { log } from '../observability/log.ts';

/**
 * Mails the account's owner about a change to how it signs in. Sent after the change is
 * committed; a failing mail is logged, never undoes the change.
 */
export function sendSecurityNotice(env: AuthEnv, email: string | null, event: SecurityEvent): void {
  if (!email) return;
  const accountUrl = `${env.ctx.config.siteUrl}/admin/my-account?tab=security`;
  env.ctx.mail
    .send(securityNoticeMail({ to: email, siteName: env.siteName, accountUrl, event }))
    .catch((error: unknown) => log.error({ err: error }, `[auth] sending the ${event} notice failed`));
}
