import type { MiddlewareHandler } from 'hono';
import { paths } from '../../src/lib/paths.ts';
import { publicOrigin } from './serve-page.ts';

/** What a refused post was for: the sentence saying nothing happened, and where to do it again. */
export type FormKind = { undone: string; href: string; page: string; again: string };

export const CONTACT_FORM: FormKind = { undone: 'Pesan Anda tidak disimpan.', href: paths.contact, page: 'Kontak', again: 'kirim pesan Anda dari sana' };
export const LOGIN_FORM: FormKind = { undone: 'Anda belum masuk.', href: paths.login, page: 'Login', again: 'masuk dari sana' };

const refusal = ({ undone, href, page, again }: FormKind) => `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Formulir Ditolak</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.5rem">Formulir Ditolak</h1>
<p>Formulir ini hanya dapat dikirim dari halaman situs ini sendiri. ${undone}</p>
<p><a href="${href}">Buka halaman ${page}</a> lalu ${again}.</p>
</body></html>
`;

/**
 * Form posts only from this site's own pages, so a hostile page cannot make its visitors'
 * browsers post for it (spreading a flood over many addresses). Sec-Fetch-Site where the browser
 * sends it, else Origin; a client that sends neither (an old browser, a script) is no browser a
 * hostile page can drive, and goes on to the usual checks and limits.
 */
export function sameSiteOnly(trustProxy: readonly string[], form: FormKind = CONTACT_FORM): MiddlewareHandler {
  return async (c, next) => {
    const fetchSite = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    const foreign = fetchSite !== undefined
      ? fetchSite !== 'same-origin' && fetchSite !== 'none'
      : origin !== undefined && origin !== publicOrigin(c, trustProxy);
    if (!foreign) return next();
    c.header('Cache-Control', 'no-store');
    return c.html(refusal(form), 403);
  };
}
