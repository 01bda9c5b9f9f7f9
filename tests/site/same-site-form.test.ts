/** Issue 31: the no-JavaScript contact form takes posts only from this site's own pages. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/index.html')) && existsSync(path.join(root, 'dist-ssr/entry-server.js'));

describe.skipIf(!built)('POST /kontak from another site', () => {
  const t = useTestServer({ serveSite: true });

  const post = (fields: Record<string, string>, headers: Record<string, string>) =>
    fetch(`${t.url}/kontak`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const message = (email: string) => ({ name: 'Budi', email, message: 'Pesan dari halaman lain.' });
  const stored = async (email: string) => (await t.service().from('contacts').select('email').eq('email', email)).data ?? [];

  it('refuses a cross-site post, with or without Origin, with a plain Indonesian page and stores nothing', async () => {
    const email = `lintas-${Date.now()}@contoh.id`;
    const attempts: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://jahat.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'https://lain.skadron.example' },
      { Origin: 'https://jahat.example' },
      { Origin: 'null' },
    ];
    for (const headers of attempts) {
      const res = await post(message(email), headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      const html = await res.text();
      expect(html).toContain('Formulir Ditolak');
      expect(html).toContain('Formulir ini hanya dapat dikirim dari halaman situs ini sendiri. Pesan Anda tidak disimpan.');
    }
    expect(await stored(email)).toEqual([]);
  });

  it('accepts the post from its own page (Sec-Fetch-Site or Origin) and from clients that send neither', async () => {
    const emails = [`sendiri-a-${Date.now()}@contoh.id`, `sendiri-b-${Date.now()}@contoh.id`, `sendiri-c-${Date.now()}@contoh.id`];
    expect((await post(message(emails[0]), { 'Sec-Fetch-Site': 'same-origin', Origin: t.url })).status).toBe(303);
    expect((await post(message(emails[1]), { Origin: t.url })).status).toBe(303);
    expect((await post(message(emails[2]), {})).status).toBe(303);
    for (const email of emails) expect(await stored(email)).toEqual([{ email }]);
  });

  it('stores nothing when the hidden field is filled, and still thanks the sender', async () => {
    const email = `robot-${Date.now()}@contoh.id`;
    const res = await post({ ...message(email), website: 'https://spam.example' }, { 'Sec-Fetch-Site': 'same-origin' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/kontak?terkirim=1');
    expect(await stored(email)).toEqual([]);
  });
});
