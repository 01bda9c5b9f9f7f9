import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, signInWithSession } from './helpers.ts';

// starting a fresh embedded database takes long on a busy machine
vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer();
const sessionOf = (user: { email: string; password: string }) => signInWithSession(t, user);

describe('approval gate (docs/decisions/0003-auth-approval-gate.md)', () => {
  it('lets a pending account sign in, but RLS gives it no power and its status is readable', async () => {
    const pending = await t.createUser({ status: 'pending' });
    const { client } = await sessionOf(pending);
    const { data: profile, error } = await client.from('profiles').select('status').eq('id', pending.id).single();
    expect(error).toBeNull();
    expect(profile).toEqual({ status: 'pending' });
    const insert = await client.from('articles').insert({ title: 'Judul', content: 'Isi', author_id: pending.id });
    expect(insert.error?.code).toBe('42501');
    const others = await client.from('profiles').select('id').neq('id', pending.id);
    expect(others.data).toEqual([]);
  });

  it('ends the sessions of a user a superadmin rejects', async () => {
    const admin = await t.createUser({ role: 'superadmin', status: 'approved' });
    const user = await t.createUser({ status: 'approved' });
    const { session } = await sessionOf(user);
    const superadmin = await t.signInAs(admin);
    const { error } = await superadmin.from('profiles').update({ status: 'rejected' }).eq('id', user.id);
    expect(error).toBeNull();
    const refreshed = await t.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.status).toBe(400);
    const me = await authFetch(t.server, '/user', { token: session.access_token });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('removes the login of a deleted profile so the address can register again', async () => {
    const admin = await t.createUser({ role: 'superadmin', status: 'approved' });
    const user = await t.createUser({ status: 'approved' });
    const { session } = await sessionOf(user);
    const superadmin = await t.signInAs(admin);
    const { error } = await superadmin.from('profiles').delete().eq('id', user.id);
    expect(error).toBeNull();
    const refreshed = await t.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const me = await authFetch(t.server, '/user', { token: session.access_token });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ code: 'user_not_found' });
    const again = await t.anon().auth.signUp({ email: user.email, password: 'rahasia-baru' });
    expect(again.error).toBeNull();
    expect(again.data.user!.identities).toHaveLength(1);
  });
});

describe('tokens the server did not issue', () => {
  it('refuses a token signed with another secret or expired: 401 on /rest/v1, 403 on /auth/v1/user', async () => {
    const user = await t.createUser({ status: 'approved' });
    const { session } = await sessionOf(user);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    const expired = await t.server.ctx.keys.sign(claims, -120);
    for (const token of [foreign, expired]) {
      const rest = await fetch(`${t.url}/rest/v1/profiles?select=id`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}` } });
      expect(rest.status).toBe(401);
      const auth = await authFetch(t.server, '/user', { token });
      expect(auth.status).toBe(403);
      expect(await auth.json()).toMatchObject({ code: 'bad_jwt' });
    }
  });
});
