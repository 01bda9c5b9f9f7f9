/**
 * Issue 43, point 1: a factor left unverified is no way past the second step for someone holding
 * only the password. Verifying or challenging an unverified factor needs aal2 once the account has
 * a verified factor; an unverified factor expires after 5 minutes; a factor becoming verified
 * removes every other unverified one, of every type.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { useFactorApi } from './factor-api.ts';
import { totpCode } from './mfa-helpers.ts';
import { SoftwareKey, type Ceremony } from './webauthn-authenticator.ts';

const t = useTestServer();
const api = useFactorApi(t);
const { call, passwordToken } = api;

const enrol = (token: string, factorType: 'totp' | 'webauthn', name: string) =>
  call('POST', '/factors', token, { factor_type: factorType, friendly_name: name });

/** The attacker's whole attempt on a WebAuthn factor: challenge, bind their own key, verify. */
async function bindKey(token: string, factorId: string, key: SoftwareKey) {
  const c = await call('POST', `/factors/${factorId}/challenge`, token, {});
  if (c.status !== 200) return c;
  const publicKey = (c.json.webauthn as { credential_options: { publicKey: { challenge: string } } }).credential_options.publicKey;
  const ceremony: Ceremony = { challenge: publicKey.challenge, origin: api.origin, rpId: 'localhost' };
  return call('POST', `/factors/${factorId}/verify`, token, { challenge_id: c.json.id, webauthn: { type: 'create', credential_response: key.register(ceremony) } });
}

/** The owner enrols TOTP from `token` and verifies it: the aal2 token. */
async function ownerEnrolsTotp(token: string): Promise<string> {
  const factor = await enrol(token, 'totp', 'Ponsel');
  expect(factor.status).toBe(200);
  const id = factor.json.id as string;
  const c = await call('POST', `/factors/${id}/challenge`, token, {});
  const code = totpCode((factor.json.totp as { secret: string }).secret);
  const done = await call('POST', `/factors/${id}/verify`, token, { challenge_id: c.json.id, code });
  expect(done.status).toBe(200);
  return done.json.access_token as string;
}

const articleInsert = (token: string, authorId: string) =>
  t.withToken(token).from('articles').insert({ title: 'Masuk tanpa langkah kedua', content: '<p>x</p>', author_id: authorId });

async function factors(userId: string) {
  const { rows } = await t.server.ctx.db.query<{ id: string; factor_type: string; status: string }>(
    'select id, factor_type::text, status::text from auth.mfa_factors where user_id = $1 order by created_at', [userId]);
  return rows;
}

describe('an unverified factor and a stolen password', () => {
  it('(a) a WebAuthn factor planted before the owner enrols TOTP is removed when the TOTP factor is verified', async () => {
    const owner = await t.createUser({ role: 'admin', status: 'approved' });
    const attacker = await passwordToken(owner);
    const planted = await enrol(attacker, 'webauthn', 'Kunci Keamanan');
    expect(planted.status).toBe(200);

    await ownerEnrolsTotp(await passwordToken(owner));
    expect((await factors(owner.id)).map((f) => [f.factor_type, f.status])).toEqual([['totp', 'verified']]);

    // the owner's verification ended every password-only session: the attacker signs in again
    const attempt = await bindKey(await passwordToken(owner), planted.json.id as string, new SoftwareKey());
    expect(attempt.status).toBe(404);
    expect(attempt.json.code).toBe('mfa_factor_not_found');
    expect((await articleInsert(await passwordToken(owner), owner.id)).error).toMatchObject({ code: '42501' });
  });

  it('(b) an unverified factor expires: kept fresh it is still removed by the owner\'s enrolment, left old it cannot be bound', async () => {
    const owner = await t.createUser({ role: 'admin', status: 'approved' });
    let attacker = await passwordToken(owner);
    const stale = await enrol(attacker, 'webauthn', 'Lama');
    await t.server.ctx.db.query(`update auth.mfa_factors set created_at = now() - interval '301 seconds' where id = $1`, [stale.json.id]);
    const old = await bindKey(attacker, stale.json.id as string, new SoftwareKey());
    expect(old).toEqual({ status: 404, json: { code: 'mfa_factor_not_found', message: 'Factor not found' } });

    // a fresh one (a new enrolment every few minutes) does not outlive the owner's verification either
    const fresh = await enrol(attacker, 'webauthn', 'Baru');
    expect(fresh.status).toBe(200);
    await ownerEnrolsTotp(await passwordToken(owner));
    expect(await factors(owner.id)).toEqual([expect.objectContaining({ factor_type: 'totp', status: 'verified' })]);
    attacker = await passwordToken(owner);
    expect((await bindKey(attacker, fresh.json.id as string, new SoftwareKey())).status).toBe(404);
    // and a new one cannot be made from the password alone
    expect((await enrol(attacker, 'webauthn', 'Lagi')).json.code).toBe('insufficient_aal');
  });

  it("(c) a 'Kunci Keamanan' the owner started and abandoned cannot be bound from a password session", async () => {
    const owner = await t.createUser({ role: 'admin', status: 'approved' });
    const aal2 = await ownerEnrolsTotp(await passwordToken(owner));
    const abandoned = await enrol(aal2, 'webauthn', 'Kunci Keamanan');
    expect(abandoned.status).toBe(200);

    const attacker = await passwordToken(owner);
    const attempt = await bindKey(attacker, abandoned.json.id as string, new SoftwareKey());
    expect(attempt).toEqual({ status: 403, json: { code: 'insufficient_aal', message: 'AAL2 required to verify an unverified factor' } });
    expect(decodeJwt(attacker).aal).toBe('aal1');
    expect(await factors(owner.id)).toEqual([
      expect.objectContaining({ factor_type: 'totp', status: 'verified' }),
      expect.objectContaining({ id: abandoned.json.id, status: 'unverified' }),
    ]);
    expect((await articleInsert(attacker, owner.id)).error).toMatchObject({ code: '42501' });

    // the owner, at aal2, still finishes it, and the second step is what it was
    const done = await bindKey(aal2, abandoned.json.id as string, new SoftwareKey());
    expect(done.status).toBe(200);
    expect(decodeJwt(done.json.access_token as string).aal).toBe('aal2');
  });
});
