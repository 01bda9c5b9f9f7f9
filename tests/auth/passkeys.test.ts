/**
 * Passkeys as a first factor (AUTH_PASSKEYS on), through GoTrue's /passkeys endpoints with a
 * software passkey: registration from a session, discoverable sign-in, single-use challenges,
 * refused assertions (unregistered, deleted, forged, another origin), another account's passkey,
 * the admin endpoints, and the second step staff still owe after a passkey sign-in.
 */
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { relyingParty } from '../../server/auth/mfa-webauthn.ts';
import type { TestUser } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { mailbox } from './helpers.ts';
import { enrolledUser, freshCode } from './mfa-helpers.ts';
import { SoftwareKey, type Ceremony } from './webauthn-authenticator.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer({ authPasskeys: true });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let origin: string;

beforeAll(() => {
  origin = relyingParty(t.server.ctx.config.siteUrl, '')!.origins[0];
});

type Answer = { status: number; json: Record<string, unknown> };

async function call(method: string, path: string, token: string | null, body?: unknown, apikey = t.server.anonKey): Promise<Answer> {
  const res = await fetch(`${t.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey, ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function passwordToken(user: TestUser): Promise<string> {
  const res = await call('POST', '/token?grant_type=password', null, { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  return res.json.access_token as string;
}

interface Options {
  challenge_id: string;
  expires_at: number;
  options: Record<string, unknown> & { challenge: string };
}

const ceremony = (o: Options, over: Partial<Ceremony> = {}): Ceremony => ({ challenge: o.options.challenge, origin, rpId: 'localhost', ...over });

/** A registered passkey of `token`'s account: its row id. */
async function register(token: string, key: SoftwareKey): Promise<string> {
  const start = await call('POST', '/passkeys/registration/options', token, {});
  expect(start.status).toBe(200);
  const o = start.json as unknown as Options;
  const handle = (o.options.user as { id: string }).id;
  const done = await call('POST', '/passkeys/registration/verify', token, { challenge_id: o.challenge_id, credential: key.register(ceremony(o), handle) });
  expect(done.status).toBe(200);
  return done.json.id as string;
}

async function signInStart(): Promise<Options> {
  const res = await call('POST', '/passkeys/authentication/options', null, {});
  expect(res.status).toBe(200);
  return res.json as unknown as Options;
}

const signInVerify = (challengeId: string, credential: unknown) =>
  call('POST', '/passkeys/authentication/verify', null, { challenge_id: challengeId, credential });

async function sessionsOf(userId: string): Promise<number> {
  const { rows } = await t.server.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [userId]);
  return rows[0].n;
}

async function passkeyRow(id: string) {
  const { rows } = await t.server.ctx.db.query<{ friendly_name: string; sign_count: string; last_used_at: string | null }>(
    'select friendly_name, sign_count::text, last_used_at::text from auth.webauthn_credentials where id = $1', [id]);
  return rows[0];
}

describe('registration', () => {
  it('needs a session', async () => {
    expect(await call('POST', '/passkeys/registration/options', null, {})).toMatchObject({ status: 401, json: { code: 'no_authorization' } });
    expect(await call('POST', '/passkeys/registration/verify', null, { challenge_id: crypto.randomUUID(), credential: {} }))
      .toMatchObject({ status: 401, json: { code: 'no_authorization' } });
    expect(await call('GET', '/passkeys', null)).toMatchObject({ status: 401, json: { code: 'no_authorization' } });
  });

  it('offers options for a discoverable credential on this site, then stores the passkey', async () => {
    const user = await t.createUser();
    const token = await passwordToken(user);
    const start = await call('POST', '/passkeys/registration/options', token, {});
    expect(start.status).toBe(200);
    const o = start.json as unknown as Options;
    expect(o.challenge_id).toMatch(UUID);
    expect(o.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(o.options).toMatchObject({
      rp: { id: 'localhost' }, attestation: 'none', authenticatorSelection: { residentKey: 'required', requireResidentKey: true },
      pubKeyCredParams: expect.arrayContaining([{ type: 'public-key', alg: -7 }]),
      user: { id: Buffer.from(user.id).toString('base64url'), name: user.email },
    });
    const key = new SoftwareKey();
    const done = await call('POST', '/passkeys/registration/verify', token,
      { challenge_id: o.challenge_id, credential: key.register(ceremony(o), (o.options.user as { id: string }).id) });
    expect(done).toEqual({ status: 200, json: { id: expect.stringMatching(UUID), friendly_name: 'Passkey', created_at: expect.any(String) } });
    expect((await call('GET', '/passkeys', token)).json).toEqual([{ id: done.json.id, friendly_name: 'Passkey', created_at: done.json.created_at }]);
    // a new way into the account is told to its owner
    await vi.waitFor(async () => expect((await mailbox(t.server)).some((m) => m.to === user.email && m.subject.startsWith('Passkey baru ditambahkan'))).toBe(true));
    // the next registration excludes it, so the same authenticator is not registered twice
    const next = (await call('POST', '/passkeys/registration/options', token, {})).json as unknown as Options;
    expect(next.options.excludeCredentials).toEqual([expect.objectContaining({ id: key.id, type: 'public-key' })]);
  });

  it('refuses an unknown challenge, a spent one, and an attestation for another origin', async () => {
    const user = await t.createUser();
    const token = await passwordToken(user);
    const key = new SoftwareKey();
    const o = (await call('POST', '/passkeys/registration/options', token, {})).json as unknown as Options;
    const unknown = await call('POST', '/passkeys/registration/verify', token, { challenge_id: '00000000-0000-0000-0000-000000000000', credential: key.register(ceremony(o)) });
    expect(unknown).toEqual({ status: 400, json: { code: 'webauthn_challenge_not_found', message: 'Challenge not found or already used' } });
    const evil = await call('POST', '/passkeys/registration/verify', token, { challenge_id: o.challenge_id, credential: key.register(ceremony(o, { origin: 'https://evil.example' })) });
    expect(evil).toEqual({ status: 400, json: { code: 'webauthn_verification_failed', message: 'Credential verification failed' } });
    // the refused answer spent the challenge: the right one now comes too late
    const late = await call('POST', '/passkeys/registration/verify', token, { challenge_id: o.challenge_id, credential: key.register(ceremony(o)) });
    expect(late.json.code).toBe('webauthn_challenge_not_found');
    expect((await call('GET', '/passkeys', token)).json).toEqual([]);
  });
});

describe('sign-in', () => {
  let user: TestUser;
  let key: SoftwareKey;
  let passkeyId: string;
  beforeAll(async () => {
    user = await t.createUser();
    key = new SoftwareKey();
    passkeyId = await register(await passwordToken(user), key);
  });

  it('offers no allowCredentials, and gives the session a password sign-in gives (amr passkey, aal1)', async () => {
    const o = await signInStart();
    expect(o.challenge_id).toMatch(UUID);
    expect(o.options.allowCredentials ?? []).toEqual([]);
    expect(o.options.rpId).toBe('localhost');
    const res = await signInVerify(o.challenge_id, key.assert(ceremony(o)));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ token_type: 'bearer', refresh_token: expect.any(String), user: { id: user.id, email: user.email } });
    const claims = decodeJwt(res.json.access_token as string);
    expect(claims).toMatchObject({ sub: user.id, aal: 'aal1', role: 'authenticated' });
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['passkey']);
    expect((await call('GET', '/user', res.json.access_token as string)).json.id).toBe(user.id);
    expect(await passkeyRow(passkeyId)).toMatchObject({ sign_count: '1', last_used_at: expect.any(String) });
    expect((await call('GET', '/passkeys', res.json.access_token as string)).json).toEqual([expect.objectContaining({ last_used_at: expect.any(String) })]);
  });

  it('spends a challenge once: a replayed assertion gets webauthn_challenge_not_found and no session', async () => {
    const o = await signInStart();
    const assertion = key.assert(ceremony(o));
    expect((await signInVerify(o.challenge_id, assertion)).status).toBe(200);
    const before = await sessionsOf(user.id);
    expect(await signInVerify(o.challenge_id, assertion)).toEqual({ status: 400, json: { code: 'webauthn_challenge_not_found', message: 'Challenge not found or already used' } });
    expect(await sessionsOf(user.id)).toBe(before);
  });

  it('refuses an expired challenge, and begun ceremonies do not pile up', async () => {
    const o = await signInStart();
    await t.server.ctx.db.query(`update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1`, [o.challenge_id]);
    expect(await signInVerify(o.challenge_id, key.assert(ceremony(o)))).toEqual({ status: 400, json: { code: 'webauthn_challenge_expired', message: 'Challenge has expired' } });
    const stale = await signInStart();
    await t.server.ctx.db.query(`update auth.webauthn_challenges set expires_at = now() - interval '2 hours' where id = $1`, [stale.challenge_id]);
    await signInStart();
    const { rows } = await t.server.ctx.db.query('select id from auth.webauthn_challenges where id = $1', [stale.challenge_id]);
    expect(rows).toEqual([]);
  });

  it('refuses an unregistered authenticator, a forged signature, another origin and another challenge', async () => {
    const failed = { status: 400, json: { code: 'webauthn_verification_failed', message: 'Credential verification failed' } };
    const stranger = new SoftwareKey();
    stranger.userHandle = Buffer.from(user.id).toString('base64url');
    let o = await signInStart();
    expect(await signInVerify(o.challenge_id, stranger.assert(ceremony(o)))).toEqual(failed);

    const counter = (await passkeyRow(passkeyId)).sign_count;
    const before = await sessionsOf(user.id);
    o = await signInStart();
    const forged = key.assert(ceremony(o)) as { response: Record<string, string> };
    const sig = Buffer.from(forged.response.signature, 'base64url');
    sig[sig.length - 1] ^= 0xff;
    forged.response.signature = sig.toString('base64url');
    expect(await signInVerify(o.challenge_id, forged)).toEqual(failed);
    o = await signInStart();
    expect(await signInVerify(o.challenge_id, key.assert(ceremony(o, { origin: 'https://evil.example' })))).toEqual(failed);
    o = await signInStart();
    expect(await signInVerify(o.challenge_id, key.assert(ceremony(o, { challenge: Buffer.from('another').toString('base64url') })))).toEqual(failed);
    // the account a discoverable credential names must be its owner's
    o = await signInStart();
    const other = await t.createUser();
    const lying = key.assert(ceremony(o)) as { response: Record<string, string> };
    lying.response.userHandle = Buffer.from(other.id).toString('base64url');
    expect(await signInVerify(o.challenge_id, lying)).toEqual(failed);
    expect(await sessionsOf(user.id)).toBe(before);
    expect(await sessionsOf(other.id)).toBe(0);
    expect((await passkeyRow(passkeyId)).sign_count).toBe(counter);
  });

  it('a deleted passkey no longer signs in', async () => {
    const owner = await t.createUser();
    const token = await passwordToken(owner);
    const own = new SoftwareKey();
    const id = await register(token, own);
    const res = await call('DELETE', `/passkeys/${id}`, token);
    expect(res.status).toBe(204);
    expect((await call('GET', '/passkeys', token)).json).toEqual([]);
    const o = await signInStart();
    expect((await signInVerify(o.challenge_id, own.assert(ceremony(o)))).json.code).toBe('webauthn_verification_failed');
    expect(await sessionsOf(owner.id)).toBe(1);
  });
});

describe("another account's passkey and the admin endpoints", () => {
  let owner: TestUser;
  let passkeyId: string;
  beforeAll(async () => {
    owner = await t.createUser();
    passkeyId = await register(await passwordToken(owner), new SoftwareKey());
  });

  it('renaming or deleting it answers 404, and nothing changes', async () => {
    const intruder = await passwordToken(await t.createUser());
    const notFound = { status: 404, json: { code: 'validation_failed', message: 'Passkey not found' } };
    expect(await call('PATCH', `/passkeys/${passkeyId}`, intruder, { friendly_name: 'Milik saya' })).toEqual(notFound);
    expect(await call('DELETE', `/passkeys/${passkeyId}`, intruder)).toEqual(notFound);
    expect(await call('PATCH', '/passkeys/not-a-uuid', intruder, { friendly_name: 'x' })).toEqual(notFound);
    expect(await passkeyRow(passkeyId)).toMatchObject({ friendly_name: 'Passkey' });
    const renamed = await call('PATCH', `/passkeys/${passkeyId}`, await passwordToken(owner), { friendly_name: 'Laptop kantor' });
    expect(renamed).toEqual({ status: 200, json: { id: passkeyId, friendly_name: 'Laptop kantor', created_at: expect.any(String) } });
    expect((await call('PATCH', `/passkeys/${passkeyId}`, await passwordToken(owner), { friendly_name: '' })).json.code).toBe('validation_failed');
  });

  it('without the service role the admin endpoints answer 403 not_admin and delete nothing', async () => {
    const member = await passwordToken(await t.createUser());
    const notAdmin = { status: 403, json: { code: 'not_admin', message: 'User not allowed' } };
    expect(await call('GET', `/admin/users/${owner.id}/passkeys`, member)).toEqual(notAdmin);
    expect(await call('DELETE', `/admin/users/${owner.id}/passkeys/${passkeyId}`, member)).toEqual(notAdmin);
    expect(await call('GET', `/admin/users/${owner.id}/passkeys`, t.server.anonKey)).toEqual(notAdmin);
    expect(await passkeyRow(passkeyId)).toBeDefined();
  });

  it('the service role lists and deletes them', async () => {
    const service = t.server.serviceKey;
    const listed = await call('GET', `/admin/users/${owner.id}/passkeys`, service, undefined, service);
    expect(listed).toEqual({ status: 200, json: [expect.objectContaining({ id: passkeyId })] as unknown as Record<string, unknown> });
    expect((await call('DELETE', `/admin/users/${owner.id}/passkeys/${crypto.randomUUID()}`, service, undefined, service)).status).toBe(404);
    expect((await call('DELETE', `/admin/users/${owner.id}/passkeys/${passkeyId}`, service, undefined, service)).status).toBe(204);
    expect(await passkeyRow(passkeyId)).toBeUndefined();
  });

  it("a soft-deleted account's passkeys go with it and sign in no more", async () => {
    const user = await t.createUser();
    const key = new SoftwareKey();
    await register(await passwordToken(user), key);
    const service = t.server.serviceKey;
    expect((await call('DELETE', `/admin/users/${user.id}`, service, { should_soft_delete: true }, service)).status).toBe(200);
    const o = await signInStart();
    expect((await signInVerify(o.challenge_id, key.assert(ceremony(o)))).json.code).toBe('webauthn_verification_failed');
    expect(await sessionsOf(user.id)).toBe(0);
  });
});

describe('staff with a second step', () => {
  it('add passkeys only at aal2, and a passkey sign-in still owes the second step', async () => {
    const staff = await enrolledUser(t, { role: 'superadmin', status: 'approved' });
    const weak = await passwordToken(staff.user);
    expect(await call('POST', '/passkeys/registration/options', weak, {})).toMatchObject({ status: 403, json: { code: 'insufficient_aal' } });
    const { data } = await staff.client.auth.getSession();
    const key = new SoftwareKey();
    await register(data.session!.access_token, key);

    const o = await signInStart();
    const signedIn = await signInVerify(o.challenge_id, key.assert(ceremony(o)));
    const token = signedIn.json.access_token as string;
    expect(decodeJwt(token).aal).toBe('aal1');
    const write = () => t.withToken(token).from('articles').insert({ title: 'Lewat passkey', content: '<p>x</p>', author_id: staff.user.id });
    expect((await write()).error).toMatchObject({ code: '42501' });
    expect((await t.withToken(token).rpc('get_all_users')).error).toMatchObject({ code: '42501' });

    // the second step from the passkey session makes it aal2, as after a password
    const challenge = await call('POST', `/factors/${staff.factorId}/challenge`, token, {});
    const raised = await call('POST', `/factors/${staff.factorId}/verify`, token,
      { challenge_id: challenge.json.id, code: freshCode(staff.secret, staff.usedCode) });
    expect(raised.status).toBe(200);
    const strong = raised.json.access_token as string;
    expect(decodeJwt(strong)).toMatchObject({ aal: 'aal2' });
    expect((decodeJwt(strong).amr as { method: string }[]).map((a) => a.method).sort()).toEqual(['passkey', 'totp']);
    const { error } = await t.withToken(strong).from('articles').insert({ title: 'Lewat passkey', content: '<p>x</p>', author_id: staff.user.id });
    expect(error).toBeNull();
  });
});
