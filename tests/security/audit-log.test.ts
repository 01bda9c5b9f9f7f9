import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

// starting a fresh embedded database takes long on a busy machine
vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer();
async function entriesFor(targetId: string) {
  const { rows } = await t.server.ctx.db.query<{ action: string; actor_id: string | null; actor_name: string | null; target_label: string; changes: Record<string, unknown> }>(
    'select action, actor_id, actor_name, target_label, changes from public.audit_log where target_id = $1 order by id', [targetId]);
  return rows;
}

describe('audit log: written by triggers', () => {
  it('records approve, role, suspend, restore and delete of an account with the acting superadmin', async () => {
    const boss = await t.createUser({ role: 'superadmin', fullName: 'Mayor Pencatat' });
    const superadmin = await t.signInAs(boss);
    const member = await t.createUser({ status: 'pending', fullName: 'Pratu Dicatat' });
    for (const change of [{ status: 'approved' }, { role: 'admin' }, { status: 'suspended' }, { status: 'approved' }] as const) {
      expect((await superadmin.from('profiles').update(change).eq('id', member.id)).error).toBeNull();
    }
    expect((await superadmin.from('profiles').delete().eq('id', member.id)).error).toBeNull();
    const rows = await entriesFor(member.id);
    expect(rows.map((r) => r.action)).toEqual(['user.approve', 'user.role', 'user.suspend', 'user.restore', 'user.delete']);
    expect(rows.every((r) => r.actor_id === boss.id && r.actor_name === 'Mayor Pencatat' && r.target_label === 'Pratu Dicatat')).toBe(true);
    expect(rows[1].changes).toEqual({ role: { old: 'user', new: 'admin' } });
    expect(rows[4].changes).toMatchObject({ email: member.email, role: 'admin', status: 'approved' });
  });

  it('records create, edit, publish, unpublish and delete of articles and galleries, with what changed', async () => {
    const admin = await t.createUser({ role: 'admin', fullName: 'Letda Redaksi' });
    const client = await t.signInAs(admin);
    const { data: article } = await client.from('articles')
      .insert({ title: 'Latihan Terbang', content: 'Isi awal', author_id: admin.id, published_at: null }).select('id').single();
    await client.from('articles').update({ content: 'x'.repeat(500), version: 1 }).eq('id', article!.id);
    await client.from('articles').update({ published_at: new Date().toISOString(), version: 2 }).eq('id', article!.id);
    await client.from('articles').update({ published_at: null, version: 3 }).eq('id', article!.id);
    await client.from('articles').delete().eq('id', article!.id);
    const rows = await entriesFor(article!.id);
    expect(rows.map((r) => r.action)).toEqual(['article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete']);
    expect(rows.every((r) => r.actor_id === admin.id && r.target_label === 'Latihan Terbang')).toBe(true);
    expect(rows[0].changes).toMatchObject({ title: { old: null, new: 'Latihan Terbang' } });
    expect(rows[0].changes).not.toHaveProperty('category');
    const edit = rows[1].changes as { content: { old: string; new: string } };
    expect(edit.content.old).toBe('Isi awal');
    expect(edit.content.new).toHaveLength(201);

    const { data: gallery } = await client.from('galleries').insert({ name: 'Upacara' }).select('id').single();
    await client.from('galleries').update({ description: 'Hari jadi', version: 1 }).eq('id', gallery!.id);
    await client.from('galleries').delete().eq('id', gallery!.id);
    expect((await entriesFor(gallery!.id)).map((r) => r.action)).toEqual(['gallery.create', 'gallery.update', 'gallery.delete']);
  });
});

describe('audit log: append-only, read by the superadmin only', () => {
  it('refuses every write through the API, the service key included, and changes nothing', async () => {
    const boss = await t.createUser({ role: 'superadmin' });
    const superadmin = await t.signInAs(boss);
    const member = await t.createUser({ status: 'pending' });
    await superadmin.from('profiles').update({ status: 'approved' }).eq('id', member.id);
    const before = await entriesFor(member.id);
    expect(before).toHaveLength(1);
    const { rows: [{ id }] } = await t.server.ctx.db.query<{ id: string }>('select id::text from public.audit_log where target_id = $1', [member.id]);

    for (const client of [superadmin, t.service(), t.anon()]) {
      const insert = await client.from('audit_log').insert({ action: 'user.approve', target_type: 'user', target_id: member.id });
      expect(insert.error?.code).toBe('42501');
      const update = await client.from('audit_log').update({ actor_name: 'Orang Lain' }).eq('id', Number(id));
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('audit_log').delete().eq('id', Number(id));
      expect(remove.error?.code).toBe('42501');
    }
    await expect(t.server.ctx.db.query('update public.audit_log set actor_name = $2 where id = $1', [id, 'x'])).rejects.toMatchObject({ code: '42501' });
    await expect(t.server.ctx.db.query('delete from public.audit_log where id = $1', [id])).rejects.toMatchObject({ code: '42501' });
    await expect(t.server.ctx.db.query('truncate public.audit_log')).rejects.toMatchObject({ code: '42501' });
    expect(await entriesFor(member.id)).toEqual(before);
  });

  it('shows the log to a superadmin and to nobody else', async () => {
    const superadmin = await t.signInAs(await t.createUser({ role: 'superadmin' }));
    const admin = await t.signInAs(await t.createUser({ role: 'admin' }));
    const read = await superadmin.from('audit_log').select('id', { count: 'exact', head: true });
    expect(read.error).toBeNull();
    expect(read.count).toBeGreaterThan(0);
    expect((await admin.from('audit_log').select('id')).data).toEqual([]);
    expect((await t.anon().from('audit_log').select('id')).error?.code).toBe('42501');
  });
});
