import type { ServerContext } from '../context.ts';
import { accountDecisionMail, approvalMail, securityNoticeMail, senderName } from './templates.ts';
import type { MailMessage } from './mailer.ts';
import { log } from '../observability/log.ts';
import { NotifiedWorker } from './notified-worker.ts';

/** After this many failed sends a notice stays in the outbox for an operator to look at. */
const MAX_ATTEMPTS = 5;
const BATCH = 20;

interface NoticeRow {
  id: string;
  kind: 'approved' | 'rejected' | 'suspended' | 'second_step_reset';
  reason: string | null;
  email: string | null;
  full_name: string | null;
  /** Only a proven address is written to: nobody mails an address they merely typed in. */
  confirmed: boolean;
  attempts: number;
}

/**
 * Sends the mail queued in private.account_notices (filled by triggers when a superadmin
 * approves, rejects or suspends an account, and when a member's second step is reset). NOTIFY wakes it; a slow poll catches notices queued while the server was
 * down or a NOTIFY that was lost. Rows are locked with SKIP LOCKED, so two servers on one
 * database never send the same notice twice.
 */
export class AccountNotices extends NotifiedWorker {
  constructor(ctx: ServerContext, pollMs?: number) {
    super(ctx, 'account_notices', '[mail] account notices', pollMs);
  }

  private mailFor(row: NoticeRow, to: string, siteName: string): MailMessage {
    const { siteUrl } = this.ctx.config;
    const loginUrl = `${siteUrl}/login`;
    switch (row.kind) {
      case 'approved':
        return approvalMail({ to, loginUrl, siteName, fullName: row.full_name ?? undefined });
      case 'rejected':
      case 'suspended':
        return accountDecisionMail({ to, loginUrl, siteName, kind: row.kind, reason: row.reason });
      case 'second_step_reset':
        return securityNoticeMail({ to, siteName, accountUrl: `${siteUrl}/admin/my-account?tab=security`, event: 'second-step-reset' });
    }
  }

  protected async work(): Promise<void> {
    const { ctx } = this;
    const siteName = senderName(ctx.config.mailFrom);
    for (;;) {
      const sent = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<NoticeRow>(
          `select n.id::text, n.kind, n.reason, p.email, p.full_name, n.attempts,
             coalesce(u.email_confirmed_at is not null, false) as confirmed
           from private.account_notices n join public.profiles p on p.id = n.profile_id
           left join auth.users u on u.id = n.profile_id
           where n.attempts < $1 order by n.id limit $2 for update of n skip locked`, [MAX_ATTEMPTS, BATCH]);
        for (const row of rows) {
          try {
            if (row.email && row.confirmed) await ctx.mail.send(this.mailFor(row, row.email, siteName));
            await tx.query('delete from private.account_notices where id = $1', [row.id]);
          } catch (error) {
            log.error({ err: error, notice: row.id, kind: row.kind }, '[mail] sending an account notice failed');
            await tx.query('update private.account_notices set attempts = attempts + 1, last_error = $2 where id = $1',
              [row.id, String((error as Error).message).slice(0, 500)]);
          }
        }
        return rows.length;
      });
      if (sent < BATCH) return;
    }
  }
}
