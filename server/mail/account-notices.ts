import type { ServerContext } from '../context.ts';
import { approvalMail, senderName } from './templates.ts';
import { log } from '../observability/log.ts';

/** After this many failed sends a notice stays in the outbox for an operator to look at. */
const MAX_ATTEMPTS = 5;
const BATCH = 20;

interface NoticeRow {
  id: string;
  kind: 'approved';
  email: string | null;
  full_name: string | null;
  attempts: number;
}

/**
 * Sends the mail queued in private.account_notices (filled by a trigger when a superadmin
 * approves an account). NOTIFY wakes it; a slow poll catches notices queued while the server was
 * down or a NOTIFY that was lost. Rows are locked with SKIP LOCKED, so two servers on one
 * database never send the same notice twice.
 */
export class AccountNotices {
  private running: Promise<void> | undefined;
  private again = false;
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: ServerContext, private readonly pollMs = 60_000) {}

  async start(): Promise<void> {
    this.unlisten = await this.ctx.db.listen('account_notices', () => this.kick());
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    while (this.running) await this.running;
  }

  /** Resolves once every notice queued so far has been tried. */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  private kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendQueued()
      .catch((error: unknown) => log.error({ err: error }, '[mail] account notices'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async sendQueued(): Promise<void> {
    const { ctx } = this;
    const siteName = senderName(ctx.config.mailFrom);
    for (;;) {
      const sent = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<NoticeRow>(
          `select n.id::text, n.kind, p.email, p.full_name, n.attempts
           from private.account_notices n join public.profiles p on p.id = n.profile_id
           where n.attempts < $1 order by n.id limit $2 for update of n skip locked`, [MAX_ATTEMPTS, BATCH]);
        for (const row of rows) {
          try {
            if (row.email) {
              await ctx.mail.send(approvalMail({
                to: row.email, loginUrl: `${ctx.config.siteUrl}/login`, siteName, fullName: row.full_name ?? undefined,
              }));
            }
            await tx.query('delete from private.account_notices where id = $1', [row.id]);
          } catch (error) {
            log.error({ err: error, notice: row.id }, '[mail] sending an approval notice failed');
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
