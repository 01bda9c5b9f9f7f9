/**
 * Issue 23: the audit log names actors by account (current name and e-mail from actor_id), logs
 * profile edits, and records gallery photos, the inbox and stored files, written by triggers.
 */
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer();

type Entry = { action: string; actor_id: string | null; target_label: string | null; changes: Record<string, unknown> };
async function entriesFor(targetId: string): Promise<Entry[]> {
  const { rows } = await t.server.ctx.db.query<Entry>(
    'select action, actor_id, target_label, changes from public.audit_log where target_id = $1 order by id', [targetId]);
  return rows;
}

const photo = async (name = 'foto.webp') => new File(
  [new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#557799' } }).webp().toBuffer())],
  name, { type: 'image/webp' },
);

describe('actors by account', () => {
  it('shows the account that acted with its current name and e-mail, not the name it wore; renames are entries', async () => {
    const { user: admin, client } = await t.signedIn({ role: 'admin', fullName: 'Letda Asli' });
    const boss = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const { data: article } = await client.from('articles')
      .insert({ title: 'Akan Dihapus', content: '<p>Isi</p>', author_id: admin.id }).select('id').single();

    expect((await client.from('profiles').update({ full_name: 'Super Admin Root' }).eq('id', admin.id)).error).toBeNull();
    expect((await client.from('articles').delete().eq('id', article!.id)).error).toBeNull();
    expect((await client.from('profiles').update({ full_name: 'Letda Asli' }).eq('id', admin.id)).error).toBeNull();

    const { data: deletion, error } = await boss.from('audit_entries')
      .select('action, actor_id, actor_full_name, actor_email, actor_deleted').eq('target_id', article!.id).eq('action', 'article.delete').single();
    expect(error).toBeNull();
    expect(deletion).toEqual({ action: 'article.delete', actor_id: admin.id, actor_full_name: 'Letda Asli', actor_email: admin.email, actor_deleted: false });

    const renames = (await entriesFor(admin.id)).filter((e) => e.action === 'user.profile');
    expect(renames.map((e) => e.changes)).toEqual([
      { full_name: { old: 'Letda Asli', new: 'Super Admin Root' } },
      { full_name: { old: 'Super Admin Root', new: 'Letda Asli' } },
    ]);
    expect(renames.every((e) => e.actor_id === admin.id)).toBe(true);
    // the account the renames are about is named as it is now, not by the name it wore
    const { data: targets } = await boss.from('audit_entries').select('target_current_label').eq('target_id', admin.id).eq('action', 'user.profile');
    expect(targets).toEqual([{ target_current_label: 'Letda Asli' }, { target_current_label: 'Letda Asli' }]);
  });

  it('names a deleted actor by the e-mail it had, and shows the view to superadmins only', async () => {
    const { user: admin, client } = await t.signedIn({ role: 'admin', fullName: 'Serda Pergi' });
    const { data: gallery } = await client.from('galleries').insert({ name: 'Jejak' }).select('id').single();
    const boss = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    expect((await boss.from('profiles').delete().eq('id', admin.id)).error).toBeNull();
    const { data } = await boss.from('audit_entries').select('actor_full_name, actor_email, actor_deleted').eq('target_id', gallery!.id).single();
    expect(data).toEqual({ actor_full_name: null, actor_email: admin.email, actor_deleted: true });

    const { client: other } = await t.signedIn({ role: 'admin' });
    expect((await other.from('audit_entries').select('id').eq('target_id', gallery!.id)).data).toEqual([]);
    expect((await t.anon().from('audit_entries').select('id')).error).not.toBeNull();
  });
});

describe('photos, the inbox, files and profiles are audited by the database', () => {
  it('records a photo added, captioned and deleted, but not a reorder', async () => {
    const { user: admin, client } = await t.signedIn({ role: 'admin' });
    const { data: gallery } = await client.from('galleries').insert({ name: 'Latihan Malam' }).select('id').single();
    const { data: added, error } = await client.from('gallery_photos')
      .insert({ gallery_id: gallery!.id, path: `${gallery!.id}/a.webp`, caption: 'Lepas landas' }).select('id').single();
    expect(error).toBeNull();
    await client.from('gallery_photos').update({ position: 5 }).eq('id', added!.id);
    await client.from('gallery_photos').update({ caption: 'Pendaratan' }).eq('id', added!.id);
    await client.from('gallery_photos').delete().eq('id', added!.id);
    const rows = await entriesFor(added!.id);
    expect(rows.map((r) => r.action)).toEqual(['photo.create', 'photo.update', 'photo.delete']);
    expect(rows.every((r) => r.actor_id === admin.id && r.target_label === 'Latihan Malam')).toBe(true);
    expect(rows[1].changes).toEqual({ caption: { old: 'Lepas landas', new: 'Pendaratan' } });
  });

  it('records marking, archiving and deleting a message, not a visitor sending one', async () => {
    const { user: admin, client } = await t.signedIn({ role: 'admin' });
    const subject = `Kunjungan ${Date.now()}`;
    expect((await t.anon().from('contacts').insert({ name: 'Warga', email: 'warga@example.com', subject, message: 'Halo' })).error).toBeNull();
    const { data: message } = await client.from('contacts').select('id').eq('subject', subject).single();
    expect(await entriesFor(message!.id)).toEqual([]);
    const now = new Date().toISOString();
    await client.from('contacts').update({ read_at: now }).eq('id', message!.id);
    await client.from('contacts').update({ archived_at: now }).eq('id', message!.id);
    await client.from('contacts').delete().eq('id', message!.id);
    const rows = await entriesFor(message!.id);
    expect(rows.map((r) => r.action)).toEqual(['message.update', 'message.update', 'message.delete']);
    expect(rows.every((r) => r.actor_id === admin.id && r.target_label === subject)).toBe(true);
    expect(Object.keys(rows[0].changes)).toEqual(['read_at']);
    expect(rows[2].changes).toMatchObject({ sender: 'Warga', email: 'warga@example.com' });
  });

  it('records uploads, replacements and deletions of stored files through the Storage API', async () => {
    const { user: admin, client } = await t.signedIn({ role: 'admin' });
    const path = `${admin.id}/${Date.now()}_sampul.webp`;
    expect((await client.storage.from('article_images').upload(path, await photo())).error).toBeNull();
    expect((await client.storage.from('article_images').upload(path, await photo(), { upsert: true })).error).toBeNull();
    expect((await client.storage.from('article_images').remove([path])).error).toBeNull();
    const { rows } = await t.server.ctx.db.query<Entry>(
      `select action, actor_id, target_label, changes from public.audit_log where target_type = 'file' and target_label = $1 order by id`, [path]);
    expect(rows.map((r) => r.action)).toEqual(['file.upload', 'file.replace', 'file.delete']);
    expect(rows.every((r) => r.actor_id === admin.id && (r.changes as { bucket: string }).bucket === 'article_images')).toBe(true);
  });

  it('records a member’s own profile edits, the picture included', async () => {
    const { user, client } = await t.signedIn({ role: 'user' });
    await client.from('profiles').update({ phone_number: '+6281234567890', avatar_url: 'http://localhost/avatars/x.png' }).eq('id', user.id);
    const [edit] = (await entriesFor(user.id)).filter((e) => e.action === 'user.profile');
    expect(Object.keys(edit.changes).sort()).toEqual(['avatar_url', 'phone_number']);
  });

  it('keeps derived columns (excerpt, search vector) and bookkeeping out of article entries', async () => {
    const { user: admin, client } = await t.signedIn({ role: 'admin' });
    const { data: article } = await client.from('articles')
      .insert({ title: 'Rapat', content: '<p>Isi pertama</p>', author_id: admin.id }).select('id').single();
    await client.from('articles').update({ content: '<p>Isi kedua</p>', version: 1 }).eq('id', article!.id);
    for (const entry of await entriesFor(article!.id)) {
      for (const hidden of ['search_vector', 'excerpt', 'version', 'updated_by', 'id']) expect(entry.changes).not.toHaveProperty(hidden);
    }
  });
});
