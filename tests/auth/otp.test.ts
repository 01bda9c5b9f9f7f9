import { describe, expect, it, vi } from 'vitest';
import type { StoredMail } from '../../server/mail/mailer.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, mailbox, uniqueEmail } from './helpers.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer({ authPasswordReauthentication: true });

/** The newest mail to `to` whose subject starts with `subject` (code mail is sent after the answer). */
async function newestMail(to: string, subject: string, after = ''): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect.poll(async () => {
    found = (await mailbox(t.server)).filter((m) => m.to === to && m.subject.startsWith(subject) && m.created_at > after).at(-1);
    return Boolean(found);
  }).toBe(true);
  return found!;
}

const codeIn = (mail: StoredMail) => /kode berikut: (\d{6})|password akun Anda di .*: (\d{6})/.exec(mail.text)!.slice(1).find(Boolean)!;

async function db<T extends Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
  return (await t.server.ctx.db.query<T>(sql, params)).rows;
}

describe('one-time codes by mail (POST /otp, POST /verify, POST /resend)', () => {
  it('mails a registered member a code in Indonesian that signs in once; wrong, reused and other-type codes get otp_expired', async () => {
    const user = await t.createUser();
    const { error } = await t.anon().auth.signInWithOtp({ email: user.email, options: { shouldCreateUser: false } });
    expect(error).toBeNull();
    const mail = await newestMail(user.email, 'Tautan masuk');
    expect(mail.text).toContain('Atau masukkan kode berikut');
    const code = codeIn(mail);

    const wrong = await t.anon().auth.verifyOtp({ email: user.email, token: code === '000000' ? '111111' : '000000', type: 'email' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const otherType = await t.anon().auth.verifyOtp({ email: user.email, token: code, type: 'signup' });
    expect(otherType.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const ok = await t.anon().auth.verifyOtp({ email: user.email, token: code, type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.session!.user.id).toBe(user.id);
    expect(ok.data.session!.access_token).toBeTruthy();
    const reused = await t.anon().auth.verifyOtp({ email: user.email, token: code, type: 'email' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('an expired code is refused and does not sign in', async () => {
    const user = await t.createUser();
    await t.anon().auth.signInWithOtp({ email: user.email });
    const code = codeIn(await newestMail(user.email, 'Tautan masuk'));
    await db('update auth.users set recovery_sent_at = now() - interval \'2 hours\' where id = $1', [user.id]);
    const late = await t.anon().auth.verifyOtp({ email: user.email, token: code, type: 'magiclink' });
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const [{ sessions }] = await db<{ sessions: string }>('select count(*)::text as sessions from auth.sessions where user_id = $1', [user.id]);
    expect(sessions).toBe('0');
  });

  it('guessing codes for one address stops after ten wrong ones, from any client', async () => {
    const user = await t.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await authFetch(t.server, '/verify', { method: 'POST', body: JSON.stringify({ type: 'email', email: user.email, token: String(100000 + i) }) });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('an unknown address with shouldCreateUser false gets the same empty answer and no account; with it, a pending account', async () => {
    const stranger = uniqueEmail('asing');
    const refused = await authFetch(t.server, '/otp', { method: 'POST', body: JSON.stringify({ email: stranger, create_user: false }) });
    expect(refused.status).toBe(200);
    expect(await refused.json()).toEqual({});
    expect(await db('select 1 from auth.users where email = $1', [stranger])).toHaveLength(0);

    const newcomer = uniqueEmail('baru-otp');
    expect((await t.anon().auth.signInWithOtp({ email: newcomer })).error).toBeNull();
    const mail = await newestMail(newcomer, 'Konfirmasi pendaftaran');
    const [{ status }] = await db<{ status: string }>('select p.status::text from public.profiles p join auth.users u on u.id = p.id where u.email = $1', [newcomer]);
    expect(status).toBe('pending');
    const ok = await t.anon().auth.verifyOtp({ email: newcomer, token: codeIn(mail), type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.user!.email_confirmed_at).toBeTruthy();
  });

  it('resends a signup confirmation with a new code, at most once a minute per address', async () => {
    const email = uniqueEmail('kirim-ulang');
    await t.anon().auth.signUp({ email, password: 'rahasia-123' });
    await newestMail(email, 'Konfirmasi pendaftaran');
    const started = new Date().toISOString();
    const first = await t.anon().auth.resend({ type: 'signup', email });
    expect(first.error).toBeNull();
    const code = codeIn(await newestMail(email, 'Konfirmasi pendaftaran', started));
    const again = await t.anon().auth.resend({ type: 'signup', email });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    const ok = await t.anon().auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(ok.error).toBeNull();
    const bad = await t.anon().auth.resend({ type: 'sms' as 'signup', email });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('POST /verify checks its parameters as GoTrue does', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ token: '123456', email: 'a@example.com' }, 400, 'Verify requires a verification type'],
      [{ type: 'email' }, 400, 'Verify requires either a token or a token hash'],
      [{ type: 'email', token_hash: 'abc', email: 'a@example.com' }, 400, 'Only the token_hash and type should be provided'],
      [{ type: 'email', token_hash: 'a'.repeat(56) }, 403, 'Email link is invalid or has expired'],
      [{ type: 'bogus', token_hash: 'a'.repeat(56) }, 400, 'Invalid email verification type'],
      [{ type: 'sms', token: '123456', phone: 'bukan-nomor' }, 400, 'Invalid phone number format (E.164 required)'],
      [{ type: 'sms', token: '123456', phone: '+62 812345678' }, 403, 'Token has expired or is invalid'],
    ];
    for (const [body, status, message] of cases) {
      const res = await authFetch(t.server, '/verify', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).message).toBe(message);
    }
  });
});

describe('reauthentication for a password change (GET /reauthenticate, PUT /user with nonce)', () => {
  it('a session older than a day changes the password only with the mailed nonce', async () => {
    const { user, client } = await t.signedIn();
    await db(`update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`, [user.id]);
    const without = await client.auth.updateUser({ password: 'sandi-baru-456' });
    expect(without.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });

    const started = new Date().toISOString();
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = codeIn(await newestMail(user.email, 'Kode verifikasi', started));
    const wrong = await client.auth.updateUser({ password: 'sandi-baru-456', nonce: nonce === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await t.anon().auth.signInWithPassword(user)).error).toBeNull();

    const ok = await client.auth.updateUser({ password: 'sandi-baru-456', nonce });
    expect(ok.error).toBeNull();
    const reused = await client.auth.updateUser({ password: 'sandi-lain-789', nonce });
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });

  it('a fresh session changes the password without a nonce; GET /reauthenticate needs a signed-in caller', async () => {
    const { client } = await t.signedIn();
    expect((await client.auth.updateUser({ password: 'sandi-baru-456' })).error).toBeNull();
    const anonymous = await authFetch(t.server, '/reauthenticate');
    expect(anonymous.status).toBe(403);
  });
});
