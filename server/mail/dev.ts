import { Hono } from 'hono';
import { clientIp, isLoopback } from '../auth/client-ip.ts';
import type { ServerContext } from '../context.ts';
import { FileMailer, mailDir } from './mailer.ts';

/**
 * The local mailbox, mounted at /_dev: `GET /_dev/mail` lists captured messages newest first.
 * It exists only while no SMTP server is configured, and only loopback clients may read it,
 * because the messages hold working confirmation links.
 */
export function createDevMailApp(ctx: ServerContext): Hono {
  const app = new Hono();
  const mailbox = ctx.mail instanceof FileMailer ? ctx.mail : new FileMailer(mailDir(ctx.config));
  app.get('/mail', async (c) => {
    if (ctx.config.smtpUrl) return c.json({ message: 'Not found' }, 404);
    if (!isLoopback(clientIp(c))) return c.json({ message: 'Forbidden: loopback clients only' }, 403);
    c.header('Cache-Control', 'no-store');
    return c.json(await mailbox.list());
  });
  return app;
}
