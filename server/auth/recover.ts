import type { Hono } from 'hono';
import { recoveryMail } from '../mail/templates.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AuthEnv } from './env.ts';
import { errors } from './errors.ts';
import { readJson, stringField, validateEmail } from './request.ts';
import { newConfirmationToken, RECOVERY_TTL_SECONDS } from './link-tokens.ts';
import { findUserByEmail } from './users.ts';
import { log } from '../observability/log.ts';

/**
 * POST /recover, as GoTrue's internal/api/recover.go: the answer is `{}` whether or not the address
 * has an account. Unlike GoTrue, the once-a-minute limit counts every address asked about, so a
 * 429 does not reveal a registered one either, and the mail is sent after answering so the time
 * taken tells nothing.
 */
export function recoverRoutes(app: Hono, env: AuthEnv): void {
  const { ctx, limits } = env;
  app.post('/recover', async (c) => {
    await limits.consume('recoverIp', clientIp(c, ctx.config.trustProxy));
    const body = await readJson(c);
    const raw = stringField(body, 'email');
    if (raw.trim() === '') throw errors.validation('Password recovery requires an email');
    const email = validateEmail(raw);
    await limits.consumeEmailSend('recoverEmail', email);
    const redirectTo = env.redirectFor(c, c.req.query('redirect_to'));

    const user = await findUserByEmail(ctx.db, email);
    if (user && !user.deleted_at) {
      const token = newConfirmationToken();
      await ctx.db.query(
        `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
        [user.id, token]);
      const link = `${ctx.config.siteUrl}/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`;
      // The name is greeted only once the address is proven: before that, whoever signed up may
      // have typed someone else's address and put their own words in the name.
      const fullName = user.email_confirmed_at ? user.raw_user_meta_data?.full_name : undefined;
      const mail = recoveryMail({
        to: email, link, siteName: env.siteName, validMinutes: RECOVERY_TTL_SECONDS / 60,
        fullName: typeof fullName === 'string' ? fullName : undefined,
      });
      ctx.mail.send(mail).catch((error: unknown) => log.error({ err: error }, '[auth] sending the recovery mail failed'));
    }
    return c.json({});
  });
}
