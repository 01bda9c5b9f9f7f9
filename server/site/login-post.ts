import type { Context, Handler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { paths } from '../../src/lib/paths.ts';
import type { SiteApi } from './api.ts';
import { readFormBody } from './contact-post.ts';
import type { createPageRenderer, LoginRefusal } from './render.ts';
import type { SignInHandoffs } from './sign-in-handoff.ts';

/** An e-mail and a password, urlencoded, are far below this; anything larger is not the form. */
const LOGIN_BODY_LIMIT = 8 * 1024;

type Deps = {
  renderer: ReturnType<typeof createPageRenderer>;
  api: { asVisitor(c: Context): SiteApi };
  handoffs: SignInHandoffs;
  /** /login rendered for this request with the refusal shown. */
  page(c: Context, refusal: LoginRefusal): Promise<{ html: string; status: number }>;
};

/**
 * POST /login, the sign-in form without JavaScript (or before it loaded). The render bundle signs
 * in through the visitor's own request to the auth service's token endpoint; a session goes to
 * the app through a one-time code (sign-in-handoff.ts) and the browser to the dashboard, or back
 * to /login where the app asks for the second step; a refusal is /login again with its texts.
 */
export function loginPost({ renderer, api, handoffs, page }: Deps): Handler {
  return async (c) => {
    const outcome = await renderer.signIn(await readFormBody(c.req.raw, LOGIN_BODY_LIMIT), api.asVisitor(c));
    if (outcome === undefined) return c.text('Situs belum dibangun. Jalankan "npm run build" lalu mulai ulang server.', 503);
    c.header('Cache-Control', 'no-store');
    if (outcome.kind === 'signed-in') {
      await handoffs.give(c, outcome.session);
      return c.redirect(outcome.secondStep ? paths.login : paths.admin.dashboard, 303);
    }
    const refused = await page(c, outcome.refusal);
    return c.html(refused.html, refused.status as ContentfulStatusCode);
  };
}
