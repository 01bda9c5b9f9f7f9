import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { mailbox } from './helpers.ts';

// starting a fresh embedded database takes long on a busy machine
vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer();
async function approvalMails(to: string) {
  await t.server.notices.drain();
  return (await mailbox(t.server)).filter((m) => m.to === to && m.subject.includes('telah disetujui'));
}

describe('approval mail (private.account_notices, sent by the t.server)', () => {
  it('tells the member in Indonesian that they can sign in once a superadmin approves them', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const member = await t.createUser({ status: 'pending', fullName: 'Pratu Menunggu' });
    const { error } = await superadmin.from('profiles').update({ status: 'approved' }).eq('id', member.id);
    expect(error).toBeNull();
    const mails = await approvalMails(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Halo Pratu Menunggu,');
    expect(mails[0].text).toContain('telah disetujui oleh administrator. Sekarang Anda dapat masuk');
    expect(mails[0].text).toContain('http://localhost:3000/login');
    const { rows } = await t.server.ctx.db.query('select 1 from private.account_notices where profile_id = $1', [member.id]);
    expect(rows).toEqual([]);
  });

  it('sends no approval for a rejection, nor for an approval the database refused', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const admin = await t.signInAs(await t.createUser({ role: 'admin' }));
    const rejected = await t.createUser({ status: 'pending' });
    const refused = await t.createUser({ status: 'pending' });
    expect((await superadmin.from('profiles').update({ status: 'rejected' }).eq('id', rejected.id)).error).toBeNull();
    // row-level security gives an admin no other profile to update: nothing changes
    await admin.from('profiles').update({ status: 'approved' }).eq('id', refused.id);
    const { rows } = await t.server.ctx.db.query('select status from public.profiles where id = $1', [refused.id]);
    expect(rows).toEqual([{ status: 'pending' }]);
    expect(await approvalMails(rejected.email)).toEqual([]);
    expect(await approvalMails(refused.email)).toEqual([]);
  });

  it('keeps the outbox out of the API', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const res = await superadmin.schema('private' as never).from('account_notices' as never).select('*');
    expect(res.error).not.toBeNull();
  });
});

describe('suspend and restore (Nonaktifkan / Aktifkan Kembali)', () => {
  it('ends the suspended member\'s sessions, and a restore lets them in again with a mail', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const member = await t.createUser({ status: 'approved' });
    const memberClient = t.anon();
    const { data } = await memberClient.auth.signInWithPassword(member);

    expect((await superadmin.from('profiles').update({ status: 'suspended' }).eq('id', member.id)).error).toBeNull();
    const refreshed = await t.anon().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(refreshed.error?.status).toBe(400);
    const again = await t.signInAs(member);
    const { data: status } = await again.from('profiles').select('status').eq('id', member.id).single();
    expect(status).toEqual({ status: 'suspended' });
    // suspended: no staff power through the API either
    const insert = await again.from('galleries').insert({ name: 'Tidak boleh' });
    expect(insert.error?.code).toBe('42501');

    expect((await superadmin.from('profiles').update({ status: 'approved' }).eq('id', member.id)).error).toBeNull();
    expect(await approvalMails(member.email)).toHaveLength(1);
    const back = await t.signInAs(member);
    expect((await back.from('profiles').select('status').eq('id', member.id).single()).data).toEqual({ status: 'approved' });
  });

  it('lets only a superadmin suspend, never their own account or another superadmin', async () => {
    const boss = await t.createUser({ role: 'superadmin' });
    const superadmin = await t.signInAs(boss);
    const otherBoss = await t.createUser({ role: 'superadmin' });
    const admin = await t.createUser({ role: 'admin' });
    const adminClient = await t.signInAs(admin);
    const member = await t.createUser({ status: 'approved' });

    await adminClient.from('profiles').update({ status: 'suspended' }).eq('id', member.id);
    expect((await superadmin.from('profiles').update({ status: 'suspended' }).eq('id', boss.id)).error?.code).toBe('42501');
    expect((await superadmin.from('profiles').update({ status: 'suspended' }).eq('id', otherBoss.id)).error?.code).toBe('42501');
    const { rows } = await t.server.ctx.db.query<{ status: string }>(
      'select status from public.profiles where id = any($1) order by status', [[member.id, boss.id, otherBoss.id]]);
    expect(rows.map((r) => r.status)).toEqual(['approved', 'approved', 'approved']);
  });
});
