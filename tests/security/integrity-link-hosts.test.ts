/**
 * Issue 42 item 3: a link's host as a browser requests it. The SQL guard's host
 * (private.url_host, through private.html_link_hosts) equals `new URL(...).hostname` (the reading's
 * linkHost) over a corpus of spellings, percent-encoding, IDNA and IPv4 forms; an address the parser
 * refuses has no host on either side, and the renderer drops its link. On the embedded server and on
 * Debian's PostgreSQL 15 through DATABASE_URL.
 */
import { describe, expect, it, vi } from 'vitest';
import { linkHost } from '../../src/lib/integrity/reader-view.ts';
import { sanitizeArticleHtml } from '../../src/lib/sanitize.ts';
import { createUser, signInAs } from '../support/server.ts';
import { SERVER_MODES, useServerOn } from '../support/server-on.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

/** Addresses that lead a browser to evil.example, however they are written. */
const EVIL = ['https://evil.example/', 'https:evil.example', 'HTTPS://EVIL.EXAMPLE', 'https://%65vil.example', 'https://%45%56%49%4C.example/x',
  'https://ｅｖｉｌ.example', 'https://ＥＶＩＬ．example', 'https://evil。example', 'https://e\u00advil.example', 'https://www.evil.example',
  'https://user:pw@evil.example:8443/x', 'https://a@b@evil.example', '//evil.example/x', '/\\evil.example', 'https:\\\\evil.example', 'ht\ttps://evil.example',
  ' https://evil.example ', 'https://evil.example./'.slice(0, -2), 'https://evil.example?x', 'https://evil.example#x', 'wss://evil.example', 'ftp://evil.example'];

const CORPUS = [
  ...EVIL,
  // IDNA: case, compatibility forms and marks mapped, then punycode; the 'xn--' form is the same host
  'https://EVİL.example', 'https://xn--evil-swc.example', 'https://XN--EVIL-SWC.example', 'https://Straße.example', 'https://STRASSE.example',
  'https://\u0435vil.example', 'https://xn--vil-qdd.example', 'https://bücher.example', 'https://BÜCHER.example', 'https://bu\u0308cher.example',
  'https://%C3%BCber.example', 'https://%c3%9cber.example', 'https://☃.example', 'https://日本語.example', 'https://ΣΟΦΙΑ.example', 'https://ⓔvil.example',
  'https://𝐞vil.example', 'https://ｓｌｏｔ８８.example', 'https://мвд.рф', 'https://münchen.de/x', 'https://é.example', 'https://ǅ.example',
  // IPv4 written as one number, in hexadecimal or octal
  'http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/', 'http://192.168.0.1/', 'http://0x7f000001/',
  // no host of its own, or one a browser refuses
  '/berita/x', 'berita', '#atas', '?q=1', 'mailto:humas@example.id', 'tel:+62', 'https://', 'https://exa mple.com', 'https://%zz.example',
  'https://%ff.example', 'https://a<b.example', 'https://a%2fb.example', 'http://256.256.256.256/', 'http://1.2.3.4.5/', 'http://08.1/',
  'https://evil.example:99999/', 'https://ev\u0000il.example', 'https://\u200b.example', 'https://a\u0080b.example',
];

describe.each(SERVER_MODES)('on the %s server', (mode) => {
  const on = useServerOn(mode);

  async function sqlHosts(hrefs: string[]): Promise<(string | null)[]> {
    const escaped = hrefs.map((href) => href.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replaceAll('\0', '&#0;'));
    const { rows } = await on.server.ctx.db.query<{ hosts: string[] }>(
      `select private.html_link_hosts('<p><a href="' || h || '">tautan</a></p>') as hosts from unnest($1::text[]) with ordinality as x(h, n) order by n`, [escaped]);
    return rows.map((row) => row.hosts[0] ?? null);
  }

  it('reads the host a browser requests, as new URL(...).hostname does', async () => {
    const sql = await sqlHosts(CORPUS);
    expect(CORPUS.map((href, i) => [href, sql[i]])).toEqual(CORPUS.map((href) => [href, linkHost(href)]));
    expect(sql.slice(0, EVIL.length)).toEqual(EVIL.map(() => 'evil.example'));
    expect(sql[CORPUS.indexOf('https://EVİL.example')]).toBe('xn--evil-swc.example');
    expect(sql[CORPUS.indexOf('http://0x7f.1/')]).toBe('127.0.0.1');
  });

  it('counts each spelling of a host as that one host: a new domain once, and toward the outbound limit', async () => {
    const reasons = async (html: string) => (await on.server.ctx.db.query<{ reasons: string[] }>(
      `select private.guard_reasons('Info', $1) as reasons`, [html])).rows[0].reasons;
    expect(await reasons('<p><a href="https://%65vil.example">a</a> <a href="https://ＥＶＩＬ.example">b</a></p>'))
      .toEqual(['Tautan ke domain yang belum pernah ditautkan: evil.example']);
    expect(await reasons('<p><a href="https://EVİL.example">a</a></p>')).toEqual(['Tautan ke domain yang belum pernah ditautkan: xn--evil-swc.example']);
    const flood = ['%61.example', 'ｂ.example', 'xn--bcher-kva.example', '0xc0.0xa8.0.1', 'C.example', 'd.example']
      .map((host, i) => `<a href="https://${host}/">sumber ${i}</a>`).join(' ');
    expect(await reasons(`<p>${flood}</p>`)).toContain('Tautan keluar terlalu banyak: 6 (batas 5)');
  });

  it('holds an article saved through the API whose link spells a new host in IDNA or percent-encoding', async () => {
    const user = await createUser(on.server, { role: 'admin', fullName: 'Letda Penerangan' });
    const staff = await signInAs(on.server, user);
    const { data, error } = await staff.from('articles').insert({
      title: 'Info kegiatan', author_id: user.id, content: '<p>Lihat <a href="https://ＡＲＳＩＰ９.example/">arsip</a> dan <a href="https://%61rsip9.example/">foto</a>.</p>',
    }).select('id, published_at').single();
    expect(error).toBeNull();
    expect(data!.published_at).toBeNull();
    const { rows } = await on.server.ctx.db.query<{ reasons: string[] }>('select reasons from public.integrity_holds where row_id = $1', [data!.id]);
    expect(rows.map((row) => row.reasons)).toEqual([['Tautan ke domain yang belum pernah ditautkan: arsip9.example']]);
  });

  it('drops from the rendered page every link whose address the URL parser refuses, and keeps the others', () => {
    for (const href of CORPUS) {
      const html = sanitizeArticleHtml(`<p><a href="${href.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">tautan</a></p>`, 'https://skadron.example');
      let parsed = true;
      try {
        new URL(href, 'https://skadron.example');
      } catch {
        parsed = false;
      }
      // DOMPurify keeps only some schemes: the parsed addresses checked kept are the web's
      if (!parsed || /^\s*https?:/i.test(href)) expect([href, html.includes('href=')]).toEqual([href, parsed]);
    }
    expect(sanitizeArticleHtml('<p><a href="https://%zz.example">x</a><a href="https://a b.example">y</a></p>', 'https://skadron.example')).not.toContain('href');
  });
});
