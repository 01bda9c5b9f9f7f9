import { beforeAll, describe, expect, it, vi } from 'vitest';
import { png } from '../storage/fixtures.ts';
import type { TestUser, TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { enrolledUser, freshCode, passwordOnly, type Enrolled } from './mfa-helpers.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();

const file = (bytes: Buffer) => new File([new Uint8Array(bytes)], 'x.png', { type: 'image/png' });

async function seedArticle(title: string): Promise<string> {
  const { data, error } = await t.service().from('articles').insert({ title, content: '<p>Isi</p>', category: 'Latihan' }).select('id').single();
  expect(error).toBeNull();
  return data!.id;
}

/** Every staff write the issue names, tried by `client`; the errors it got, by write. */
async function staffWrites(client: TypedClient, self: TestUser, member: TestUser) {
  const articleId = await seedArticle(`Target ${Date.now()}`);
  const { data: gallery } = await t.service().from('galleries').insert({ name: `Galeri ${Date.now()}` }).select('id').single();
  await t.anon().from('contacts').insert({ name: 'Warga', email: 'warga@example.com', subject: `Pesan ${Date.now()}`, message: 'Halo, apa kabar semua?' });
  const { data: contact } = await t.service().from('contacts').select('id').order('created_at', { ascending: false }).limit(1).single();
  const results: Record<string, unknown> = {};
  const wrote = async (name: string, op: PromiseLike<{ error: unknown; data?: unknown }>) => {
    const { error, data } = await op;
    results[name] = error ? 'refused' : Array.isArray(data) && data.length === 0 ? 'nothing' : 'done';
  };
  await wrote('create article', client.from('articles').insert({ title: 'Judi daring', content: '<p>x</p>', author_id: self.id }).select());
  await wrote('publish article', client.from('articles').update({ title: 'Diubah', version: 1 }).eq('id', articleId).select());
  await wrote('delete article', client.from('articles').delete().eq('id', articleId).select());
  await wrote('update gallery', client.from('galleries').update({ name: 'Diubah', version: 1 }).eq('id', gallery!.id).select());
  await wrote('mark message', client.from('contacts').update({ read_at: new Date().toISOString() }).eq('id', contact!.id).select());
  await wrote('delete message', client.from('contacts').delete().eq('id', contact!.id).select());
  await wrote('approve member', client.from('profiles').update({ status: 'approved' }).eq('id', member.id).select());
  await wrote('upload file', client.storage.from('article_images').upload(`${self.id}/x-${Date.now()}.png`, file(png())));
  const { data: page } = await t.service().from('info_pages').select('version').eq('slug', 'aksesibilitas').single();
  await wrote('edit information page', client.from('info_pages').update({ title: 'Diretas', version: page!.version }).eq('slug', 'aksesibilitas').select());
  await wrote('add past commander', client.from('past_commanders')
    .insert({ ordinal: 900 + Math.floor(Math.random() * 99), rank: 'Letkol Cpn', name: 'Bukan Komandan', period: '2030' }).select());
  await wrote('remove unit post', client.from('unit_posts').delete().eq('name', 'Kompi Markas').select());
  return results;
}

describe('writes need the second step once an account has one', () => {
  let superadmin: Enrolled;
  let member: TestUser;
  beforeAll(async () => {
    superadmin = await enrolledUser(t, { role: 'superadmin' });
    member = await t.createUser({ status: 'pending' });
  });

  it('a password-only (aal1) session of an enrolled superadmin neither writes nor reads private rows', async () => {
    const weak = await passwordOnly(t, superadmin.user);
    const results = await staffWrites(weak, superadmin.user, member);
    expect(Object.values(results).every((r) => r === 'refused' || r === 'nothing')).toBe(true);
    expect(results['create article']).toBe('refused');
    expect(results['upload file']).toBe('refused');
    expect(results['edit information page']).toBe('nothing');
    expect(results['add past commander']).toBe('refused');
    const { data: page } = await t.service().from('info_pages').select('title').eq('slug', 'aksesibilitas').single();
    expect(page!.title).toBe('Pernyataan Aksesibilitas');
    const { data: company } = await t.service().from('unit_posts').select('id').eq('name', 'Kompi Markas');
    expect(company).toHaveLength(1);
    const { data: profile } = await t.service().from('profiles').select('status').eq('id', member.id).single();
    expect(profile!.status).toBe('pending');
    // private reading needs the second step too (issue 30): the inbox is empty, the member list refused
    const read = await weak.from('contacts').select('id').limit(1);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    expect((await weak.rpc('get_all_users')).error).toMatchObject({ code: '42501' });
    expect((await weak.rpc('reset_second_step', { member: member.id })).error).toMatchObject({ code: '42501' });
  });

  it('the same account at aal2 writes as before', async () => {
    const results = await staffWrites(superadmin.client, superadmin.user, member);
    expect(results).toEqual({
      'create article': 'done', 'publish article': 'done', 'delete article': 'done', 'update gallery': 'done',
      'mark message': 'done', 'delete message': 'done', 'approve member': 'done', 'upload file': 'done',
      'edit information page': 'done', 'add past commander': 'done', 'remove unit post': 'done',
    });
  });

  it('restoring from the trash, which runs with the owner\'s rights, still needs the second step', async () => {
    const articleId = await seedArticle(`Terhapus ${Date.now()}`);
    expect((await t.service().from('articles').delete().eq('id', articleId)).error).toBeNull();
    const weak = await passwordOnly(t, superadmin.user);
    expect((await weak.rpc('restore_deleted_article', { target_article: articleId })).error).toMatchObject({ code: '42501' });
    const { data: gone } = await t.service().from('articles').select('id').eq('id', articleId);
    expect(gone).toEqual([]);
    expect((await superadmin.client.rpc('restore_deleted_article', { target_article: articleId })).error).toBeNull();
    const { data: back } = await t.service().from('articles').select('id').eq('id', articleId);
    expect(back).toEqual([{ id: articleId }]);
  });

  it('after the code, a password-only session reaches aal2 and writes', async () => {
    const { user, factorId, secret, usedCode } = await enrolledUser(t);
    const client = await passwordOnly(t, user);
    expect((await client.from('articles').insert({ title: 'Belum', content: '<p>x</p>', author_id: user.id })).error).toMatchObject({ code: '42501' });
    expect((await client.auth.mfa.challengeAndVerify({ factorId, code: freshCode(secret, usedCode) })).error).toBeNull();
    expect((await client.from('articles').insert({ title: 'Sudah', content: '<p>x</p>', author_id: user.id })).error).toBeNull();
  });

  it('accounts without a factor write at aal1 as before', async () => {
    const { user, client } = await t.signedIn({ role: 'admin' });
    expect((await client.from('articles').insert({ title: 'Biasa', content: '<p>x</p>', author_id: user.id })).error).toBeNull();
  });
});

describe('the superadmin setting: a second step required for staff', () => {
  it('cannot be switched on from a password-only session, only at aal2, and is logged', async () => {
    const { client: plain } = await t.signedIn({ role: 'superadmin' });
    const refused = await plain.from('security_settings').update({ mfa_required_for_staff: true }).eq('id', true).select();
    expect(refused.error).toMatchObject({ code: '42501' });
    const admin = await t.signedIn({ role: 'admin' });
    const notSuper = await admin.client.from('security_settings').update({ mfa_required_for_staff: true }).eq('id', true).select();
    expect(notSuper.data).toEqual([]);

    // an admin already inside hears of the change at once (the admin shell then asks to enrol)
    const heard: unknown[] = [];
    const channel = admin.client
      .channel('security-settings-watch')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'security_settings' }, (payload) => heard.push(payload.new));
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(error ?? new Error(status)))),
    );
    const anonHeard: unknown[] = [];
    const anonChannel = t.anon()
      .channel('security-settings-anon')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'security_settings' }, (payload) => anonHeard.push(payload.new));
    await new Promise<void>((resolve) => anonChannel.subscribe((status) => status === 'SUBSCRIBED' && resolve()));

    const boss = await enrolledUser(t, { role: 'superadmin' });
    const on = await boss.client.from('security_settings').update({ mfa_required_for_staff: true }).eq('id', true).select();
    expect(on.error).toBeNull();
    expect(on.data![0]).toMatchObject({ mfa_required_for_staff: true, updated_by: boss.user.id });
    const { data: log } = await boss.client.from('audit_log').select('action, actor_id').eq('action', 'settings.mfa_required');
    expect(log).toEqual([{ action: 'settings.mfa_required', actor_id: boss.user.id }]);

    try {
      await vi.waitFor(() => expect(heard).toContainEqual(expect.objectContaining({ mfa_required_for_staff: true })), { timeout: 5_000 });
      expect(anonHeard).toEqual([]);
      // staff without a factor: reads work, writes wait for enrolment; members are unaffected
      const read = await admin.client.from('articles').select('id').limit(1);
      expect(read.error).toBeNull();
      const write = await admin.client.from('articles').insert({ title: 'Tanpa faktor', content: '<p>x</p>', author_id: admin.user.id });
      expect(write.error).toMatchObject({ code: '42501' });
      const { user: person, client: personal } = await t.signedIn({ role: 'user' });
      const own = await personal.from('profiles').update({ full_name: 'Nama Baru' }).eq('id', person.id).select();
      expect(own.error).toBeNull();
      expect(own.data).toHaveLength(1);
      // every reader sees the setting (the admin shell asks for enrolment)
      const { data: seen } = await admin.client.from('security_settings').select('mfa_required_for_staff').single();
      expect(seen).toEqual({ mfa_required_for_staff: true });
    } finally {
      await boss.client.from('security_settings').update({ mfa_required_for_staff: false }).eq('id', true);
      await admin.client.removeAllChannels();
    }
  });
});

describe('resetting a member’s second step', () => {
  it('a superadmin at aal2 removes the factors and ends the member’s sessions, logged; others cannot', async () => {
    const boss = await enrolledUser(t, { role: 'superadmin' });
    const lost = await enrolledUser(t, { role: 'admin' });
    const { data: listed } = await boss.client.rpc('members_with_second_step');
    expect(listed).toEqual(expect.arrayContaining([lost.user.id]));

    const { client: admin } = await t.signedIn({ role: 'admin' });
    expect((await admin.rpc('reset_second_step', { member: lost.user.id })).error).toMatchObject({ code: '42501' });
    expect((await boss.client.rpc('reset_second_step', { member: boss.user.id })).error).toMatchObject({ code: '42501' });

    const { error } = await boss.client.rpc('reset_second_step', { member: lost.user.id });
    expect(error).toBeNull();
    expect((await lost.client.auth.refreshSession()).error).not.toBeNull();
    const again = await passwordOnly(t, lost.user);
    expect((await again.auth.mfa.listFactors()).data!.all).toEqual([]);
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    const { data: log } = await boss.client.from('audit_log').select('action, actor_id, target_id').eq('action', 'user.mfa_reset');
    expect(log).toEqual([{ action: 'user.mfa_reset', actor_id: boss.user.id, target_id: lost.user.id }]);
  });
});
