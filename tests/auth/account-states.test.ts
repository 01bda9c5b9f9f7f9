/**
 * Issue 23: refused and suspended accounts are told apart, the superadmin's reason (and only it)
 * is mailed, and a reset of the second step is mailed too.
 */
import { describe, expect, it, vi } from 'vitest';
import { resetSecondStep } from '../../server/auth/accounts.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { subscribeProfiles, waitFor } from '../realtime/helpers.ts';
import { mailbox } from './helpers.ts';
import { enrolledUser } from './mfa-helpers.ts';

vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer();
/** Newest first, as the dev mailbox lists them. */
async function mailsTo(to: string) {
  await t.server.notices.drain();
  return (await mailbox(t.server)).filter((m) => m.to === to);
}

describe('rejected and suspended accounts', () => {
  it('mails a refusal with the superadmin’s reason and never the name the member chose', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const member = await t.createUser({ status: 'pending', fullName: 'Menangkan hadiah di situs judi' });
    const reason = 'NRP tidak ditemukan dalam data personel.';
    expect((await superadmin.from('profiles').update({ status: 'rejected', status_reason: reason }).eq('id', member.id)).error).toBeNull();
    const [mail, ...more] = await mailsTo(member.email);
    expect(more).toEqual([]);
    expect(mail.subject).toContain('ditolak');
    expect(mail.text).toContain(`Alasan dari administrator: ${reason}`);
    expect(mail.text).not.toContain('situs judi');
    expect(mail.html).not.toContain('situs judi');

    // at sign-in the member reads which it is
    const own = await t.signInAs(member);
    expect((await own.from('profiles').select('status, status_reason').eq('id', member.id).single()).data)
      .toEqual({ status: 'rejected', status_reason: reason });
    const { rows } = await t.server.ctx.db.query<{ action: string; changes: unknown }>(
      `select action, changes from public.audit_log where target_id = $1`, [member.id]);
    expect(rows).toEqual([{ action: 'user.reject', changes: { status: { old: 'pending', new: 'rejected' }, reason } }]);
  });

  it('suspends as its own status, ends the sessions, mails it, and a restore clears the reason', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const member = await t.createUser({ status: 'approved' });
    const { data } = await t.anon().auth.signInWithPassword(member);
    const suspend = await superadmin.from('profiles').update({ status: 'suspended', status_reason: 'Pindah satuan.' }).eq('id', member.id);
    expect(suspend.error).toBeNull();
    expect((await t.anon().auth.refreshSession({ refresh_token: data.session!.refresh_token })).error?.status).toBe(400);
    const again = await t.signInAs(member);
    expect((await again.from('profiles').select('status').eq('id', member.id).single()).data).toEqual({ status: 'suspended' });
    expect((await again.from('galleries').insert({ name: 'Tidak boleh' })).error?.code).toBe('42501');
    const [mail] = await mailsTo(member.email);
    expect(mail.subject).toContain('dinonaktifkan');
    expect(mail.text).toContain('Alasan dari administrator: Pindah satuan.');

    expect((await superadmin.from('profiles').update({ status: 'approved' }).eq('id', member.id)).error).toBeNull();
    const { rows } = await t.server.ctx.db.query<{ status: string; status_reason: string | null }>(
      'select status, status_reason from public.profiles where id = $1', [member.id]);
    expect(rows).toEqual([{ status: 'approved', status_reason: null }]);
    const log = await t.server.ctx.db.query<{ action: string }>('select action from public.audit_log where target_id = $1 order by id', [member.id]);
    expect(log.rows.map((r) => r.action).slice(-2)).toEqual(['user.suspend', 'user.restore']);
    expect((await mailsTo(member.email)).map((m) => m.subject)).toEqual([expect.stringContaining('telah disetujui'), expect.stringContaining('dinonaktifkan')]);
  });

  it('reaches the suspended member’s open tab live (its own row’s UPDATE), so the admin area closes', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const member = await t.createUser({ status: 'approved' });
    const client = await t.signInAs(member);
    const sub = await subscribeProfiles(client, 'suspended-own', { filter: `id=eq.${member.id}` });
    expect((await superadmin.from('profiles').update({ status: 'suspended', status_reason: null }).eq('id', member.id)).error).toBeNull();
    const update = await waitFor(() => sub.events.find((e) => e.eventType === 'UPDATE'), 2_000, 'the UPDATE');
    expect(update.new).toMatchObject({ id: member.id, status: 'suspended' });
    await client.removeAllChannels();
  });

  it('lets nobody but a superadmin write a reason: not the member, not an admin', async () => {
    const member = await t.createUser({ status: 'approved' });
    const own = await t.signInAs(member);
    const admin = await t.signInAs(await t.createUser({ role: 'admin' }));
    expect((await own.from('profiles').update({ status_reason: 'teks saya sendiri' }).eq('id', member.id)).error?.code).toBe('42501');
    await admin.from('profiles').update({ status_reason: 'teks admin' }).eq('id', member.id);
    const { rows } = await t.server.ctx.db.query('select status_reason from public.profiles where id = $1', [member.id]);
    expect(rows).toEqual([{ status_reason: null }]);
  });

  it('mails no address that was never confirmed', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const email = `belum-${Date.now()}@example.com`;
    const signUp = await t.anon().auth.signUp({ email, password: 'rahasia-123', options: { data: { full_name: 'Orang Asing' } } });
    expect(signUp.error).toBeNull();
    const before = (await mailsTo(email)).length;
    const { rows: [{ id }] } = await t.server.ctx.db.query<{ id: string }>('select id from public.profiles where email = $1', [email]);
    expect((await superadmin.from('profiles').update({ status: 'rejected', status_reason: 'Tidak dikenal.' }).eq('id', id)).error).toBeNull();
    expect(await mailsTo(email)).toHaveLength(before);
  });
});

describe('a reset of the second step', () => {
  it('is mailed to the member when the superadmin removes their factor', async () => {
    const member = await enrolledUser(t);
    const boss = await enrolledUser(t, { role: 'superadmin' });
    const before = (await mailsTo(member.user.email)).length;
    expect((await boss.client.rpc('reset_second_step', { member: member.user.id })).error).toBeNull();
    const mails = await mailsTo(member.user.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0].subject).toContain('diatur ulang oleh administrator');
  });

  it('is mailed too when the operator command resets it, and not when there was nothing to remove', async () => {
    const member = await enrolledUser(t);
    const before = (await mailsTo(member.user.email)).length;
    expect(await resetSecondStep(t.server.ctx.db, member.user.email)).toBe(1);
    expect(await resetSecondStep(t.server.ctx.db, member.user.email)).toBe(0);
    const mails = await mailsTo(member.user.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0].subject).toContain('diatur ulang oleh administrator');
  });
});
