/**
 * AUTH_ANONYMOUS_SIGN_INS: GoTrue's anonymous users, their session and token, the way they become
 * permanent (an e-mail, then a password), and the per-address flood limit. Off by default:
 * tests/auth/disabled-features.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, confirmationLink, openLink, uniqueEmail } from './helpers.ts';

const t = useTestServer({ authAnonymousSignIns: true });
const autoconfirmed = useTestServer({ authAnonymousSignIns: true, authAutoconfirm: true });
// the limits as configured, behind a proxy that names each client's address
const limited = useTestServer({ authAnonymousSignIns: true, rateLimitScale: 1, trustProxy: ['127.0.0.1'] });
let address = 0;
const fromNewAddress = () => ({ 'X-Forwarded-For': `198.51.100.${++address}` });

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function signInAnonymously(data?: Record<string, unknown>) {
  const res = await authFetch(t.server, '/signup', { method: 'POST', body: JSON.stringify(data ? { data } : {}) });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string; user: Record<string, unknown> };
}

const profileOf = async (id: string) =>
  (await t.server.ctx.db.query<{ status: string; email: string | null }>('select status, email from public.profiles where id = $1', [id])).rows[0];

describe('an anonymous sign-in', () => {
  it('is a session for a user with no address, flagged anonymous in the user and the token', async () => {
    const session = await signInAnonymously({ nama_panggilan: 'Tamu' });
    expect(session.user).toMatchObject({
      aud: 'authenticated', role: 'authenticated', email: '', phone: '', is_anonymous: true,
      app_metadata: {}, user_metadata: { nama_panggilan: 'Tamu' }, identities: [],
    });
    const claims = claimsOf(session.access_token);
    expect(claims).toMatchObject({ role: 'authenticated', is_anonymous: true, aal: 'aal1', sub: session.user.id });
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['anonymous']);
    const refreshed = await authFetch(t.server, '/token?grant_type=refresh_token', {
      method: 'POST', body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    expect(claimsOf(((await refreshed.json()) as { access_token: string }).access_token).is_anonymous).toBe(true);
  });

  it('makes no profile, so nothing waits for a superadmin\'s approval', async () => {
    const session = await signInAnonymously();
    expect(await profileOf(session.user.id as string)).toBeUndefined();
  });

  it('is announced in /settings', async () => {
    const res = await authFetch(t.server, '/settings');
    expect(((await res.json()) as { external: Record<string, boolean> }).external.anonymous_users).toBe(true);
  });

  it('is limited to 30 per client address per hour, as GoTrue\'s anonymous limit', async () => {
    const headers = fromNewAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await authFetch(limited.server, '/signup', { method: 'POST', headers, body: '{}' });
      statuses.push(res.status);
      if (res.status === 429) expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' });
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // another address is not held up
    const other = await authFetch(limited.server, '/signup', { method: 'POST', headers: fromNewAddress(), body: '{}' });
    expect(other.status).toBe(200);
  });
});

describe('becoming a permanent account', () => {
  it('refuses a password without an address (nobody could sign in with it)', async () => {
    const session = await signInAnonymously();
    const res = await authFetch(t.server, '/user', {
      method: 'PUT', token: session.access_token, body: JSON.stringify({ password: 'rahasia-tamu-123' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed', message: 'Updating password of an anonymous user without an email or phone is not allowed',
    });
  });

  it('adds an e-mail through a link to it; opening the link makes the account permanent and pending approval', async () => {
    const session = await signInAnonymously();
    const email = uniqueEmail('tamu');
    const res = await authFetch(t.server, '/user', {
      method: 'PUT', token: session.access_token, body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: '', new_email: email, is_anonymous: true });
    expect(await profileOf(session.user.id as string)).toBeUndefined();
    const opened = await openLink(await confirmationLink(t.server, email));
    expect(opened.fragment.get('access_token')).toBeTruthy();
    const user = await authFetch(t.server, '/user', { token: opened.fragment.get('access_token')! });
    expect(await user.json()).toMatchObject({
      id: session.user.id, email, is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      identities: [expect.objectContaining({ provider: 'email' })],
    });
    expect(await profileOf(session.user.id as string)).toEqual({ status: 'pending', email });
  });

  it('may not take an address another account has', async () => {
    const owner = await t.createUser();
    const session = await signInAnonymously();
    const res = await authFetch(t.server, '/user', {
      method: 'PUT', token: session.access_token, body: JSON.stringify({ email: owner.email }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'email_exists' });
  });

  it('with autoconfirm, takes e-mail and password at once and can sign in with them', async () => {
    const res = await authFetch(autoconfirmed.server, '/signup', { method: 'POST', body: '{}' });
    const session = (await res.json()) as { access_token: string; user: { id: string } };
    const email = uniqueEmail('tamu');
    const update = await authFetch(autoconfirmed.server, '/user', {
      method: 'PUT', token: session.access_token, body: JSON.stringify({ email, password: 'rahasia-tamu-123' }),
    });
    expect(update.status).toBe(200);
    expect(await update.json()).toMatchObject({ email, is_anonymous: false });
    const signIn = await authFetch(autoconfirmed.server, '/token?grant_type=password', {
      method: 'POST', body: JSON.stringify({ email, password: 'rahasia-tamu-123' }),
    });
    expect(signIn.status).toBe(200);
    const { rows } = await autoconfirmed.server.ctx.db.query('select status from public.profiles where id = $1', [session.user.id]);
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});

describe('the admin API and an anonymous user (GoTrue\'s UpdateUser)', () => {
  const update = (id: string, body: Record<string, unknown>) => authFetch(t.server, `/admin/users/${id}`, {
    method: 'PUT', token: t.server.serviceKey, body: JSON.stringify(body),
  });

  it('an address with email_confirm makes the account permanent, without it only adds the identity', async () => {
    const confirmed = await signInAnonymously();
    const email = uniqueEmail('admin-tamu');
    const res = await update(confirmed.user.id as string, { email, email_confirm: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email, is_anonymous: false, identities: [expect.objectContaining({ provider: 'email' })],
    });
    expect(await profileOf(confirmed.user.id as string)).toEqual({ status: 'pending', email });

    const unconfirmed = await signInAnonymously();
    const other = uniqueEmail('admin-tamu');
    const later = await update(unconfirmed.user.id as string, { email: other, email_confirm: false });
    expect(await later.json()).toMatchObject({
      email: other, is_anonymous: true, identities: [expect.objectContaining({ provider: 'email' })],
    });
    expect(await profileOf(unconfirmed.user.id as string)).toBeUndefined();
  });
});
