/**
 * Privilege escalation through the REST API beyond tests/permissions/matrix.test.ts: upserts,
 * bulk updates that include the caller's own row, RPC calls to internal functions and the
 * `private` schema through profile headers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();
let user: TestUser;
let superadmin: TestUser;
let other: TestUser;

beforeAll(async () => {
  user = await t.createUser({ role: 'user', status: 'approved' });
  superadmin = await t.createUser({ role: 'superadmin', status: 'approved' });
  other = await t.createUser({ role: 'user', status: 'pending' });
});

async function rest(method: string, path: string, who: TestUser | null, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { apikey: t.server.anonKey, 'Content-Type': 'application/json', ...init.headers };
  if (who) headers.Authorization = `Bearer ${await t.mintUserToken(who.id)}`;
  const res = await fetch(`${t.url}/rest/v1${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return { status: res.status, text: await res.text() };
}

const roleOf = async (id: string) =>
  (await t.server.ctx.db.query<{ role: string; status: string }>('select role, status from public.profiles where id = $1', [id])).rows[0];

describe('profiles', () => {
  it('an upsert (on_conflict=id, merge-duplicates) cannot promote the caller', async () => {
    for (const prefer of ['resolution=merge-duplicates', 'resolution=ignore-duplicates']) {
      const r = await rest('POST', '/profiles?on_conflict=id', user, {
        body: [{ id: user.id, role: 'superadmin', status: 'approved' }], headers: { Prefer: prefer },
      });
      expect(r.status, prefer).toBeGreaterThanOrEqual(400);
    }
    expect(await roleOf(user.id)).toEqual({ role: 'user', status: 'approved' });
  });

  it('a superadmin bulk update that includes its own row changes nobody, itself included', async () => {
    const r = await rest('PATCH', `/profiles?id=in.(${superadmin.id},${other.id})`, superadmin, { body: { status: 'rejected' } });
    // the own row matches the own-profile UPDATE policy, so the guard trigger refuses the whole statement
    expect(r.status).toBe(403);
    expect(await roleOf(superadmin.id)).toEqual({ role: 'superadmin', status: 'approved' });
    expect(await roleOf(other.id)).toEqual({ role: 'user', status: 'pending' });
  });

  it('id, email and created_at cannot be rewritten, not even by a superadmin', async () => {
    for (const body of [{ id: crypto.randomUUID() }, { email: 'pencuri@example.com' }, { created_at: '2000-01-01T00:00:00Z' }]) {
      for (const [who, target] of [[user, user], [superadmin, other]] as const) {
        const r = await rest('PATCH', `/profiles?id=eq.${target.id}`, who, { body });
        expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      }
    }
    const { rows } = await t.server.ctx.db.query<{ email: string }>('select email from public.profiles where id = $1', [user.id]);
    expect(rows[0].email).toBe(user.email);
  });
});

describe('functions', () => {
  it('trigger and internal functions are not callable as RPC', async () => {
    const internal = ['handle_new_user', 'sync_profile_email', 'guard_profile_update', 'revoke_sessions_when_unapproved',
      'delete_auth_user_of_profile', 'guard_article_author', 'prepare_contact', 'set_updated_at'];
    for (const who of [null, user, superadmin]) {
      for (const name of internal) {
        const r = await rest('POST', `/rpc/${name}`, who, { body: {} });
        expect(r.status, `${name} as ${who?.role ?? 'anon'}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${name} as ${who?.role ?? 'anon'}`).toBeLessThan(500);
      }
    }
  });

  it('get_all_users answers nobody but an approved superadmin', async () => {
    const admin = await t.createUser({ role: 'admin', status: 'approved' });
    const pendingSuper = await t.createUser({ role: 'superadmin', status: 'pending' });
    for (const who of [null, user, admin, pendingSuper]) {
      for (const method of ['GET', 'POST']) {
        const r = await rest(method, '/rpc/get_all_users', who, method === 'POST' ? { body: {} } : {});
        expect(r.status, `${method} as ${who?.role ?? 'anon'}`).toBeGreaterThanOrEqual(400);
        expect(r.text).not.toContain('@example.com');
      }
    }
    const ok = await rest('GET', '/rpc/get_all_users', superadmin);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain(user.email);
  });

  it('the private schema is not reachable through Accept-Profile or Content-Profile', async () => {
    const read = await rest('GET', '/rpc/contact_flood_detected?sender=a@example.com', null, { headers: { 'Accept-Profile': 'private' } });
    expect(read.status).toBe(406);
    const write = await rest('POST', '/rpc/contact_flood_detected', null, { body: { sender: 'a@example.com' }, headers: { 'Content-Profile': 'private' } });
    expect(write.status).toBe(406);
    const plain = await rest('POST', '/rpc/contact_flood_detected', null, { body: { sender: 'a@example.com' } });
    expect(plain.status).toBe(404);
  });
});
