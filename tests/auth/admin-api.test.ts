import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, mailbox, uniqueEmail } from './helpers.ts';
import { enrolledUser } from './mfa-helpers.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();

async function profileOf(id: string) {
  const { rows } = await t.server.ctx.db.query<{ status: string; role: string; email: string }>(
    'select status::text, role::text, email from public.profiles where id = $1', [id]);
  return rows[0];
}

describe('the admin API (GET/POST/PUT/DELETE /admin/users, factors) for the service role', () => {
  it('answers everyone else 403 not_admin, and nothing changes', async () => {
    const { user, client } = await t.signedIn({ role: 'superadmin', status: 'approved' });
    const { data: session } = await client.auth.getSession();
    const userToken = session.session!.access_token;
    for (const token of [t.server.anonKey, userToken]) {
      for (const [method, path] of [['GET', '/admin/users'], ['POST', '/admin/users'], ['GET', `/admin/users/${user.id}`],
        ['PUT', `/admin/users/${user.id}`], ['DELETE', `/admin/users/${user.id}`], ['GET', `/admin/users/${user.id}/factors`],
        ['POST', '/admin/generate_link'], ['POST', '/invite']]) {
        const body = method === 'GET' || method === 'DELETE' ? undefined
          : JSON.stringify({ email: 'penyusup@example.com', password: 'rahasia-123', ban_duration: '876000h', type: 'magiclink' });
        const res = await authFetch(t.server, path, { method, token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'not_admin', message: 'User not allowed' });
      }
    }
    const noToken = await fetch(`${t.url}/auth/v1/admin/users`, { headers: { apikey: t.server.anonKey } });
    expect(noToken.status).toBe(401);
    const { data } = await t.service().auth.admin.getUserById(user.id);
    expect(data.user?.banned_until).toBeUndefined();
    const { count } = await t.service().from('profiles').select('id', { count: 'exact', head: true }).eq('email', 'penyusup@example.com');
    expect(count).toBe(0);
  });

  it('creates a user whose profile still waits for approval, and lists users with GoTrue\'s pagination headers', async () => {
    const admin = t.service().auth.admin;
    const email = uniqueEmail('admin-buat');
    const { data, error } = await admin.createUser({
      email, password: 'rahasia-123', email_confirm: true, user_metadata: { full_name: 'Serda Uji' }, app_metadata: { unit: 'skadron' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Serda Uji', email_verified: true } });
    expect(data.user!.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], unit: 'skadron' });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(await profileOf(data.user!.id)).toMatchObject({ status: 'pending', role: 'user' });

    const again = await admin.createUser({ email, password: 'rahasia-123' });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    const malformed = await admin.createUser({ email: 'xx:;x@x.x', password: 'rahasia-123' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    const weak = await admin.createUser({ email: uniqueEmail('lemah'), password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

    await admin.createUser({ email: uniqueEmail('admin-buat'), password: 'rahasia-123' });
    const page = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(1);
    expect(page.data).toMatchObject({ nextPage: 2 });
    expect((page.data as { total: number }).total).toBeGreaterThanOrEqual(2);

    const raw = await authFetch(t.server, '/admin/users?per_page=1&page=1', { token: t.server.serviceKey });
    const total = Number(raw.headers.get('x-total-count'));
    expect(raw.headers.get('link')).toBe(
      `</auth/v1/admin/users?page=2&per_page=1>; rel="next", </auth/v1/admin/users?page=${total}&per_page=1>; rel="last"`);
    expect(await raw.json()).toMatchObject({ aud: 'authenticated' });
    const bad = await authFetch(t.server, '/admin/users?page=x', { token: t.server.serviceKey });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('gets and updates a user: metadata merged, a ban ends its sessions, a new password ends them too', async () => {
    const admin = t.service().auth.admin;
    const { user, client } = await t.signedIn();
    const got = await admin.getUserById(user.id);
    expect(got.data.user).toMatchObject({ id: user.id, email: user.email });
    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000001');
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const badId = await authFetch(t.server, '/admin/users/not-a-uuid', { token: t.server.serviceKey });
    expect(badId.status).toBe(404);
    expect(await badId.json()).toMatchObject({ code: 'validation_failed', message: 'user_id must be an UUID' });

    const updated = await admin.updateUserById(user.id, { app_metadata: { pangkat: 'Serda' }, user_metadata: { nrp: '123' }, ban_duration: '24h' });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.app_metadata).toMatchObject({ provider: 'email', pangkat: 'Serda' });
    expect(updated.data.user!.user_metadata).toMatchObject({ full_name: expect.any(String), nrp: '123' });
    expect(new Date(updated.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await client.auth.getUser()).error).toMatchObject({ status: 403 });
    const banned = await t.anon().auth.signInWithPassword(user);
    expect(banned.error).toMatchObject({ status: 400, code: 'user_banned' });
    const promoted = await admin.updateUserById(user.id, { role: 'service_role' });
    expect(promoted.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const badBan = await admin.updateUserById(user.id, { ban_duration: 'sebentar' });
    expect(badBan.error).toMatchObject({ status: 400, code: 'validation_failed' });

    await admin.updateUserById(user.id, { ban_duration: 'none', password: 'sandi-baru-456' });
    expect((await t.anon().auth.signInWithPassword(user)).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await t.anon().auth.signInWithPassword({ email: user.email, password: 'sandi-baru-456' })).error).toBeNull();
    await expect.poll(async () => (await mailbox(t.server)).some((m) => m.to === user.email && m.subject.startsWith('Password akun Anda telah diganti'))).toBe(true);
  });

  it('deletes softly (the address is freed, nobody signs in) and for good (profile gone, audited as user.delete)', async () => {
    const admin = t.service().auth.admin;
    const soft = await t.createUser();
    expect((await admin.deleteUser(soft.id, true)).error).toBeNull();
    const after = await admin.getUserById(soft.id);
    expect(after.data.user!.deleted_at).toBeTruthy();
    expect(after.data.user!.email).not.toBe(soft.email);
    expect((await t.anon().auth.signInWithPassword(soft)).error).toMatchObject({ code: 'invalid_credentials' });

    const hard = await t.createUser({ fullName: 'Akan Dihapus' });
    expect((await admin.deleteUser(hard.id)).error).toBeNull();
    expect((await admin.getUserById(hard.id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect(await profileOf(hard.id)).toBeUndefined();
    const { rows } = await t.server.ctx.db.query('select 1 from public.audit_log where action = $1 and target_id = $2', ['user.delete', hard.id]);
    expect(rows).toHaveLength(1);
  });

  it('lists and deletes a member\'s factors; the deletion is audited and the member told', async () => {
    const enrolled = await enrolledUser(t);
    const admin = t.service().auth.admin;
    const listed = await admin.mfa.listFactors({ userId: enrolled.user.id });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual([expect.objectContaining({ id: enrolled.factorId, factor_type: 'totp', status: 'verified' })]);
    const unknown = await admin.mfa.deleteFactor({ userId: enrolled.user.id, id: '00000000-0000-4000-8000-000000000002' });
    expect(unknown.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const removed = await admin.mfa.deleteFactor({ userId: enrolled.user.id, id: enrolled.factorId });
    expect(removed.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: enrolled.user.id })).data!.factors).toEqual([]);
    // the member's aal2 session is down to aal1, as after their own unenrolment
    const { rows: sessions } = await t.server.ctx.db.query<{ aal: string }>('select aal::text from auth.sessions where user_id = $1', [enrolled.user.id]);
    expect(sessions.map((row) => row.aal)).toEqual(['aal1']);
    const { rows } = await t.server.ctx.db.query('select 1 from public.audit_log where action = $1 and target_id = $2', ['user.mfa_reset', enrolled.user.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('POST /admin/generate_link and POST /invite', () => {
  it('generates a magic link whose code and token_hash sign in once', async () => {
    const user = await t.createUser();
    const admin = t.service().auth.admin;
    const { data, error } = await admin.generateLink({ type: 'magiclink', email: user.email });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({ verification_type: 'magiclink', email_otp: expect.stringMatching(/^\d{6}$/) });
    expect(data.properties!.action_link).toContain(`/auth/v1/verify?token=${data.properties!.hashed_token}&type=magiclink`);
    expect(data.user!.id).toBe(user.id);
    const first = await t.anon().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'magiclink' });
    expect(first.error).toBeNull();
    expect(first.data.session!.user.id).toBe(user.id);
    const reused = await t.anon().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'magiclink' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const recovery = await admin.generateLink({ type: 'recovery', email: uniqueEmail('tidak-ada') });
    expect(recovery.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const wrongType = await authFetch(t.server, '/admin/generate_link', {
      method: 'POST', token: t.server.serviceKey, body: JSON.stringify({ type: 'bukan', email: user.email }) });
    expect(wrongType.status).toBe(400);
  });

  it('a signup link for a new address creates a pending account; its code is not accepted as a magic link', async () => {
    const email = uniqueEmail('tautan-daftar');
    const { data, error } = await t.service().auth.admin.generateLink({ type: 'signup', email, password: 'rahasia-123' });
    expect(error).toBeNull();
    expect(await profileOf(data.user!.id)).toMatchObject({ status: 'pending' });
    const asMagic = await t.anon().auth.verifyOtp({ email, token: data.properties!.email_otp, type: 'magiclink' });
    expect(asMagic.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const ok = await t.anon().auth.verifyOtp({ email, token: data.properties!.email_otp, type: 'signup' });
    expect(ok.error).toBeNull();
    expect(ok.data.user!.email_confirmed_at).toBeTruthy();
  });

  it('moves an address only once both halves of an e-mail change are confirmed; the profile follows', async () => {
    const user = await t.createUser();
    const admin = t.service().auth.admin;
    const newEmail = uniqueEmail('alamat-baru');
    const current = await admin.generateLink({ type: 'email_change_current', email: user.email, newEmail });
    const next = await admin.generateLink({ type: 'email_change_new', email: user.email, newEmail });
    expect(next.data.user).toMatchObject({ email: user.email, new_email: newEmail });
    const first = await authFetch(t.server, '/verify', {
      method: 'POST', body: JSON.stringify({ type: 'email_change', token_hash: current.data.properties!.hashed_token }) });
    expect(await first.json()).toMatchObject({ msg: expect.stringContaining('Confirmation link accepted'), code: '200' });
    expect((await admin.getUserById(user.id)).data.user!.email).toBe(user.email);
    const second = await t.anon().auth.verifyOtp({ email: newEmail, token: next.data.properties!.email_otp, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user!.email).toBe(newEmail);
    expect(await profileOf(user.id)).toMatchObject({ email: newEmail });
    const taken = await admin.generateLink({ type: 'email_change_new', email: newEmail, newEmail: (await t.createUser()).email });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('invites by mail in Indonesian; the invitee chooses a password on the link and still waits for approval', async () => {
    const email = uniqueEmail('undangan');
    const { data, error } = await t.service().auth.admin.inviteUserByEmail(email, { data: { full_name: 'Prada Baru' } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, invited_at: expect.any(String) });
    expect(await profileOf(data.user!.id)).toMatchObject({ status: 'pending' });
    let text = '';
    await expect.poll(async () => {
      text = (await mailbox(t.server)).find((m) => m.to === email)?.text ?? '';
      return text;
    }).toContain('Anda diundang');
    const link = new URL(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)![0]);
    const res = await fetch(`${t.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();
    const again = await t.service().auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
