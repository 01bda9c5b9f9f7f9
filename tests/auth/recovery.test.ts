import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, mailbox, openLink, uniqueEmail } from './helpers.ts';

// starting a fresh embedded database takes long on a busy machine
vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer();
const redirectTo = 'http://localhost:3000/login';

/** The recovery link mailed to `to` (sent after the answer, so it is waited for), aimed at the test server. */
async function recoveryLink(to: string, after = ''): Promise<URL> {
  let text = '';
  await expect.poll(async () => {
    const mail = (await mailbox(t.server)).find((m) => m.to === to && m.subject.startsWith('Atur ulang password') && m.created_at > after);
    text = mail?.text ?? '';
    return text;
  }).toContain('/auth/v1/verify?token=');
  const link = new URL(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)![0]);
  const local = new URL(t.url);
  link.protocol = local.protocol;
  link.host = local.host;
  return link;
}

async function recover(email: string) {
  return t.anon().auth.resetPasswordForEmail(email, { redirectTo });
}

describe('password recovery (POST /recover, GET /verify?type=recovery, PUT /user)', () => {
  it('greets an unconfirmed sign-up without the name it typed: nobody mails their words to an address they did not prove', async () => {
    const email = `belum-pulih-${Date.now()}@example.com`;
    const signUp = await t.anon().auth.signUp({ email, password: 'rahasia-123', options: { data: { full_name: 'Menangkan hadiah di situs judi' } } });
    expect(signUp.error).toBeNull();
    expect(await recover(email)).toEqual({ data: {}, error: null });
    await expect.poll(async () => (await mailbox(t.server)).filter((m) => m.to === email && m.subject.includes('Atur ulang password')).length).toBe(1);
    const mail = (await mailbox(t.server)).find((m) => m.to === email && m.subject.includes('Atur ulang password'))!;
    expect(mail.text.startsWith('Halo,')).toBe(true);
    expect(`${mail.text}${mail.html}`).not.toContain('situs judi');
  });

  it('mails an Indonesian one-use link whose session sets a new password and ends the other sessions', async () => {
    const user = await t.createUser({ fullName: 'Serda Lupa' });
    const old = t.anon();
    const { data: before } = await old.auth.signInWithPassword(user);

    expect(await recover(user.email)).toEqual({ data: {}, error: null });
    const link = await recoveryLink(user.email);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);
    const mail = (await mailbox(t.server)).find((m) => m.to === user.email)!;
    expect(mail.text).toContain('Halo Serda Lupa,');
    expect(mail.text).toContain('berlaku selama 60 menit dan hanya dapat digunakan satu kali');
    expect(mail.html).toContain('Atur Password Baru');

    const hop = await openLink(link);
    expect(hop.status).toBe(303);
    expect(`${hop.location.origin}${hop.location.pathname}`).toBe(redirectTo);
    expect(hop.fragment.get('type')).toBe('recovery');
    const accessToken = hop.fragment.get('access_token')!;
    expect(accessToken).toBeTruthy();

    const again = await openLink(link);
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    expect(again.fragment.get('access_token')).toBeNull();

    const short = await authFetch(t.server, '/user', { method: 'PUT', token: accessToken, body: JSON.stringify({ password: '12345' }) });
    expect(short.status).toBe(422);
    expect(await short.json()).toMatchObject({ code: 'weak_password' });

    const changed = await authFetch(t.server, '/user', { method: 'PUT', token: accessToken, body: JSON.stringify({ password: 'sandi-baru-99' }) });
    expect(changed.status).toBe(200);

    const oldPassword = await t.anon().auth.signInWithPassword(user);
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const newPassword = await t.anon().auth.signInWithPassword({ email: user.email, password: 'sandi-baru-99' });
    expect(newPassword.error).toBeNull();
    // the session that was open elsewhere before the reset is gone
    const refreshed = await t.anon().auth.refreshSession({ refresh_token: before.session!.refresh_token });
    expect(refreshed.error?.status).toBe(400);
  });

  it('answers an unknown address exactly like a registered one, and sends nothing', async () => {
    const user = await t.createUser();
    const unknown = uniqueEmail('tidak-ada');
    const known = await authFetch(t.server, `/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { method: 'POST', body: JSON.stringify({ email: user.email }) });
    const missing = await authFetch(t.server, `/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { method: 'POST', body: JSON.stringify({ email: unknown }) });
    expect([known.status, missing.status]).toEqual([200, 200]);
    expect(await missing.text()).toBe(await known.text());
    await recoveryLink(user.email);
    expect((await mailbox(t.server)).filter((m) => m.to === unknown)).toEqual([]);

    // the once-a-minute limit answers the same for both as well
    const knownAgain = await recover(user.email);
    const missingAgain = await recover(unknown);
    expect(knownAgain.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(missingAgain.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('refuses an expired link and a forged one without touching the password', async () => {
    const user = await t.createUser();
    await recover(user.email);
    const link = await recoveryLink(user.email);
    await t.server.ctx.db.query(`update auth.users set recovery_sent_at = now() - interval '61 minutes' where id = $1`, [user.id]);
    const expired = await openLink(link);
    expect(expired.status).toBe(303);
    expect(expired.fragment.get('error_code')).toBe('otp_expired');
    expect(expired.fragment.get('access_token')).toBeNull();

    for (const token of ['0'.repeat(56), 'abc', link.searchParams.get('token')!.replace(/.$/, (ch) => (ch === 'a' ? 'b' : 'a'))]) {
      const forged = new URL(link);
      forged.searchParams.set('token', token);
      const hop = await openLink(forged);
      expect(hop.fragment.get('error_code')).toBe('otp_expired');
      expect(hop.fragment.get('access_token')).toBeNull();
    }
    // a confirmation token is no recovery token, and the other way round
    const asSignup = new URL(link);
    asSignup.searchParams.set('type', 'signup');
    expect((await openLink(asSignup)).fragment.get('access_token')).toBeNull();

    const { error } = await t.anon().auth.signInWithPassword(user);
    expect(error).toBeNull();
  });

  it('refuses a missing or malformed address with a 400 and a bad redirect falls back to SITE_URL', async () => {
    const empty = await authFetch(t.server, '/recover', { method: 'POST', body: JSON.stringify({ email: '' }) });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'validation_failed' });
    const malformed = await authFetch(t.server, '/recover', { method: 'POST', body: JSON.stringify({ email: 'bukan-alamat' }) });
    expect(malformed.status).toBe(400);

    const user = await t.createUser();
    const res = await authFetch(t.server, `/recover?redirect_to=${encodeURIComponent('https://evil.example/login')}`, {
      method: 'POST', body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(200);
    const link = await recoveryLink(user.email);
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000');
  });
});
