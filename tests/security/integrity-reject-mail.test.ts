/**
 * Issue 44 (medium 3): a rejected held save no longer vanishes silently. The writer is mailed
 * once, with the reasons and what readers see now; the hold stays readable to staff with its
 * status, so Manajemen Konten and the editor can say 'Ditolak'.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { mailbox } from '../auth/helpers.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let staff: TypedClient;
let staffId: string;
let staffEmail: string;
let superadmin: TypedClient;

beforeAll(async () => {
  const user = await t.createUser({ role: 'admin', fullName: 'Serda Penulis' });
  staffId = user.id;
  staffEmail = user.email;
  staff = await t.signInAs(user);
  superadmin = await t.signInAs(await t.createUser({ role: 'superadmin', fullName: 'Kapten Super' }));
});

const mailsTo = async (email: string) => (await mailbox(t.server)).filter((mail) => mail.to === email);

describe('a rejected held save', () => {
  it('mails the writer once, with the reasons, for a new article and for an edit of a public one', async () => {
    const before = (await mailsTo(staffEmail)).length;
    const fresh = (await staff.from('articles').insert({ title: 'Promo Baru', content: '<p>situs gacor</p>', author_id: staffId, published_at: new Date().toISOString() }).select('id').single()).data!;
    const published = (await staff.from('articles').insert({ title: 'Latihan Malam', content: '<p>Latihan rutin.</p>', author_id: staffId, published_at: new Date().toISOString() }).select('id, version').single()).data!;
    await staff.from('articles').update({ content: '<p>Latihan rutin. <a href="https://promo-baru.example/">daftar</a></p>', version: published.version }).eq('id', published.id);
    const holds = (await superadmin.from('integrity_holds').select('id, row_id').in('row_id', [fresh.id, published.id]).eq('status', 'pending')).data!;
    expect(holds).toHaveLength(2);
    for (const hold of holds) expect((await superadmin.rpc('integrity_reject', { hold_id: hold.id })).error).toBeNull();
    await t.server.integrityNotices.drain();
    await t.server.integrityNotices.drain();

    const mails = (await mailsTo(staffEmail)).slice(before);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Ditolak: artikel "Latihan Malam" tidak diterbitkan',
      'Ditolak: artikel "Promo Baru" tidak diterbitkan',
    ]);
    const fresher = mails.find((mail) => mail.subject.includes('Promo Baru'))!;
    expect(fresher.text).toContain('Halo Serda Penulis,');
    expect(fresher.text).toContain('- Kata yang lazim di spam judi: gacor');
    expect(fresher.text).toContain('tetap tersimpan sebagai draf');
    const edit = mails.find((mail) => mail.subject.includes('Latihan Malam'))!;
    expect(edit.text).toContain('- Tautan ke domain yang belum pernah ditautkan: promo-baru.example');
    expect(edit.text).toContain('versi yang tampil di situs tetap seperti sebelumnya');
    expect(edit.html).not.toContain('href="https://promo-baru.example');

    // once only
    await t.server.integrityNotices.drain();
    expect((await mailsTo(staffEmail)).length).toBe(before + 2);
    // the writer reads the decision and its reasons
    const seen = (await staff.from('integrity_holds').select('status, reasons').eq('row_id', fresh.id)).data!;
    expect(seen).toEqual([{ status: 'rejected', reasons: ['Kata yang lazim di spam judi: gacor'] }]);
  });

  it('names a rejected gallery and what visitors see, and links the gallery page', async () => {
    const before = (await mailsTo(staffEmail)).length;
    const held = await staff.from('galleries').insert({ name: 'Galeri slot gacor' }).select('id');
    expect(held.data).toEqual([]);
    const hold = (await superadmin.from('integrity_holds').select('id').eq('table_name', 'galleries').eq('label', 'Galeri slot gacor').single()).data!;
    expect((await superadmin.rpc('integrity_reject', { hold_id: hold.id })).error).toBeNull();
    await t.server.integrityNotices.drain();
    expect((await mailsTo(staffEmail)).length).toBe(before + 1);
    const mail = (await mailsTo(staffEmail)).find((m) => m.subject.includes('Galeri slot gacor'))!;
    expect(mail.subject).toBe('Ditolak: galeri "Galeri slot gacor" tidak diterbitkan');
    expect(mail.text).toContain('Isi itu tidak ditambahkan ke situs.');
    expect(mail.text).toMatch(/Buka: http\S+\/admin\/gallery$/m);
  });

  it('does not mail a release', async () => {
    const before = (await mailsTo(staffEmail)).length;
    const row = (await staff.from('articles').insert({ title: 'Dirilis', content: '<p>slot gacor</p>', author_id: staffId }).select('id').single()).data!;
    const hold = (await superadmin.from('integrity_holds').select('id').eq('row_id', row.id).single()).data!;
    expect((await superadmin.rpc('integrity_release', { hold_id: hold.id })).error).toBeNull();
    await t.server.integrityNotices.drain();
    expect((await mailsTo(staffEmail)).length).toBe(before);
  });
});
