import type { Queryable } from '../db/adapter.ts';
import { emailChangeMail, inviteMail, magicLinkMail, signupCodeMail } from '../mail/code-templates.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { AuthEnv } from './env.ts';
import { CONFIRMATION_TTL_SECONDS, RECOVERY_TTL_SECONDS, newEmailOtp } from './link-tokens.ts';
import { log } from '../observability/log.ts';

export type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change_current' | 'email_change_new';

export interface IssuedLink {
  otp: string;
  hash: string;
  link: string;
  /** The /verify type the link carries (email_change for both halves of a change). */
  verifyType: string;
}

/** GoTrue's GetEmailActionLink: {SITE_URL}/auth/v1/verify?token=<hash>&type=<type>&redirect_to=<url>. */
export function actionLink(env: AuthEnv, hash: string, verifyType: string, redirectTo: string): string {
  return `${env.ctx.config.siteUrl}/auth/v1/verify?token=${hash}&type=${verifyType}&redirect_to=${encodeURIComponent(redirectTo)}`;
}

/**
 * Stores a fresh code for `type` on the account (only its hash) and returns the code and link,
 * as GoTrue's sendConfirmation / sendMagicLink / sendInvite / sendEmailChange do before mailing.
 */
export async function issueLink(
  env: AuthEnv, tx: Queryable, user: { id: string; email: string }, type: LinkType, redirectTo: string, newEmail = '',
): Promise<IssuedLink> {
  const address = type === 'email_change_new' ? newEmail : user.email;
  const { otp, hash } = newEmailOtp(address);
  switch (type) {
    case 'signup':
      await tx.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`, [user.id, hash]);
      break;
    case 'invite':
      await tx.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(), updated_at = now() where id = $1`,
        [user.id, hash]);
      break;
    case 'magiclink':
    case 'recovery':
      await tx.query(`update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`, [user.id, hash]);
      break;
    case 'email_change_current':
    case 'email_change_new': {
      const column = type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
      await tx.query(
        `update auth.users set ${column} = $2, email_change = $3, email_change_sent_at = now(), email_change_confirm_status = 0,
           updated_at = now() where id = $1`, [user.id, hash, newEmail]);
      break;
    }
  }
  const verifyType = type.startsWith('email_change') ? 'email_change' : type;
  return { otp, hash, link: actionLink(env, hash, verifyType, redirectTo), verifyType };
}

/** The Indonesian mail for a link issued above. */
export function linkMail(env: AuthEnv, to: string, type: LinkType, issued: IssuedLink, newEmail = ''): MailMessage {
  const input = { to, link: issued.link, code: issued.otp, siteName: env.siteName };
  switch (type) {
    case 'signup':
      return signupCodeMail({ ...input, validMinutes: CONFIRMATION_TTL_SECONDS / 60 });
    case 'invite':
      return inviteMail({ ...input, validMinutes: CONFIRMATION_TTL_SECONDS / 60 });
    case 'magiclink':
    case 'recovery':
      return magicLinkMail({ ...input, validMinutes: RECOVERY_TTL_SECONDS / 60 });
    default:
      return emailChangeMail({ ...input, newEmail, validMinutes: CONFIRMATION_TTL_SECONDS / 60 });
  }
}

/** Sends after the answer: the time taken tells nothing, and a failing mail is logged. */
export function sendLater(env: AuthEnv, mail: MailMessage): void {
  env.ctx.mail.send(mail).catch((error: unknown) => log.error({ err: error }, '[auth] sending a code mail failed'));
}
