import { describe, expect, it, vi } from 'vitest';
import { anonClient, startTestServer } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, confirmationLink, mailbox, openLink, uniqueEmail, uniqueUsername } from './helpers.ts';

// starting a fresh embedded database takes long on a busy machine
vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer({ redirectAllowList: ['https://*.contoh.id/**'] });
const password = 'rahasia-123';

async function signUp(email: string, data: Record<string, unknown>, emailRedirectTo = 'http://localhost:3000/login') {
  return t.anon().auth.signUp({ email, password, options: { data, emailRedirectTo } });
}

describe('sign-up with e-mail confirmation', () => {
  it('creates a pending profile from the metadata and answers the bare user without a session', async () => {
    const email = uniqueEmail();
    const username = uniqueUsername();
    const { data, error } = await signUp(email.toUpperCase(), { full_name: 'Budi Santoso', username, phone_number: '+6281234567890' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email, aud: 'authenticated', role: 'authenticated', phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Budi Santoso', username, phone_number: '+6281234567890' },
      is_anonymous: false,
    });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0]).toMatchObject({ id: data.user!.id, user_id: data.user!.id, provider: 'email' });

    const { rows } = await t.server.ctx.db.query(
      'select full_name, username, phone_number, email, role, status from public.profiles where id = $1', [data.user!.id]);
    expect(rows).toEqual([{ full_name: 'Budi Santoso', username, phone_number: '+6281234567890', email, role: 'user', status: 'pending' }]);

    const { rows: users } = await t.server.ctx.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1', [data.user!.id]);
    expect(users[0].encrypted_password).toMatch(/^\$2a\$10\$.{53}$/);
  });

  it('refuses sign-in before confirming, confirms through the mailed link, then signs in', async () => {
    const email = uniqueEmail();
    await signUp(email, { full_name: 'Sari', username: uniqueUsername(), phone_number: '+628111111111' });
    const client = t.anon();
    const early = await client.auth.signInWithPassword({ email, password });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const mail = (await mailbox(t.server)).find((m) => m.to === email)!;
    expect(mail.subject).toMatch(/^Konfirmasi pendaftaran akun/);
    expect(mail.text).toContain('http://localhost:3000/auth/v1/verify?token=');
    expect(mail.html).toContain('Konfirmasi E-mail');
    expect(mail.text).toContain('&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A3000%2Flogin');

    const link = await confirmationLink(t.server, email);
    const hop = await openLink(link);
    expect(hop.status).toBe(303);
    expect(`${hop.location.origin}${hop.location.pathname}`).toBe('http://localhost:3000/login');
    expect([...hop.fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(hop.fragment.get('type')).toBe('signup');
    expect(hop.fragment.get('token_type')).toBe('bearer');
    expect(hop.fragment.get('expires_in')).toBe('3600');

    // what detectSessionInUrl does next: GET /user with the fragment's token
    const { data: me, error } = await t.anon().auth.getUser(hop.fragment.get('access_token')!);
    expect(error).toBeNull();
    expect(me.user).toMatchObject({ email, user_metadata: { email_verified: true } });
    expect(me.user!.email_confirmed_at).toBeTruthy();

    // the link is single-use
    const again = await openLink(link);
    expect(again.fragment.get('error_code')).toBe('otp_expired');

    const late = await client.auth.signInWithPassword({ email, password });
    expect(late.error).toBeNull();
    expect(late.data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  });

  it('answers a repeated sign-up of a confirmed address with a fake user (identities: [])', async () => {
    const email = uniqueEmail();
    const first = await signUp(email, { full_name: 'A' });
    await openLink(await confirmationLink(t.server, email));
    const before = (await mailbox(t.server)).length;
    const again = await signUp(email, { full_name: 'B' });
    expect(again.error).toBeNull();
    expect(again.data.user!.identities).toEqual([]);
    expect(again.data.user!.id).not.toBe(first.data.user!.id);
    expect(again.data.user!.user_metadata).toEqual({ full_name: 'B' });
    expect((await mailbox(t.server)).length).toBe(before);
  });

  it('a stranger who signed up first with the address keeps nothing once its owner signs up', async () => {
    const email = uniqueEmail();
    const strangerName = 'Super Admin Root';
    const first = await t.anon().auth.signUp({ email, password: 'penyerang-123', options: { data: { full_name: strangerName } } });
    expect(first.error).toBeNull();
    const strangerLink = await confirmationLink(t.server, email);

    const own = await t.anon().auth.signUp({ email, password: 'milik-sendiri-1', options: { data: { full_name: 'Budi Santoso' } } });
    // the answer a new address gets: no wait, no 429, this sign-up's data, and no trace of the first
    expect(own.error).toBeNull();
    expect(own.data.session).toBeNull();
    expect(own.data.user).toMatchObject({ email, user_metadata: { full_name: 'Budi Santoso' } });
    expect(own.data.user!.identities).toEqual([expect.objectContaining({ user_id: own.data.user!.id, provider: 'email' })]);
    expect(own.data.user!.id).not.toBe(first.data.user!.id);
    expect(Object.keys(own.data.user!).sort()).toEqual(Object.keys(first.data.user!).sort());

    const mails = (await mailbox(t.server)).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).not.toContain(strangerName);
      expect(mail.text).not.toContain('Budi');
      expect(mail.text).toMatch(/^Halo,/m);
    }
    // every mail carries the one link; since two passwords were typed, neither counts and the
    // one who opens the link chooses the password (decision 0024)
    expect(await confirmationLink(t.server, email)).toEqual(strangerLink);
    for (const tried of ['penyerang-123', 'milik-sendiri-1']) {
      expect((await t.anon().auth.signInWithPassword({ email, password: tried })).error).toMatchObject({ code: 'invalid_credentials' });
    }
    const opened = await openLink(strangerLink);
    expect(opened.fragment.get('type')).toBe('recovery');
    const chooser = t.anon();
    await chooser.auth.setSession({ access_token: opened.fragment.get('access_token')!, refresh_token: opened.fragment.get('refresh_token')! });
    expect((await chooser.auth.updateUser({ password: 'dipilih-pemilik-1' })).error).toBeNull();

    const stranger = await t.anon().auth.signInWithPassword({ email, password: 'penyerang-123' });
    expect(stranger.error).toMatchObject({ code: 'invalid_credentials' });
    const owner = await t.anon().auth.signInWithPassword({ email, password: 'dipilih-pemilik-1' });
    expect(owner.error).toBeNull();
    const { rows } = await t.server.ctx.db.query('select full_name from public.profiles where email = $1', [email]);
    expect(rows).toEqual([{ full_name: 'Budi Santoso' }]);
  });

  it('rolls the whole sign-up back when the profile trigger fails (duplicate username)', async () => {
    const username = uniqueUsername();
    const first = await signUp(uniqueEmail(), { username });
    expect(first.error).toBeNull();
    const email = uniqueEmail();
    const second = await signUp(email, { username });
    expect(second.error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(second.error!.message).toBe('Username sudah digunakan. Silakan pilih username lain.');
    const { rows } = await t.server.ctx.db.query('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(rows[0]).toEqual({ n: 0 });
    expect((await mailbox(t.server)).some((m) => m.to === email)).toBe(false);
    const badPhone = await signUp(uniqueEmail(), { phone_number: '0812' });
    expect(badPhone.error).toMatchObject({ status: 422, message: 'Mohon gunakan format +62xxxxxxxxxx.' });
  });

  it('validates input with GoTrue codes', async () => {
    const client = t.anon();
    const weak = await client.auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.' });
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length']);
    const badEmail = await client.auth.signUp({ email: 'bukan-email', password });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    const long = await client.auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) });
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const res = await authFetch(t.server, '/signup', { method: 'POST', body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.headers.get('X-Supabase-Api-Version')).toBe('2024-01-01');
    expect(await res.json()).toMatchObject({ code: 'bad_json' });
  });

  it('never redirects outside SITE_URL and the allow-list', async () => {
    const allowed = uniqueEmail();
    await signUp(allowed, {}, 'https://app.contoh.id/masuk');
    const ok = await openLink(await confirmationLink(t.server, allowed));
    expect(ok.location.origin + ok.location.pathname).toBe('https://app.contoh.id/masuk');
    expect(ok.fragment.get('access_token')).toBeTruthy();

    const evil = uniqueEmail();
    await signUp(evil, {}, 'https://evil.example.net/steal');
    const link = await confirmationLink(t.server, evil);
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000');
    link.searchParams.set('redirect_to', 'https://evil.example.net/steal');
    const hop = await openLink(link);
    expect(hop.location.origin).toBe('http://localhost:3000');
    expect(hop.fragment.get('access_token')).toBeTruthy();

    const js = await openLink(`${t.url}/auth/v1/verify?token=${'0'.repeat(56)}&type=signup&redirect_to=javascript://localhost/%0aalert(1)`);
    expect(js.location.href.startsWith('http://localhost:3000')).toBe(true);
  });

  it('sends invalid or expired links back with the error fragment', async () => {
    const unknown = await openLink(`${t.url}/auth/v1/verify?token=${'ab'.repeat(28)}&type=signup&redirect_to=http://localhost:3000/login`);
    expect(unknown.status).toBe(303);
    expect(unknown.location.pathname).toBe('/login');
    expect(unknown.location.hash).toBe('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=');

    const email = uniqueEmail();
    await signUp(email, {});
    await t.server.ctx.db.query(`update auth.users set confirmation_sent_at = now() - interval '25 hours' where email = $1`, [email]);
    const expired = await openLink(await confirmationLink(t.server, email));
    expect(expired.fragment.get('error_code')).toBe('otp_expired');
    const { rows } = await t.server.ctx.db.query('select email_confirmed_at from auth.users where email = $1', [email]);
    expect(rows[0]).toEqual({ email_confirmed_at: null });
  });

  it('signs up straight into a session when AUTH_AUTOCONFIRM is on', async () => {
    const auto = await startTestServer({ authAutoconfirm: true });
    try {
      const client = anonClient(auto);
      const email = uniqueEmail();
      const { data, error } = await client.auth.signUp({ email, password });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      expect(data.user!.email_confirmed_at).toBeTruthy();
      const again = await anonClient(auto).auth.signUp({ email, password });
      expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
      const settings = await (await fetch(`${auto.url}/auth/v1/settings`, { headers: { apikey: auto.anonKey } })).json();
      expect(settings).toMatchObject({ mailer_autoconfirm: true, disable_signup: false, external: { email: true, phone: false } });
    } finally {
      await auto.stop();
    }
  }, 180_000);
});
