/**
 * Issue 43, point 3: a passkey registered with a stolen password ends with every path an owner
 * takes to win the account back: a new password (recovery keeps them only when asked), signing
 * out everywhere, the operator's set-password and reset-mfa, a superadmin's reset of the second
 * step, and a suspension (it does not come back with the account).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { resetSecondStep, setPassword } from '../../server/auth/accounts.ts';
import { relyingParty } from '../../server/auth/mfa-webauthn.ts';
import type { TestUser } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { enrolledUser } from './mfa-helpers.ts';
import { SoftwareKey, type Ceremony } from './webauthn-authenticator.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer({ authPasskeys: true });
let origin: string;

beforeAll(() => {
  origin = relyingParty(t.server.ctx.config.siteUrl, '')!.origins[0];
});

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${t.url}/auth/v1${path}`, {
    method,
    headers: { apikey: t.server.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const passwordToken = async (user: { email: string; password: string }) =>
  (await call('POST', '/token?grant_type=password', null, { email: user.email, password: user.password })).json.access_token as string;

type Options = { challenge_id: string; options: { challenge: string; user?: { id: string } } };
const ceremony = (o: Options): Ceremony => ({ challenge: o.options.challenge, origin, rpId: 'localhost' });

/** The attacker's passkey, registered from `token`. */
async function plant(token: string): Promise<SoftwareKey> {
  const key = new SoftwareKey();
  const o = (await call('POST', '/passkeys/registration/options', token, {})).json as unknown as Options;
  const done = await call('POST', '/passkeys/registration/verify', token, { challenge_id: o.challenge_id, credential: key.register(ceremony(o), o.options.user!.id) });
  expect(done.status).toBe(200);
  return key;
}

/** Whether `key` still signs in (a session for its account). */
async function signsIn(key: SoftwareKey): Promise<boolean> {
  const o = (await call('POST', '/passkeys/authentication/options', null, {})).json as unknown as Options;
  return (await call('POST', '/passkeys/authentication/verify', null, { challenge_id: o.challenge_id, credential: key.assert(ceremony(o)) })).status === 200;
}

async function plantedOn(user: TestUser): Promise<SoftwareKey> {
  const key = await plant(await passwordToken(user));
  expect(await signsIn(key)).toBe(true);
  return key;
}

describe('a passkey planted with a stolen password', () => {
  it('ends with a new password; the owner may choose to keep them', async () => {
    const owner = await t.createUser();
    const planted = await plantedOn(owner);
    const kept = await call('PUT', '/user', await passwordToken(owner), { password: 'Kata-Sandi-Baru-1', keep_passkeys: true });
    expect(kept.status).toBe(200);
    expect(await signsIn(planted)).toBe(true);
    const changed = await call('PUT', '/user', await passwordToken({ email: owner.email, password: 'Kata-Sandi-Baru-1' }), { password: 'Kata-Sandi-Baru-2' });
    expect(changed.status).toBe(200);
    expect(await signsIn(planted)).toBe(false);
  });

  it("ends with 'sign out everywhere', not with signing out one device", async () => {
    const owner = await t.createUser();
    const planted = await plantedOn(owner);
    expect((await call('POST', '/logout?scope=local', await passwordToken(owner))).status).toBe(204);
    expect(await signsIn(planted)).toBe(true);
    expect((await call('POST', '/logout?scope=global', await passwordToken(owner))).status).toBe(204);
    expect(await signsIn(planted)).toBe(false);
  });

  it('ends with `npm run user -- set-password` and `reset-mfa`', async () => {
    const a = await t.createUser();
    const first = await plantedOn(a);
    await setPassword(t.server.ctx.db, a.email, 'Sandi-Operator-1');
    expect(await signsIn(first)).toBe(false);

    const b = await t.createUser();
    const second = await plantedOn(b);
    expect(await resetSecondStep(t.server.ctx.db, b.email)).toBe(1);
    expect(await signsIn(second)).toBe(false);
  });

  it("ends with a superadmin's 'Atur Ulang Verifikasi 2 Langkah'", async () => {
    const member = await t.createUser({ role: 'admin', status: 'approved' });
    const planted = await plantedOn(member);
    const { client: superadmin } = await enrolledUser(t, { role: 'superadmin' });
    const { error } = await superadmin.rpc('reset_second_step', { member: member.id });
    expect(error).toBeNull();
    expect(await signsIn(planted)).toBe(false);
  });

  it('does not come back when a suspended account is activated again', async () => {
    const member = await t.createUser({ status: 'approved' });
    const planted = await plantedOn(member);
    await t.server.ctx.db.query(`update public.profiles set status = 'suspended' where id = $1`, [member.id]);
    await t.server.ctx.db.query(`update public.profiles set status = 'approved' where id = $1`, [member.id]);
    expect(await signsIn(planted)).toBe(false);
    expect(await passwordToken(member)).toEqual(expect.any(String));
  });
});
