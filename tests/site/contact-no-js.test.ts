/** Issue 25: the contact form posted without JavaScript gets the app's answers, as a page, never a 500. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/index.html')) && existsSync(path.join(root, 'dist-ssr/entry-server.js'));

describe.skipIf(!built)('POST /kontak without JavaScript', () => {
  const t = useTestServer({ serveSite: true });

  const post = (body: string | Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    fetch(`${t.url}/kontak`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': contentType },
      body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
    });

  const stored = async (email: string) =>
    (await t.service().from('contacts').select('name, email, phone, subject, message').eq('email', email)).data ?? [];

  it('sends a complete message through the API and redirects to the thank-you', async () => {
    const email = `nojs-${Date.now()}@contoh.id`;
    const res = await post({ name: ' Budi ', email, phone: '', subject: 'Kunjungan', message: 'Mohon info kunjungan.' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/kontak?terkirim=1');
    expect(await stored(email)).toEqual([{ name: 'Budi', email, phone: null, subject: 'Kunjungan', message: 'Mohon info kunjungan.' }]);
    const thanks = await (await fetch(`${t.url}/kontak?terkirim=1`)).text();
    expect(thanks).toContain('Pesan Terkirim!');
    expect(thanks).toContain('Terima kasih telah menghubungi kami. Pesan Anda telah kami terima.');
  });

  it('refuses missing fields, a bad address or another content type with the same texts, keeping what was typed, storing nothing', async () => {
    const email = `kurang-${Date.now()}@contoh.id`;
    const missing = await post({ name: '', email, message: '' });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const html = await missing.text();
    expect(html).toContain('Form Tidak Lengkap');
    expect(html).toContain('Mohon lengkapi nama, email, dan pesan.');
    expect(html).toContain(`value="${email}"`);

    const badEmail = await post({ name: 'Budi', email: 'bukan-email', message: 'Halo' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain('Email Tidak Valid');

    const wrongType = await post(JSON.stringify({ name: 'Budi', email, message: 'x' }), 'application/json');
    expect(wrongType.status).toBe(400);
    expect(await wrongType.text()).toContain('Form Tidak Lengkap');
    expect(await stored(email)).toEqual([]);
  });

  it('shows hostile input back as text only', async () => {
    const res = await post({ name: '"><script>alert(1)</script>', email: 'x', message: '</textarea><img src=x onerror=alert(1)>' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
  });

  it('refuses a body too large to be a message without reading it all', async () => {
    const res = await post({ name: 'Budi', email: 'besar@contoh.id', message: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('Pesan maksimal 5000 karakter.');
    expect(await stored('besar@contoh.id')).toEqual([]);
  });

  it('refuses a flood from one sender with the database limit, as a page', async () => {
    const email = `banjir-${Date.now()}@contoh.id`;
    for (let i = 0; i < 5; i++) expect((await post({ name: 'Budi', email, message: `Pesan ${i}` })).status).toBe(303);
    const flood = await post({ name: 'Budi', email, message: 'Pesan 6' });
    expect(flood.status).toBe(429);
    expect(await flood.text()).toContain('Terjadi kesalahan: Terlalu banyak pesan dikirim. Silakan coba lagi beberapa menit lagi.');
    expect(await stored(email)).toHaveLength(5);
  });
});
