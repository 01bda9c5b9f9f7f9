/**
 * Issue 43: passkeys and security keys on Keamanan, under a name their owner gives. The names are
 * plain names, held in SQL for every writer; a security key (a factor, which GoTrue cannot rename)
 * is renamed through rename_own_factor(), only by its owner; the owner lists only their own
 * passkeys, removes one only from an aal2 session when the account has a second step, and sees
 * when each was last used.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { useFactorApi } from './factor-api.ts';
import { enrolledUser } from './mfa-helpers.ts';
import { addPasskey, signInWithPasskey, type PasskeyServer } from './passkey-api.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer({ authPasskeys: true });
const api = useFactorApi(t);
let server: PasskeyServer;
beforeAll(() => {
  server = { url: t.url, anonKey: t.server.anonKey, origin: api.origin };
});

const NOT_PLAIN = /Nama kunci hanya boleh berisi huruf/;

describe('passkey names', () => {
  it('a rename to a link or markup is refused with the rule, a plain name is kept', async () => {
    const owner = await t.createUser();
    const token = await api.passwordToken(owner);
    const { id } = await addPasskey(server, token);
    for (const name of ['Klik http://evil.example/login', '<b>Kunci</b>', 'masuk.evil.example']) {
      const res = await api.call('PATCH', `/passkeys/${id}`, token, { friendly_name: name });
      expect(res).toMatchObject({ status: 400, json: { code: 'validation_failed', message: expect.stringMatching(NOT_PLAIN) } });
    }
    expect((await api.call('PATCH', `/passkeys/${id}`, token, { friendly_name: "iPhone 15 Lettu Nur'aini" })).json)
      .toMatchObject({ id, friendly_name: "iPhone 15 Lettu Nur'aini" });
    // the rule is the database's: a write that bypasses the server is refused too
    await expect(t.server.ctx.db.query(`update auth.webauthn_credentials set friendly_name = 'lihat evil.example' where id = $1`, [id]))
      .rejects.toMatchObject({ code: '23514' });
    expect((await api.call('GET', '/passkeys', token)).json).toEqual([expect.objectContaining({ friendly_name: "iPhone 15 Lettu Nur'aini" })]);
  });

  it("lists only the owner's passkeys, and tells which one was used and when", async () => {
    const owner = await t.createUser();
    const token = await api.passwordToken(owner);
    const used = await addPasskey(server, token);
    const unused = await addPasskey(server, token);
    const stranger = await api.passwordToken(await t.createUser());
    await addPasskey(server, stranger);
    expect(await signInWithPasskey(server, used.key)).not.toBeNull();
    const list = (await api.call('GET', '/passkeys', token)).json as unknown as { id: string; last_used_at?: string }[];
    expect(list.map((p) => p.id).sort()).toEqual([used.id, unused.id].sort());
    expect(list.find((p) => p.id === used.id)!.last_used_at).toEqual(expect.any(String));
    expect(list.find((p) => p.id === unused.id)).not.toHaveProperty('last_used_at');
  });

  it('removing one needs the second step when the account has one; the owner at aal2 removes it', async () => {
    const staff = await enrolledUser(t);
    const { data } = await staff.client.auth.getSession();
    const strong = data.session!.access_token;
    const { id, key } = await addPasskey(server, strong);
    const weak = await api.passwordToken(staff.user);
    expect(await api.call('DELETE', `/passkeys/${id}`, weak)).toMatchObject({ status: 403, json: { code: 'insufficient_aal' } });
    expect(await signInWithPasskey(server, key)).not.toBeNull();
    expect((await fetch(`${t.url}/auth/v1/passkeys/${id}`, {
      method: 'DELETE', headers: { apikey: t.server.anonKey, Authorization: `Bearer ${strong}` },
    })).status).toBe(204);
    expect(await signInWithPasskey(server, key)).toBeNull();
  });
});

describe('key names given at enrolment', () => {
  it('a factor enrolled under a link is refused with the rule by any client; a plain name or none is enrolled', async () => {
    const owner = await t.signedIn();
    for (const friendlyName of ['Klik http://evil.example', '<img src=x>']) {
      const refused = await owner.client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
      expect(refused.data).toBeNull();
      expect(refused.error).toMatchObject({ status: 400, code: 'validation_failed', message: expect.stringMatching(NOT_PLAIN) });
    }
    expect((await owner.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Ponsel Serma Budi' })).error).toBeNull();
    expect((await owner.client.auth.mfa.enroll({ factorType: 'totp' })).error).toBeNull();
    const { rows } = await t.server.ctx.db.query<{ friendly_name: string | null }>(
      'select friendly_name from auth.mfa_factors where user_id = $1 order by created_at', [owner.user.id]);
    expect(rows.map((r) => r.friendly_name ?? '')).toEqual(['Ponsel Serma Budi', '']);
  });

  it('a passkey written with a link for its name is refused by the database', async () => {
    const owner = await t.createUser();
    await expect(t.server.ctx.db.query(
      `insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, sign_count, transports, friendly_name)
       values ($1, '\\x01'::bytea, '\\x02'::bytea, 'none', 0, '[]'::jsonb, 'Klik http://evil.example')`, [owner.id]))
      .rejects.toMatchObject({ code: '23514', message: expect.stringMatching(NOT_PLAIN) });
  });
});

describe('security key names (rename_own_factor)', () => {
  it('renames the owner’s own factor to a plain name, refuses a link, a name in use, and anyone else', async () => {
    const owner = await enrolledUser(t);
    const rename = (client: typeof owner.client, name: string) => client.rpc('rename_own_factor', { target_factor: owner.factorId, new_name: name });
    expect(await rename(owner.client, '  YubiKey 5C (kantor) ')).toMatchObject({ data: 'YubiKey 5C (kantor)', error: null });
    expect((await rename(owner.client, 'Klik http://evil.example')).error).toMatchObject({ code: '23514', message: expect.stringMatching(NOT_PLAIN) });
    expect((await rename(owner.client, '')).error).toMatchObject({ code: 'PT400' });

    const second = await owner.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Ponsel lama' });
    expect(second.error).toBeNull();
    const { rows } = await t.server.ctx.db.query(`update auth.mfa_factors set status = 'verified' where id = $1 returning id`, [second.data!.id]);
    expect(rows).toHaveLength(1);
    expect((await rename(owner.client, 'Ponsel lama')).error)
      .toMatchObject({ code: 'PT409', message: 'Nama ini sudah dipakai oleh langkah kedua lain di akun Anda.' });

    const intruder = await t.signedIn();
    expect((await rename(intruder.client, 'Milik saya')).error).toMatchObject({ code: 'PT404', message: 'Kunci keamanan tidak ditemukan.' });
    const { data } = await owner.client.auth.mfa.listFactors();
    expect(data!.all.find((f) => f.id === owner.factorId)?.friendly_name).toBe('YubiKey 5C (kantor)');
    expect((await t.anon().rpc('rename_own_factor', { target_factor: owner.factorId, new_name: 'Tamu' })).error).not.toBeNull();
  });
});
