/**
 * WebAuthn as a second factor through GoTrue's /factors endpoints, with a software security key:
 * enrolment, the aal2 it gives (the same policies as TOTP), and assertions for another origin,
 * another challenge, a counter that went back, or replayed: refused, and nothing changes.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { relyingParty } from '../../server/auth/mfa-webauthn.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { useFactorApi } from './factor-api.ts';
import type { TestUser } from '../support/server.ts';
import { SoftwareKey, type Ceremony } from './webauthn-authenticator.ts';

const t = useTestServer();
const api = useFactorApi(t);
const { call, passwordToken } = api;

interface Challenge {
  id: string;
  type: string;
  expires_at: number;
  webauthn: { type: 'create' | 'request'; credential_options: { publicKey: Record<string, unknown> } };
}

async function challenge(token: string, factorId: string): Promise<Challenge & Ceremony> {
  const res = await call('POST', `/factors/${factorId}/challenge`, token, { webauthn: { rpId: 'evil.example', rpOrigins: ['https://evil.example'] } });
  expect(res.status).toBe(200);
  const json = res.json as unknown as Challenge;
  return { ...json, challenge: json.webauthn.credential_options.publicKey.challenge as string, origin: api.origin, rpId: 'localhost' };
}

const verify = (token: string, factorId: string, challengeId: string, type: 'create' | 'request', credential: unknown) =>
  call('POST', `/factors/${factorId}/verify`, token, { challenge_id: challengeId, webauthn: { type, credential_response: credential } });

async function factorRow(id: string) {
  const { rows } = await t.server.ctx.db.query<{ status: string; counter: number | null }>(
    `select status::text, (web_authn_credential->>'counter')::int as counter from auth.mfa_factors where id = $1`, [id]);
  return rows[0];
}

const articleInsert = (token: string, authorId: string) =>
  t.withToken(token).from('articles').insert({ title: 'Dengan kunci keamanan', content: '<p>x</p>', author_id: authorId });

/** An admin who enrolled `key` from a password session: the factor id and the aal2 token. */
async function enrolled(key: SoftwareKey): Promise<{ user: TestUser; factorId: string; aal2: string }> {
  const user = await t.createUser({ role: 'admin', status: 'approved' });
  const token = await passwordToken(user);
  const enrol = await call('POST', '/factors', token, { factor_type: 'webauthn', friendly_name: 'Kunci Keamanan' });
  const factorId = enrol.json.id as string;
  const c = await challenge(token, factorId);
  const done = await verify(token, factorId, c.id, 'create', key.register(c));
  expect(done.status).toBe(200);
  return { user, factorId, aal2: done.json.access_token as string };
}

describe('enrolment', () => {
  it("answers GoTrue's shapes; this site is the relying party whatever the client names; the session becomes aal2", async () => {
    const user = await t.createUser({ role: 'admin', status: 'approved' });
    const token = await passwordToken(user);
    const enrol = await call('POST', '/factors', token, { factor_type: 'webauthn', friendly_name: 'Kunci Keamanan' });
    expect(enrol).toEqual({ status: 200, json: { id: expect.any(String), type: 'webauthn', friendly_name: 'Kunci Keamanan' } });
    const factorId = enrol.json.id as string;

    const c = await challenge(token, factorId);
    expect(c).toMatchObject({ type: 'webauthn', expires_at: expect.any(Number), webauthn: { type: 'create' } });
    expect(c.webauthn.credential_options.publicKey).toMatchObject({
      rp: { id: 'localhost' }, user: { name: user.email }, attestation: 'none', pubKeyCredParams: expect.arrayContaining([{ type: 'public-key', alg: -7 }]),
    });

    // another origin, then another challenge: refused, the factor stays unverified
    const key = new SoftwareKey();
    const evil = await verify(token, factorId, c.id, 'create', key.register({ ...c, origin: 'https://evil.example' }));
    expect(evil).toEqual({ status: 500, json: { code: 'unexpected_failure', message: 'Unexpected failure, please check server logs for more information' } });
    const other = await verify(token, factorId, c.id, 'create', key.register({ ...c, challenge: Buffer.from('another').toString('base64url') }));
    expect(other.status).toBe(500);
    expect(await factorRow(factorId)).toEqual({ status: 'unverified', counter: null });
    expect((await articleInsert(token, user.id)).error).toBeNull(); // no verified factor yet: aal1 still writes

    const done = await verify(token, factorId, c.id, 'create', key.register(c));
    expect(done.status).toBe(200);
    const claims = decodeJwt(done.json.access_token as string);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toContain('mfa/webauthn');
    expect(await factorRow(factorId)).toEqual({ status: 'verified', counter: 0 });
    const me = await call('GET', '/user', done.json.access_token as string);
    expect(me.json.factors).toEqual([expect.objectContaining({ id: factorId, factor_type: 'webauthn', status: 'verified', friendly_name: 'Kunci Keamanan' })]);
    expect(JSON.stringify(me.json)).not.toContain(key.id);
  });

  it('bad bodies get GoTrue\'s validation errors', async () => {
    const user = await t.createUser();
    const token = await passwordToken(user);
    const factorId = (await call('POST', '/factors', token, { factor_type: 'webauthn', friendly_name: 'Kunci' })).json.id as string;
    const c = await challenge(token, factorId);
    const v = (body: unknown) => call('POST', `/factors/${factorId}/verify`, token, { challenge_id: c.id, ...(body as object) });
    expect((await v({})).json).toEqual({ code: 'validation_failed', message: 'WebAuthn config required' });
    expect((await v({ webauthn: { type: 'get', credential_response: {} } })).json).toEqual({ code: 'validation_failed', message: 'WebAuthn type must be create or request' });
    expect((await v({ webauthn: { type: 'create' } })).json).toEqual({ code: 'validation_failed', message: 'credential_response required' });
    expect(await v({ webauthn: { type: 'create', credential_response: { id: 'x' } } })).toEqual({
      status: 400, json: { code: 'validation_failed', message: 'Invalid credential_response' },
    });
  });
});

describe('the second step with a security key', () => {
  it('satisfies the aal2 policies TOTP satisfies; a password alone does not', async () => {
    const key = new SoftwareKey();
    const { user, aal2 } = await enrolled(key);
    expect((await articleInsert(aal2, user.id)).error).toBeNull();
    const aal1 = await passwordToken(user);
    expect((await articleInsert(aal1, user.id)).error).toMatchObject({ code: '42501' });
  });

  it('another origin, another challenge, a counter gone back, a replay: refused and nothing changes; the right one passes', async () => {
    const key = new SoftwareKey();
    const { user, factorId } = await enrolled(key);
    const token = await passwordToken(user);
    const c = await challenge(token, factorId);
    expect(c.webauthn.type).toBe('request');
    expect(c.webauthn.credential_options.publicKey).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: key.id, type: 'public-key' }] });

    const refused = { status: 500, json: { code: 'unexpected_failure', message: 'Failed to validate WebAuthn MFA response' } };
    expect(await verify(token, factorId, c.id, 'request', key.assert({ ...c, origin: 'https://evil.example' }))).toEqual(refused);
    expect(await verify(token, factorId, c.id, 'request', key.assert({ ...c, challenge: Buffer.from('old').toString('base64url') }))).toEqual(refused);
    expect(await verify(token, factorId, c.id, 'request', key.assert({ ...c, rpId: 'evil.example' }))).toEqual(refused);
    const stranger = new SoftwareKey();
    expect(await verify(token, factorId, c.id, 'request', stranger.assert(c))).toEqual(refused);
    expect(await factorRow(factorId)).toEqual({ status: 'verified', counter: 0 });
    expect(decodeJwt(token).aal).toBe('aal1');
    expect((await articleInsert(token, user.id)).error).toMatchObject({ code: '42501' });

    const good = key.assert(c, 5);
    const passed = await verify(token, factorId, c.id, 'request', good);
    expect(passed.status).toBe(200);
    expect(decodeJwt(passed.json.access_token as string).aal).toBe('aal2');
    expect(await factorRow(factorId)).toEqual({ status: 'verified', counter: 5 });
    // the same assertion again: its challenge is spent
    expect((await verify(passed.json.access_token as string, factorId, c.id, 'request', good)).json).toEqual({
      code: 'mfa_factor_not_found', message: 'MFA factor with the provided challenge ID not found',
    });

    // a cloned key whose counter is behind the one stored
    const next = await passwordToken(user);
    const c2 = await challenge(next, factorId);
    expect(await verify(next, factorId, c2.id, 'request', key.assert(c2, 5))).toEqual(refused);
    expect(await verify(next, factorId, c2.id, 'request', key.assert(c2, 3))).toEqual(refused);
    expect(await factorRow(factorId)).toEqual({ status: 'verified', counter: 5 });
    expect((await verify(next, factorId, c2.id, 'request', key.assert(c2, 6))).status).toBe(200);
  });

  it('the relying party comes from SITE_URL; a bare non-loopback IP address cannot offer WebAuthn', () => {
    expect(relyingParty('https://skadron.example.id', 'S')).toEqual({ id: 'skadron.example.id', name: 'S', origins: ['https://skadron.example.id'] });
    expect(relyingParty('http://127.0.0.1:3000', 'S')).toEqual({ id: 'localhost', name: 'S', origins: ['http://localhost:3000'] });
    expect(relyingParty('http://203.0.113.5', 'S')).toBeNull();
  });
});
