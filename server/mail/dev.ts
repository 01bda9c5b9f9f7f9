import { Hono } from 'hono';
import { isLoopback, peerIp, viaTrustedProxy } from '../http/client-ip.ts';
import type { ServerContext } from '../context.ts';
import { FileMailer, mailDir } from './mailer.ts';

/**
 * The local mailbox, mounted at /_dev: `GET /_dev/mail` lists captured messages newest first.
 * It exists only with DEV_MAILBOX=true and no SMTP server, and only loopback clients that did
 * not come through a trusted proxy may read it, because the messages hold working links.
 */
export function createDevMailApp(ctx: ServerContext): Hono {
  const app = new Hono();
  const mailbox = ctx.mail instanceof FileMailer ? ctx.mail : new FileMailer(mailDir(ctx.config));
  app.get('/mail', async (c) => {
    if (ctx.config.smtpUrl) return c.json({ message: 'Not found' }, 404);
    if (viaTrustedProxy(c, ctx.config.trustProxy)) return c.json({ message: 'Not found' }, 404);
    if (!isLoopback(peerIp(c))) return c.json({ message: 'Forbidden: loopback clients only' }, 403);
    c.header('Cache-Control', 'no-store');
    return c.json(await mailbox.list());
  });
  return app;
}
