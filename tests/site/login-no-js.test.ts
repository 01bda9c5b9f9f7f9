/** Issue 44: /login signs in by a plain form post, before or without the app's JavaScript. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer, type TestServerHandle } from '../support/use-test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist/index.html')) && existsSync(path.join(root, 'dist-ssr/entry-server.js'));

const post = (t: TestServerHandle, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** The Set-Cookie headers by cookie name. */
const cookiesOf = (res: Response) =>
  Object.fromEntries(res.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]));

const sessionsOf = async (t: TestServerHandle, userId: string) =>
  Number((await t.server.ctx.db.query<{ n: string }>('select count(*) as n from auth.sessions where user_id = $1', [userId])).rows[0].n);

describe.skipIf(!built)('POST /login without JavaScript', () => {
  const t = useTestServer({ serveSite: true });

  it('is a form in the server\'s HTML that posts to /login', async () => {
    const html = await (await fetch(`${t.url}/login`)).text();
    expect(html).toContain('Portal Personel');
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/login"');
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/<input[^>]*name="password"/);
    expect(html).not.toContain('Aktifkan JavaScript');
  });

  it('answers missing fields and a wrong password with SPEC\'s texts, keeps the e-mail, never the password, signs nobody in', async () => {
    const missing = await post(t, { email: '', password: '' });
    expect(missing.status).toBe(400);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('Form Tidak Lengkap');
    expect(missingHtml).toContain('Mohon masukkan email dan password.');

    const user = await t.createUser({ status: 'approved' });
    const wrong = await post(t, { email: user.email, password: 'bukan-ini-rahasianya' });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    expect(cookiesOf(wrong)['sb-handoff']).toBeUndefined();
    const html = await wrong.text();
    expect(html).toContain('Login Gagal');
    expect(html).toContain('Email atau password salah.');
    expect(html).toContain(`value="${user.email}"`);
    expect(html).not.toContain('bukan-ini-rahasianya');
    expect(await sessionsOf(t, user.id)).toBe(0);
  });

  it('refuses an account waiting for approval and ends the session the password opened', async () => {
    const user = await t.createUser({ status: 'pending' });
    const res = await post(t, { email: user.email, password: user.password });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('Akses Ditolak');
    expect(html).toContain('Akun Anda sedang menunggu persetujuan dari administrator.');
    expect(cookiesOf(res)['sb-handoff']).toBeUndefined();
    expect(await sessionsOf(t, user.id)).toBe(0);
  });

  it('signs an approved member in and hands the session to the app once, through an HttpOnly one-time code', async () => {
    const user = await t.createUser({ role: 'admin', status: 'approved' });
    const res = await post(t, { email: user.email, password: user.password });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/dashboard');
    const cookies = cookiesOf(res);
    expect(cookies['sb-handoff-code']).toMatch(/HttpOnly/i);
    expect(cookies['sb-handoff-code']).toMatch(/Path=\/login\/sesi/);
    expect(cookies['sb-handoff-code']).toMatch(/SameSite=Strict/i);
    expect(cookies.sb).toBeUndefined();
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/eyJ/);
    const code = cookies['sb-handoff-code'].split(';')[0];

    const take = () => fetch(`${t.url}/login/sesi`, { method: 'POST', headers: { Cookie: code, 'Sec-Fetch-Site': 'same-origin' } });
    const taken = await take();
    expect(taken.status).toBe(200);
    expect(taken.headers.get('cache-control')).toBe('no-store');
    const session = (await taken.json()) as { access_token: string; refresh_token: string };
    const me = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${session.access_token}` } });
    expect(((await me.json()) as { email: string }).email).toBe(user.email);
    expect((await take()).status).toBe(404);

    // from another site, nothing is handed over
    const again = await post(t, { email: user.email, password: user.password });
    const other = cookiesOf(again)['sb-handoff-code'].split(';')[0];
    const foreign = await fetch(`${t.url}/login/sesi`, { method: 'POST', headers: { Cookie: other, 'Sec-Fetch-Site': 'cross-site' } });
    expect(foreign.status).toBe(403);
  });

  it('sends an account with two-step verification back to /login, where the app asks for the code', async () => {
    const user = await t.createUser({ role: 'admin', status: 'approved' });
    await t.server.ctx.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'Ponsel', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [user.id],
    );
    const res = await post(t, { email: user.email, password: user.password });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    expect(cookiesOf(res)['sb-handoff-code']).toBeDefined();
  });

  it('refuses a post from another site with a plain Indonesian page', async () => {
    const user = await t.createUser({ status: 'approved' });
    const res = await post(t, { email: user.email, password: user.password }, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://jahat.example' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Formulir ini hanya dapat dikirim dari halaman situs ini sendiri. Anda belum masuk.');
    expect(await sessionsOf(t, user.id)).toBe(0);
  });
});

describe.skipIf(!built)('POST /login and the token endpoint share one rate limit', () => {
  // passwordIp: 150 x 0.2 = 30 password sign-ins per address in five minutes (0.2 keeps every
  // failure limit at one point or more)
  const t = useTestServer({ serveSite: true, rateLimitScale: 0.2 });

  it('counts form posts and JSON sign-ins from one address together, and says so in Indonesian', async () => {
    // right passwords: only the per-address attempt limit counts them
    const user = await t.createUser({ role: 'admin', status: 'approved' });
    for (let i = 0; i < 15; i++) expect((await post(t, { email: user.email, password: user.password })).status).toBe(303);
    for (let i = 0; i < 15; i++) expect((await t.anon().auth.signInWithPassword(user)).error).toBeNull();
    const limited = await post(t, { email: user.email, password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.headers.getSetCookie().join('\n')).not.toContain('sb-handoff');
    expect(await limited.text()).toContain('Terlalu banyak percobaan. Silakan tunggu sebentar lalu coba lagi.');
    expect((await t.anon().auth.signInWithPassword(user)).error?.status).toBe(429);
  }, 60_000);
});
