import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { subscribeProfiles, waitFor } from '../realtime/helpers.ts';
import { png } from '../storage/fixtures.ts';
import type { TestUser, TypedClient } from '../support/server.ts';
import { clientWithToken } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { mailbox, openLink } from './helpers.ts';
import { enrolledUser, freshCode, passwordOnly, totpCode, type Enrolled } from './mfa-helpers.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
const file = () => new File([new Uint8Array(png())], 'x.png', { type: 'image/png' });

async function seedArticle(title: string, publishedAt: string | null = null): Promise<string> {
  const { data, error } = await t.service().from('articles')
    .insert({ title, content: '<p>Isi</p>', category: 'Latihan', published_at: publishedAt }).select('id').single();
  expect(error).toBeNull();
  return data!.id;
}

async function sendMessage(subject: string): Promise<void> {
  // as the service role: the contact form's flood limit is not what these tests are about
  const { error } = await t.service().from('contacts').insert({ name: 'Warga', email: 'warga@example.com', subject, message: 'Halo, apa kabar semua?' });
  expect(error).toBeNull();
}

/** What `client` can still do as staff: read the inbox, change an article, upload, read its own file. */
async function staffReach(client: TypedClient, self: TestUser) {
  const subject = `Pesan ${Date.now()}-${Math.random()}`;
  await sendMessage(subject);
  const articleId = await seedArticle(`Sasaran ${Date.now()}`);
  const inbox = await client.from('contacts').select('id').eq('subject', subject);
  const write = await client.from('articles').update({ title: 'Diretas', version: 1 }).eq('id', articleId).select('id');
  const { data: stored } = await t.service().from('articles').select('title').eq('id', articleId).single();
  const upload = await client.storage.from('article_images').upload(`${self.id}/s-${Date.now()}.png`, file());
  const listing = await client.storage.from('article_images').list(self.id);
  return {
    inbox: inbox.data?.length ?? inbox.error?.code,
    wrote: stored!.title === 'Diretas',
    writeAnswer: write.error?.code ?? write.data?.length,
    upload: upload.error ? (upload.error as { statusCode?: string }).statusCode ?? 'refused' : 'done',
    listing: listing.error ? 'refused' : 'listed',
  };
}

const refusedEverywhere = { inbox: 0, wrote: false, writeAnswer: 0, upload: '403', listing: 'refused' };

describe('an ended session is refused everywhere', () => {
  it('signOut({ scope: "others" }) stops the other device reading, writing and uploading', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const phone = await t.signInAs(admin);
    const laptop = await t.signInAs(admin);
    expect(await staffReach(phone, admin)).toMatchObject({ inbox: 1, wrote: true, upload: 'done', listing: 'listed' });
    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await staffReach(phone, admin)).toEqual(refusedEverywhere);
    // the device that signed the others out keeps working
    expect(await staffReach(laptop, admin)).toMatchObject({ inbox: 1, wrote: true, upload: 'done' });
  });

  it('a password change ends the other sessions for REST and storage', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const phone = await t.signInAs(admin);
    const laptop = await t.signInAs(admin);
    expect((await laptop.auth.updateUser({ password: 'kata-sandi-baru-123' })).error).toBeNull();
    expect(await staffReach(phone, admin)).toEqual(refusedEverywhere);
    const own = await phone.from('profiles').update({ full_name: 'Diubah' }).eq('id', admin.id).select('id');
    expect(own.data ?? []).toEqual([]);
    const { data: profile } = await t.service().from('profiles').select('full_name').eq('id', admin.id).single();
    expect(profile!.full_name).not.toBe('Diubah');
  });

  it("the superadmin's reset of a second step ends the stolen phone's aal2 session", async () => {
    const boss = await enrolledUser(t, { role: 'superadmin' });
    const victim = await enrolledUser(t, { role: 'admin' });
    expect((await staffReach(victim.client, victim.user)).wrote).toBe(true);
    expect((await boss.client.rpc('reset_second_step', { member: victim.user.id })).error).toBeNull();
    expect(await staffReach(victim.client, victim.user)).toEqual(refusedEverywhere);
  });

  it('public reading never depends on a session', async () => {
    const member = await t.createUser({ role: 'admin' });
    const client = await t.signInAs(member);
    const title = `Terbit ${Date.now()}`;
    await seedArticle(title, new Date(Date.now() - 60_000).toISOString());
    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull();
    const ended = await t.signInAs(member);
    const { data: { session } } = await ended.auth.getSession();
    await t.server.ctx.db.query('delete from auth.sessions where id = $1', [decodeJwt(session!.access_token).session_id]);
    const stale = clientWithToken(t.server, session!.access_token);
    const { data, error } = await stale.from('articles').select('title').eq('title', title);
    expect(error).toBeNull();
    expect(data).toEqual([{ title }]);
    const galleries = await stale.from('galleries').select('id').limit(1);
    expect(galleries.error).toBeNull();
  });

  it('a token with a forged, missing or another account\'s session_id reads and writes nothing private', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const other = await t.createUser({ role: 'admin' });
    const borrowed = decodeJwt(await t.mintUserToken(other.id)).session_id as string;
    for (const extra of [{ session_id: crypto.randomUUID() }, { session_id: undefined }, { session_id: 'bukan-uuid' }, { session_id: borrowed }]) {
      const client = clientWithToken(t.server, await t.mintUserToken(admin.id, 3600, extra));
      expect(await staffReach(client, admin)).toEqual(refusedEverywhere);
    }
  });

  it('an ended session\'s refresh token is refused', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const phone = t.anon();
    const { data } = await phone.auth.signInWithPassword(admin);
    const laptop = await t.signInAs(admin);
    await laptop.auth.signOut({ scope: 'others' });
    const { error } = await t.anon().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    // the session's refresh tokens ended with it, as in GoTrue (a cascade)
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('realtime', () => {
  it('closes the channels of a session that ends, with a reason, and delivers nothing after', async () => {
    const superadmin = await t.createUser({ role: 'superadmin' });
    const phone = await t.signInAs(superadmin);
    const laptop = await t.signInAs(superadmin);
    const sub = await subscribeProfiles(phone, `sesi-${Date.now()}`);
    const member = await t.createUser({ status: 'pending' });
    await t.service().from('profiles').update({ full_name: 'Sebelum' }).eq('id', member.id);
    await waitFor(() => sub.events.length > 0, 5_000, 'an event before sign-out');
    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull();
    const notice = await waitFor(() => sub.system.find((m) => m.status === 'error'), 5_000, 'the close notice');
    expect(notice).toMatchObject({ status: 'error', message: 'Session from session_id claim in JWT does not exist' });
    await waitFor(() => sub.statuses.includes('CLOSED'), 5_000, 'the channel closing');
    const before = sub.events.length;
    await t.service().from('profiles').update({ full_name: 'Sesudah' }).eq('id', member.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.events.length).toBe(before);
  });

  it('refuses to join a channel with an ended session\'s token', async () => {
    const superadmin = await t.createUser({ role: 'superadmin' });
    const phone = await t.signInAs(superadmin);
    const laptop = await t.signInAs(superadmin);
    await laptop.auth.signOut({ scope: 'others' });
    await expect(subscribeProfiles(phone, `tolak-${Date.now()}`)).rejects.toThrow(/Session from session_id claim/);
  });
});

describe("GoTrue's aal2 rules for an enrolled account", () => {
  let owner: Enrolled;
  beforeAll(async () => {
    owner = await enrolledUser(t, { role: 'admin' });
  });

  it('a password-only session neither changes the password nor ends the owner\'s sessions', async () => {
    const thief = await passwordOnly(t, owner.user);
    const change = await thief.auth.updateUser({ password: 'punya-pencuri-123' });
    expect(change.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    const others = await thief.auth.signOut({ scope: 'others' });
    expect(others.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    // the default global sign-out of such a session ends only itself
    expect((await thief.auth.signOut()).error).toBeNull();
    expect((await owner.client.auth.getUser()).error).toBeNull();
    expect((await t.anon().auth.signInWithPassword({ email: owner.user.email, password: 'punya-pencuri-123' })).error).toMatchObject({ status: 400 });
    expect((await t.anon().auth.signInWithPassword(owner.user)).error).toBeNull();
  });

  it('the owner at aal2 changes the password and ends other sessions', async () => {
    const { user, client } = await enrolledUser(t, { role: 'admin' });
    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await client.auth.updateUser({ password: 'baru-dan-kuat-123' })).error).toBeNull();
    expect((await t.anon().auth.signInWithPassword({ email: user.email, password: 'baru-dan-kuat-123' })).error).toBeNull();
  });

  it('recovery of an enrolled account asks for the code before the new password', async () => {
    const { user, factorId, secret, usedCode } = await enrolledUser(t, { role: 'admin' });
    const sent = new Date().toISOString();
    expect((await t.anon().auth.resetPasswordForEmail(user.email, { redirectTo: 'http://localhost:3000/login' })).error).toBeNull();
    let text = '';
    await expect.poll(async () => {
      const mail = (await mailbox(t.server)).find((m) => m.to === user.email && m.subject.startsWith('Atur ulang password') && m.created_at > sent);
      text = mail?.text ?? '';
      return text;
    }).toContain('/auth/v1/verify?token=');
    const link = new URL(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)![0]);
    link.protocol = new URL(t.url).protocol;
    link.host = new URL(t.url).host;
    const { fragment } = await openLink(link);
    const mailboxOnly = t.anon();
    expect((await mailboxOnly.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! })).error).toBeNull();
    const early = await mailboxOnly.auth.updateUser({ password: 'dari-kotak-surat-1' });
    expect(early.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    expect((await mailboxOnly.auth.mfa.challengeAndVerify({ factorId, code: freshCode(secret, usedCode) })).error).toBeNull();
    expect((await mailboxOnly.auth.updateUser({ password: 'dari-kotak-surat-1' })).error).toBeNull();
  });

  it('an account without a factor changes its password at aal1 as before', async () => {
    const { client } = await t.signedIn({ role: 'user' });
    expect((await client.auth.updateUser({ password: 'tanpa-faktor-123' })).error).toBeNull();
  });
});

describe('private reading needs the second step of an enrolled account', () => {
  it('inbox, revisions, trash, others\' drafts, member list and audit log are closed to aal1, open at aal2', async () => {
    const boss = await enrolledUser(t, { role: 'superadmin' });
    const subject = `Rahasia ${Date.now()}`;
    await sendMessage(subject);
    const draft = await seedArticle(`Draf ${Date.now()}`);
    await t.service().from('articles').update({ title: 'Draf diubah' }).eq('id', draft);
    const trashed = await seedArticle(`Sampah ${Date.now()}`);
    await t.service().from('articles').delete().eq('id', trashed);
    const reach = async (client: TypedClient) => ({
      inbox: (await client.from('contacts').select('id').eq('subject', subject)).data?.length,
      revisions: (await client.from('article_revisions').select('id').eq('article_id', draft)).data?.length,
      trash: (await client.from('article_trash').select('id').eq('id', trashed)).data?.length,
      draft: (await client.from('articles').select('id').eq('id', draft)).data?.length,
      members: (await client.rpc('get_all_users')).error?.code ?? 'listed',
      audit: (await client.from('audit_log').select('id').limit(1)).data?.length,
    });
    expect(await reach(await passwordOnly(t, boss.user))).toEqual({ inbox: 0, revisions: 0, trash: 0, draft: 0, members: '42501', audit: 0 });
    expect(await reach(boss.client)).toEqual({ inbox: 1, revisions: 1, trash: 1, draft: 1, members: 'listed', audit: 1 });
    const plain = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    expect(await reach(plain)).toEqual({ inbox: 1, revisions: 1, trash: 1, draft: 1, members: 'listed', audit: 1 });
  });
});

describe('wrong TOTP codes are counted before they are evaluated', () => {
  it('a parallel burst of 60 wrong codes gets at most 10 evaluated', async () => {
    const { user, factorId, secret } = await enrolledUser(t);
    const client = await passwordOnly(t, user);
    const valid = [-1, 0, 1].map((step) => totpCode(secret, step));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code))!;
    const answers = await Promise.all(Array.from({ length: 60 }, async () => {
      const { data: challenge } = await client.auth.mfa.challenge({ factorId });
      if (!challenge) return 'no challenge';
      const { error } = await client.auth.mfa.verify({ factorId, challengeId: challenge.id, code: wrong });
      return error ? (error as { code?: string }).code : 'accepted';
    }));
    const evaluated = answers.filter((a) => a === 'mfa_verification_failed').length;
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a === 'over_request_rate_limit').length).toBeGreaterThanOrEqual(50);
    expect(answers).not.toContain('accepted');
  });
});
