import type { ServerContext } from '../context.ts';
import { senderName } from '../mail/templates.ts';
import { NotifiedWorker } from '../mail/notified-worker.ts';
import { integrityMail, type HeldItem, type OpenFinding } from './mail.ts';
import { rejectedMail, type RejectedItem } from './rejected-mail.ts';

/**
 * Mails the superadmins what the guard held and what the watch found, each item once: NOTIFY
 * 'integrity_notices' wakes it, a slow poll catches the rest. A flood of held saves becomes one
 * mail per run, not one per save. Rows are claimed with SKIP LOCKED, so two servers on one
 * database do not both mail them; a failed send leaves them unclaimed for the next run.
 */
export class IntegrityNotices extends NotifiedWorker {
  constructor(ctx: ServerContext, pollMs?: number) {
    super(ctx, 'integrity_notices', '[integrity] mailing superadmins failed', pollMs);
  }

  protected async work(): Promise<void> {
    const { ctx } = this;
    await ctx.db.transaction(async (tx) => {
      const holds = (await tx.query<HeldItem & { id: string }>(
        `select id::text, table_name, label, reasons from public.integrity_holds
          where notified_at is null and status = 'pending' order by id limit 200 for update skip locked`)).rows;
      const findings = (await tx.query<OpenFinding & { id: string }>(
        `select id::text, kind, subject, detail from public.integrity_findings
          where notified_at is null and resolved_at is null order by id limit 200 for update skip locked`)).rows;
      if (holds.length === 0 && findings.length === 0) return;
      const recipients = (await tx.query<{ email: string }>(
        `select p.email from public.profiles p join auth.users u on u.id = p.id
          where p.role = 'superadmin' and p.status = 'approved' and p.email is not null and u.email_confirmed_at is not null`)).rows;
      const siteName = senderName(ctx.config.mailFrom);
      const url = `${ctx.config.siteUrl}/admin/integritas`;
      for (const { email } of recipients) await ctx.mail.send(integrityMail({ to: email, siteName, url, holds, findings }));
      await tx.query('update public.integrity_holds set notified_at = now() where id = any($1::bigint[])', [holds.map((h) => h.id)]);
      await tx.query('update public.integrity_findings set notified_at = now() where id = any($1::bigint[])', [findings.map((f) => f.id)]);
    });
    await this.tellWriters();
  }

  /** Each rejected save, once, to the account that saved it (when it can still receive mail). */
  private async tellWriters(): Promise<void> {
    const { ctx } = this;
    await ctx.db.transaction(async (tx) => {
      const rejected = (await tx.query<RejectedItem & { id: string; email: string | null; full_name: string | null }>(
        `select h.id::text, h.table_name, h.label, h.reasons, p.email, p.full_name,
                case h.table_name
                  when 'articles' then exists (select 1 from public.articles r where r.id = h.row_id and r.published_at <= now())
                  when 'unit_texts' then exists (select 1 from public.unit_texts r where r.id = h.row_id)
                  when 'info_pages' then exists (select 1 from public.info_pages r where r.id = h.row_id)
                  when 'unit_posts' then exists (select 1 from public.unit_posts r where r.id = h.row_id)
                  when 'galleries' then exists (select 1 from public.galleries r where r.id = h.row_id)
                  when 'gallery_photos' then exists (select 1 from public.gallery_photos r where r.id = h.row_id)
                  when 'public_documents' then exists (select 1 from public.public_documents r where r.id = h.row_id and r.published_at <= now())
                  else exists (select 1 from public.past_commanders r where r.id = h.row_id)
                end as was_public
           from public.integrity_holds h
           left join public.profiles p on p.id = h.held_by and p.status = 'approved'
          where h.status = 'rejected' and h.writer_notified_at is null
          order by h.id limit 200 for update of h skip locked`)).rows;
      if (rejected.length === 0) return;
      const siteName = senderName(ctx.config.mailFrom);
      for (const item of rejected) {
        if (item.email) await ctx.mail.send(rejectedMail({ to: item.email, name: item.full_name, siteName, siteUrl: ctx.config.siteUrl, item }));
      }
      await tx.query('update public.integrity_holds set writer_notified_at = now() where id = any($1::bigint[])', [rejected.map((r) => r.id)]);
    });
  }
}
