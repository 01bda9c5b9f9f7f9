import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestUser } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, signInWithSession } from './helpers.ts';

// starting a fresh embedded database takes long on a busy machine
vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer();
const signIn = (user: { email: string; password: string }) => signInWithSession(t, user);

async function refresh(token: string) {
  return t.anon().auth.refreshSession({ refresh_token: token });
}

/** Makes every rotated token of the user look rotated long ago (past the reuse interval). */
async function ageTokens(userId: string) {
  await t.server.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 hour' where user_id = $1`, [userId]);
}

describe('password grant', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.createUser({ status: 'approved' });
  });

  it('issues a session whose access token carries GoTrue claims', async () => {
    const { session } = await signIn(user);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(session.user.last_sign_in_at).toBeTruthy();
    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims).sort()).toEqual(['aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'iss', 'phone', 'role', 'session_id', 'sub', 'user_metadata'].sort());
    expect(claims).toMatchObject({
      sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email, phone: '', aal: 'aal1',
      is_anonymous: false, iss: 'http://localhost:3000/auth/v1', app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.exp! - claims.iat!).toBe(3600);
    const { rows } = await t.server.ctx.db.query('select user_id from auth.sessions where id = $1', [claims.session_id]);
    expect(rows).toEqual([{ user_id: user.id }]);
  });

  it('answers wrong password and unknown e-mail identically', async () => {
    const wrong = await t.anon().auth.signInWithPassword({ email: user.email, password: 'salah-sekali' });
    const unknown = await t.anon().auth.signInWithPassword({ email: `x${user.email}`, password: 'salah-sekali' });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('rejects an unknown grant type', async () => {
    const res = await authFetch(t.server, '/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});

describe('refresh tokens', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.createUser({ status: 'approved' });
  });

  it('rotates: a new token in the same session', async () => {
    const { session } = await signIn(user);
    const { data, error } = await refresh(session.refresh_token);
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    const { rows } = await t.server.ctx.db.query<{ revoked: boolean; parent: string | null }>(
      'select revoked, parent from auth.refresh_tokens where token = $1', [data.session!.refresh_token]);
    expect(rows).toEqual([{ revoked: false, parent: session.refresh_token }]);
  });

  it('accepts a parallel refresh of the parent by handing back the active token', async () => {
    const { session } = await signIn(user);
    const [a, b] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session!.refresh_token).toBe(b.data.session!.refresh_token);
    // the client that lost the answer may retry with the parent later, too
    const retry = await refresh(session.refresh_token);
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(a.data.session!.refresh_token);
  });

  it('fails a later replay of an older token and revokes the whole family', async () => {
    const { session } = await signIn(user);
    const second = (await refresh(session.refresh_token)).data.session!;
    const third = (await refresh(second.refresh_token)).data.session!;
    await ageTokens(user.id);
    const replay = await refresh(session.refresh_token);
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // the newest token and the access token of that session are dead too
    const current = await refresh(third.refresh_token);
    expect(current.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect((await authFetch(t.server, '/user', { token: third.access_token })).status).toBe(403);
  });

  it('answers refresh_token_not_found for an unknown token and an OAuth error for an empty one', async () => {
    const unknown = await refresh('tidakAdaTokenSepertiIni123');
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
    const res = await authFetch(t.server, '/token?grant_type=refresh_token', { method: 'POST', body: '{"refresh_token":""}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });
});

describe('sign-out and revoked sessions', () => {
  it('signOut (global) ends every session: refresh fails and GET /user says session_not_found', async () => {
    const user = await t.createUser({ status: 'approved' });
    const one = await signIn(user);
    const two = await signIn(user);
    const { error } = await one.client.auth.signOut();
    expect(error).toBeNull();
    for (const s of [one.session, two.session]) {
      const r = await refresh(s.refresh_token);
      expect(r.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
      const res = await authFetch(t.server, '/user', { token: s.access_token });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
    }
    // and supabase-js turns that 403 into a local sign-out
    const stale = await two.client.auth.getUser();
    expect(stale.error?.name).toBe('AuthSessionMissingError');
  });

  it('scope local ends only this session; scope others keeps only this one', async () => {
    const user = await t.createUser({ status: 'approved' });
    const a = await signIn(user);
    const b = await signIn(user);
    const c = await signIn(user);
    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await authFetch(t.server, '/user', { token: a.session.access_token })).status).toBe(403);
    expect((await authFetch(t.server, '/user', { token: b.session.access_token })).status).toBe(200);
    expect((await b.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await authFetch(t.server, '/user', { token: b.session.access_token })).status).toBe(200);
    expect((await authFetch(t.server, '/user', { token: c.session.access_token })).status).toBe(403);
    const res = await authFetch(t.server, '/logout?scope=everything', { method: 'POST', token: b.session.access_token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('updateUser', () => {
  it('enforces the length rule, refuses the same password, and logs out the other sessions', async () => {
    const user = await t.createUser({ status: 'approved' });
    const here = await signIn(user);
    const elsewhere = await signIn(user);
    const weak = await here.client.auth.updateUser({ password: '12345' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.' });
    const same = await here.client.auth.updateUser({ password: user.password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password', message: 'New password should be different from the old password.' });

    const ok = await here.client.auth.updateUser({ password: '654321' });
    expect(ok.error).toBeNull();
    expect(ok.data.user!.id).toBe(user.id);
    const old = await t.anon().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    expect((await t.anon().auth.signInWithPassword({ email: user.email, password: '654321' })).error).toBeNull();
    expect((await authFetch(t.server, '/user', { token: here.session.access_token })).status).toBe(200);
    expect((await authFetch(t.server, '/user', { token: elsewhere.session.access_token })).status).toBe(403);
  });

  it('merges user metadata and removes keys set to null', async () => {
    const user = await t.createUser({ status: 'approved', fullName: 'Awal' });
    const { client } = await signIn(user);
    const { data, error } = await client.auth.updateUser({ data: { theme: 'gelap', full_name: null } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ theme: 'gelap', email_verified: true });
    expect(data.user!.user_metadata).not.toHaveProperty('full_name');
  });
});

describe('bearer checks on GET /user', () => {
  it('answers GoTrue statuses for missing, forged, expired and anon tokens', async () => {
    const user = await t.createUser({ status: 'approved' });
    const { session } = await signIn(user);
    const missing = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.server.anonKey, 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'no_authorization' });

    const forged = session.access_token.slice(0, -4) + (session.access_token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const bad = await authFetch(t.server, '/user', { token: forged });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ code: 'bad_jwt' });

    const expired = await t.server.ctx.keys.sign({ ...decodeJwt(session.access_token), exp: undefined, iat: undefined }, -120);
    const old = await authFetch(t.server, '/user', { token: expired });
    expect(old.status).toBe(403);
    expect((await old.json()).message).toMatch(/^invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired/);

    const anon = await authFetch(t.server, '/user');
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt' });

    const legacy = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${forged}` } });
    expect(legacy.headers.get('x-sb-error-code')).toBe('bad_jwt');
    expect(await legacy.json()).toMatchObject({ code: 403, error_code: 'bad_jwt' });
  });

  it('answers GoTrue-shaped 404 and 405 for the rest', async () => {
    const nf = await authFetch(t.server, '/no-such-endpoint');
    expect(nf.status).toBe(404);
    expect(await nf.json()).toEqual({ code: 'not_found', message: 'Not Found' });
    const na = await authFetch(t.server, '/signup');
    expect(na.status).toBe(405);
    const health = await fetch(`${t.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
  });
});
