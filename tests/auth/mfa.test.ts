import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch, mailbox } from './helpers.ts';
import { authCallFrom, enrolledUser, freshCode, passwordOnly, totpCode } from './mfa-helpers.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();

async function accessToken(client: ReturnType<typeof t.anon>): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

describe('enrolment', () => {
  it('answers GoTrue’s shape: an SVG QR code, the secret and the otpauth URI; the factor is listed unverified', async () => {
    const { user, client } = await t.signedIn({ role: 'admin' });
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Ponsel kerja' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Ponsel kerja' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/localhost%3A3000:${encodeURIComponent(user.email)}?issuer=localhost%3A3000&secret=${data!.totp.secret}&algorithm=SHA1&digits=6&period=30`);
    // auth-js prefixes the raw SVG; a '#' in it would cut the data: URI short
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^#]*<\/svg>\n?$/);

    const listed = await client.auth.mfa.listFactors();
    expect(listed.data!.all).toEqual([expect.objectContaining({ id: data!.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Ponsel kerja' })]);
    expect(listed.data!.totp).toEqual([]);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('stores the secret sealed, never as the base32 text', async () => {
    const { client } = await t.signedIn({ role: 'admin' });
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { rows } = await t.server.ctx.db.query<{ secret: string }>('select secret from auth.mfa_factors where id = $1', [data!.id]);
    expect(rows[0].secret).not.toContain(data!.totp.secret);
    expect(rows[0].secret).toMatch(/^aes-gcm:v1:/);
  });

  it('refuses other factor types, a duplicate name and an eleventh factor', async () => {
    const { client } = await t.signedIn({ role: 'admin' });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+628123456789' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    for (let i = 0; i < 10; i++) {
      const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `perangkat ${i}` });
      expect(error).toBeNull();
    }
    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'perangkat 3' });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    const eleventh = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'perangkat 10' });
    expect(eleventh.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' });
    expect((await client.auth.mfa.listFactors()).data!.all).toHaveLength(10);
  });

  it('needs a signed-in session', async () => {
    const res = await authFetch(t.server, '/factors', { method: 'POST', body: JSON.stringify({ factor_type: 'totp' }) });
    expect(res.status).toBe(403);
  });
});

describe('verification', () => {
  it('the right code makes the session aal2 with amr newest first, and the factor verified', async () => {
    const { client, factorId } = await enrolledUser(t);
    const claims = decodeJwt(await accessToken(client));
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((e) => e.method)).toEqual(['totp', 'password']);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data!.totp).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
  });

  it('signing in again asks for the next level, and a code raises it', async () => {
    const { user, factorId, secret, usedCode } = await enrolledUser(t);
    const client = await passwordOnly(t, user);
    expect(decodeJwt(await accessToken(client)).aal).toBe('aal1');
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { data, error } = await client.auth.mfa.challengeAndVerify({ factorId, code: freshCode(secret, usedCode) });
    expect(error).toBeNull();
    expect(data).toMatchObject({ token_type: 'bearer', user: { id: user.id } });
    expect(decodeJwt(data!.access_token).aal).toBe('aal2');
  });

  it('refuses wrong, malformed and empty codes, and changes nothing', async () => {
    const { client } = await t.signedIn({ role: 'admin' });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    expect(challenge).toMatchObject({ type: 'totp', id: expect.any(String) });
    expect(challenge!.expires_at).toBeGreaterThan(Date.now() / 1000 + 240);
    const right = totpCode(factor!.totp.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, 'abcdef', '12345', '1234567', ` ${right}`]) {
      const res = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code });
      expect(res.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const empty = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: '' });
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await client.auth.mfa.listFactors()).data!.all[0].status).toBe('unverified');
    expect(decodeJwt(await accessToken(client)).aal).toBe('aal1');
    // the challenge survives wrong codes, as in GoTrue
    const ok = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: right });
    expect(ok.error).toBeNull();
  });

  it('accepts a code once only, and a challenge once only', async () => {
    const { user, factorId, usedCode } = await enrolledUser(t);
    const client = await passwordOnly(t, user);
    const replay = await client.auth.mfa.challengeAndVerify({ factorId, code: usedCode });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(decodeJwt(await accessToken(client)).aal).toBe('aal1');
  });

  it('refuses a verified challenge a second time', async () => {
    const { client } = await t.signedIn({ role: 'admin' });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    const code = totpCode(factor!.totp.secret);
    expect((await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code })).error).toBeNull();
    const again = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret, 1) });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('refuses a challenge older than five minutes', async () => {
    const { client } = await t.signedIn({ role: 'admin' });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    await t.server.ctx.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge!.id]);
    const res = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret) });
    expect(res.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    expect((await client.auth.mfa.listFactors()).data!.all[0].status).toBe('unverified');
  });

  it('refuses a challenge verified from another address than the one that created it', async () => {
    const { client } = await t.signedIn({ role: 'admin' });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    const res = await authCallFrom(t.server, '127.0.0.2', 'POST', `/factors/${factor!.id}/verify`, await accessToken(client),
      { challenge_id: challenge!.id, code: totpCode(factor!.totp.secret) });
    expect(res).toMatchObject({ status: 422, json: { code: 'mfa_ip_address_mismatch' } });
  });

  it('another account’s factor or challenge does not exist for the caller', async () => {
    const victim = await enrolledUser(t);
    const { client } = await t.signedIn({ role: 'admin' });
    const challenge = await client.auth.mfa.challenge({ factorId: victim.factorId });
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const verify = await client.auth.mfa.verify({ factorId: victim.factorId, challengeId: crypto.randomUUID(), code: '123456' });
    expect(verify.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const removed = await client.auth.mfa.unenroll({ factorId: victim.factorId });
    expect(removed.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

    const { data: own } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: victimChallenge } = await victim.client.auth.mfa.challenge({ factorId: victim.factorId });
    const crossed = await client.auth.mfa.verify({ factorId: own!.id, challengeId: victimChallenge!.id, code: totpCode(own!.totp.secret) });
    expect(crossed.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
    const malformed = await client.auth.mfa.challenge({ factorId: 'bukan-uuid' });
    expect(malformed.error).toMatchObject({ status: 404, code: 'validation_failed' });
  });

  it('limits wrong codes per account: past ten, even the right code waits', async () => {
    const { client } = await t.signedIn({ role: 'admin' });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    for (let i = 0; i < 10; i++) {
      const res = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: '000000' === totpCode(factor!.totp.secret) ? '111111' : '000000' });
      expect(res.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const blocked = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: totpCode(factor!.totp.secret) });
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect((await client.auth.mfa.listFactors()).data!.all[0].status).toBe('unverified');
  });
});

describe('sessions at aal2', () => {
  it('a refresh keeps aal2', async () => {
    const { client } = await enrolledUser(t);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ aal: 'aal2' });
  });

  it('verifying ends the account’s other sessions that only had the password', async () => {
    const { user, client } = await t.signedIn({ role: 'admin' });
    const other = await passwordOnly(t, user);
    const otherToken = await accessToken(other);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect((await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.totp.secret) })).error).toBeNull();
    const res = await authFetch(t.server, '/user', { token: otherToken });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });
    expect((await other.auth.refreshSession()).error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('a forged aal claim gets nothing: edited claims fail the signature, another key is refused', async () => {
    const { user } = await enrolledUser(t);
    const client = await passwordOnly(t, user);
    const token = await accessToken(client);
    const [header, , signature] = token.split('.');
    const edited = { ...decodeJwt(token), aal: 'aal2' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`;
    const resigned = await new SignJWT(edited).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode('x'.repeat(48)));
    for (const forged of [tampered, resigned]) {
      const auth = await authFetch(t.server, '/user', { token: forged });
      expect(auth.status).toBe(403);
      expect(await auth.json()).toMatchObject({ code: 'bad_jwt' });
      const { error } = await t.withToken(forged).from('articles').insert({ title: 'Judi', content: '<p>x</p>', slug: `judi-${Date.now()}` } as never);
      expect(error).toMatchObject({ code: 'PGRST301' });
    }
  });
});

describe('removing a factor', () => {
  it('needs aal2 for a verified factor, and then answers its id', async () => {
    const { user, factorId, client: strong } = await enrolledUser(t);
    const weak = await passwordOnly(t, user);
    const refused = await weak.auth.mfa.unenroll({ factorId });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const second = await weak.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Cadangan' });
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await strong.auth.mfa.listFactors()).data!.totp).toHaveLength(1);

    const { data, error } = await strong.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    expect((await strong.auth.mfa.listFactors()).data!.all).toEqual([]);
  });

  it('an unverified factor goes without a second step', async () => {
    const { client } = await t.signedIn({ role: 'admin' });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect((await client.auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
  });
});

describe('security mail', () => {
  const subjects = async (to: string) => (await mailbox(t.server)).filter((m) => m.to === to).map((m) => m.subject);

  it('tells the owner when a second step is added or removed and when the password changes', async () => {
    const { user, client, factorId } = await enrolledUser(t);
    await vi.waitFor(async () => expect(await subjects(user.email)).toContain('Verifikasi dua langkah diaktifkan (Skadron 31/Serbu)'));
    expect((await client.auth.mfa.unenroll({ factorId })).error).toBeNull();
    await vi.waitFor(async () => expect(await subjects(user.email)).toContain('Verifikasi dua langkah dinonaktifkan (Skadron 31/Serbu)'));
    expect((await client.auth.updateUser({ password: 'sandi-baru-456' })).error).toBeNull();
    await vi.waitFor(async () => expect(await subjects(user.email)).toContain('Password akun Anda telah diganti (Skadron 31/Serbu)'));
    const mail = (await mailbox(t.server)).find((m) => m.to === user.email && m.subject.startsWith('Password'))!;
    expect(mail.text).toContain('http://localhost:3000/admin/my-account?tab=security');
  });

  it('says nothing for an enrolment abandoned before its first code', async () => {
    const { user, client } = await t.signedIn({ role: 'admin' });
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    await client.auth.mfa.unenroll({ factorId: data!.id });
    expect(await subjects(user.email)).toEqual([]);
  });
});

describe('Perangkat Aktif', () => {
  it('lists only the caller’s own sessions, marks the current one, and signOut others ends the rest', async () => {
    const { user, client } = await t.signedIn({ role: 'user' });
    const other = await passwordOnly(t, user);
    const { client: stranger } = await t.signedIn({ role: 'user' });
    const { data, error } = await client.rpc('own_sessions');
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(data!.filter((s) => s.current)).toHaveLength(1);
    expect(data![0]).toMatchObject({ ip: '127.0.0.1', aal: 'aal1' });
    expect((await stranger.rpc('own_sessions')).data).toHaveLength(1);
    expect((await t.anon().rpc('own_sessions')).error).not.toBeNull();

    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await client.rpc('own_sessions')).data).toHaveLength(1);
    expect((await other.auth.refreshSession()).error).not.toBeNull();
  });
});
