import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';

// Who may read and change what (anon, pending, rejected, approved user, admin, superadmin), exercised
// through supabase-js as each kind of caller; the policies live in supabase/migrations.
const ACTORS = ['anon', 'pending', 'rejected', 'user', 'admin', 'superadmin'] as const;
type Actor = (typeof ACTORS)[number];
const STAFF: Actor[] = ['admin', 'superadmin'];

const t = useTestServer();
const users = {} as Record<Exclude<Actor, 'anon'>, TestUser>;
const clients = {} as Record<Actor, TypedClient>;
let service: TypedClient;

beforeAll(async () => {
  service = t.service();
  users.pending = await t.createUser({ role: 'user', status: 'pending' });
  users.rejected = await t.createUser({ role: 'user', status: 'rejected' });
  users.user = await t.createUser({ role: 'user', status: 'approved' });
  users.admin = await t.createUser({ role: 'admin', status: 'approved' });
  users.superadmin = await t.createUser({ role: 'superadmin', status: 'approved' });
  clients.anon = t.anon();
  for (const actor of ACTORS.slice(1) as Exclude<Actor, 'anon'>[]) {
    clients[actor] = t.withToken(await t.mintUserToken(users[actor].id));
  }
});

async function seedArticle(title = 'Artikel uji') {
  const { data, error } = await service.from('articles')
    .insert({ title, content: '<p>Isi</p>', category: 'Latihan' }).select().single();
  if (error) throw error;
  return data;
}

async function seedGallery(name = 'Galeri uji') {
  const { data, error } = await service.from('galleries').insert({ name }).select().single();
  if (error) throw error;
  return data;
}

const expectedDenyStatus = (actor: Actor) => (actor === 'anon' ? 401 : 403);

describe.each(ACTORS)('articles as %s', (actor) => {
  const staff = STAFF.includes(actor);

  it('can read every article', async () => {
    const article = await seedArticle();
    const { data, error } = await clients[actor].from('articles').select('*').eq('id', article.id);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it(staff ? 'can create an article as its author' : 'cannot create an article', async () => {
    const authorId = actor === 'anon' ? null : users[actor].id;
    const { data, error, status } = await clients[actor].from('articles')
      .insert({ title: `Baru oleh ${actor}`, content: '<p>x</p>', author_id: authorId }).select();
    if (staff) {
      expect(error).toBeNull();
      expect(data?.[0]?.author_id).toBe(authorId);
    } else {
      expect(status).toBe(expectedDenyStatus(actor));
      expect(error?.code).toBe('42501');
    }
  });

  it(staff ? 'can edit and delete articles' : 'cannot edit or delete articles', async () => {
    const article = await seedArticle('Asli');
    const authorId = actor === 'anon' ? null : users[actor].id;
    await clients[actor].from('articles').update({ title: 'Diubah', author_id: authorId, version: 1 }).eq('id', article.id);
    const afterUpdate = await service.from('articles').select('title').eq('id', article.id).single();
    expect(afterUpdate.data?.title).toBe(staff ? 'Diubah' : 'Asli');

    await clients[actor].from('articles').delete().eq('id', article.id);
    const afterDelete = await service.from('articles').select('id').eq('id', article.id);
    expect(afterDelete.data).toHaveLength(staff ? 0 : 1);
  });
});

describe('articles: attribution', () => {
  it('an admin cannot publish in someone else\'s name', async () => {
    const { error, status } = await clients.admin.from('articles')
      .insert({ title: 'Palsu', content: '<p>x</p>', author_id: users.user.id });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });

  it('a deleted author\'s articles stay, without an author', async () => {
    const author = await t.createUser({ role: 'admin' });
    const client = t.withToken(await t.mintUserToken(author.id));
    const { data } = await client.from('articles').insert({ title: 'Tetap', content: '<p>x</p>', author_id: author.id }).select().single();
    const { error } = await clients.superadmin.from('profiles').delete().eq('id', author.id);
    expect(error).toBeNull();
    const after = await clients.anon.from('articles').select('id, author_id').eq('id', data!.id).single();
    expect(after.data).toEqual({ id: data!.id, author_id: null });
  });

  it('embeds the author name through the foreign key', async () => {
    const { data: created } = await clients.admin.from('articles')
      .insert({ title: 'Dengan penulis', content: '<p>x</p>', author_id: users.admin.id }).select('id').single();
    const { data, error } = await clients.superadmin.from('articles')
      .select('title, profiles(full_name)').eq('id', created!.id).single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Dengan penulis', profiles: { full_name: 'Uji admin approved' } });
  });
});

describe.each(ACTORS)('galleries as %s', (actor) => {
  const staff = STAFF.includes(actor);

  it('can read galleries', async () => {
    const gallery = await seedGallery();
    const { data } = await clients[actor].from('galleries').select('*').eq('id', gallery.id);
    expect(data).toHaveLength(1);
  });

  it(staff ? 'can create, edit and delete galleries' : 'cannot write galleries', async () => {
    const insert = await clients[actor].from('galleries').insert({ name: `Galeri ${actor}` });
    if (staff) expect(insert.error).toBeNull();
    else expect(insert.status).toBe(expectedDenyStatus(actor));

    const gallery = await seedGallery('Asli');
    await clients[actor].from('galleries').update({ name: 'Diubah', version: 1 }).eq('id', gallery.id);
    const updated = await service.from('galleries').select('name').eq('id', gallery.id).single();
    expect(updated.data?.name).toBe(staff ? 'Diubah' : 'Asli');
    await clients[actor].from('galleries').delete().eq('id', gallery.id);
    const left = await service.from('galleries').select('id').eq('id', gallery.id);
    expect(left.data).toHaveLength(staff ? 0 : 1);
  });
});

describe.each(ACTORS)('contacts as %s', (actor) => {
  const staff = STAFF.includes(actor);

  it('can send a contact message', async () => {
    const { error, status } = await clients[actor].from('contacts').insert({
      name: `Pengirim ${actor}`, email: `${actor}-${Date.now()}@example.com`, phone: '', subject: null, message: 'Halo',
    });
    expect(error).toBeNull();
    expect(status).toBe(201);
  });

  it(staff ? 'can read contact messages' : 'cannot read contact messages', async () => {
    await service.from('contacts').insert({ name: 'Rahasia', email: 'rahasia@example.com', message: 'Pesan pribadi' });
    const { data, error } = await clients[actor].from('contacts').select('name').eq('email', 'rahasia@example.com');
    expect(error).toBeNull();
    expect((data ?? []).length > 0).toBe(staff);
  });

  it('cannot change a contact message', async () => {
    const { data: row } = await service.from('contacts')
      .insert({ name: 'Tetap', email: 'tetap@example.com', message: 'Asli' }).select().single();
    const { error } = await clients[actor].from('contacts').update({ message: 'Diubah' }).eq('id', row!.id);
    expect(error?.code).toBe('42501');
    const after = await service.from('contacts').select('message').eq('id', row!.id).single();
    expect(after.data?.message).toBe('Asli');
  });
});

describe('contacts: validation and flood guard', () => {
  it('refuses a message without name, e-mail or text', async () => {
    for (const bad of [
      { name: '', email: 'a@example.com', message: 'x' },
      { name: 'A', email: 'bukan-email', message: 'x' },
      { name: 'A', email: 'a@example.com', message: '   ' },
    ]) {
      const { error, status } = await clients.anon.from('contacts').insert(bad);
      expect(status).toBe(400);
      expect(error?.code).toBe('23514');
    }
  });

  it('stops one sender after five messages in ten minutes', async () => {
    const email = `banjir-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const { error } = await clients.anon.from('contacts').insert({ name: 'A', email, message: `pesan ${i}` });
      expect(error).toBeNull();
    }
    const { error, status } = await clients.anon.from('contacts').insert({ name: 'A', email, message: 'lagi' });
    expect(status).toBe(400);
    expect(error?.message).toMatch(/Terlalu banyak pesan/);
  });
});

describe.each(ACTORS)('profiles as %s', (actor) => {
  it('reads what the role allows', async () => {
    const { data, error } = await clients[actor].from('profiles').select('id');
    expect(error).toBeNull();
    const ids = (data ?? []).map((r) => r.id);
    if (actor === 'anon') expect(ids).toEqual([]);
    else if (actor === 'pending' || actor === 'rejected') expect(ids).toEqual([users[actor].id]);
    else if (actor === 'user') {
      expect(ids).toEqual(expect.arrayContaining([users.user.id, users.admin.id, users.superadmin.id]));
      expect(ids).not.toContain(users.pending.id);
      expect(ids).not.toContain(users.rejected.id);
    } else expect(ids).toEqual(expect.arrayContaining(Object.values(users).map((u) => u.id)));
  });

  it('can never change its own role or status', async () => {
    if (actor === 'anon') return;
    for (const change of [{ role: 'superadmin' as const }, { role: 'admin' as const }, { status: 'approved' as const }]) {
      await clients[actor].from('profiles').update(change).eq('id', users[actor].id);
      const { data } = await service.from('profiles').select('role, status').eq('id', users[actor].id).single();
      expect(data).toEqual({ role: users[actor].role, status: users[actor].status });
    }
  });

  it('cannot insert profiles', async () => {
    const { error } = await clients[actor].from('profiles').insert({ id: crypto.randomUUID() });
    expect(error?.code).toBe('42501');
  });
});

describe('profiles: own data and superadmin powers', () => {
  it('an approved user edits their own details; pending and rejected cannot', async () => {
    for (const actor of ['user', 'pending', 'rejected'] as const) {
      await clients[actor].from('profiles').update({ full_name: `Nama baru ${actor}` }).eq('id', users[actor].id);
      const { data } = await service.from('profiles').select('full_name').eq('id', users[actor].id).single();
      expect(data?.full_name === `Nama baru ${actor}`).toBe(actor === 'user');
    }
  });

  it('nobody but the owner edits a profile\'s details', async () => {
    const target = await t.createUser({ fullName: 'Asli' });
    for (const actor of ['user', 'admin', 'superadmin'] as const) {
      await clients[actor].from('profiles').update({ full_name: 'Diretas' }).eq('id', target.id);
    }
    const { data } = await service.from('profiles').select('full_name').eq('id', target.id).single();
    expect(data?.full_name).toBe('Asli');
  });

  it('a superadmin approves, rejects and changes roles between admin and user', async () => {
    const target = await t.createUser({ status: 'pending' });
    const approve = await clients.superadmin.from('profiles').update({ status: 'approved' }).eq('id', target.id).select('status');
    expect(approve.data).toEqual([{ status: 'approved' }]);
    const promote = await clients.superadmin.from('profiles').update({ role: 'admin' }).eq('id', target.id).select('role');
    expect(promote.data).toEqual([{ role: 'admin' }]);
    const reject = await clients.superadmin.from('profiles').update({ status: 'rejected' }).eq('id', target.id).select('status');
    expect(reject.data).toEqual([{ status: 'rejected' }]);
  });

  it('nobody can make a superadmin through the API', async () => {
    const target = await t.createUser();
    const { error, status } = await clients.superadmin.from('profiles').update({ role: 'superadmin' }).eq('id', target.id);
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    const { data } = await service.from('profiles').select('role').eq('id', target.id).single();
    expect(data?.role).toBe('user');
  });

  it('admins and users cannot approve or change roles', async () => {
    const target = await t.createUser({ status: 'pending' });
    for (const actor of ['user', 'admin', 'pending'] as const) {
      await clients[actor].from('profiles').update({ status: 'approved', role: 'admin' }).eq('id', target.id);
    }
    const { data } = await service.from('profiles').select('role, status').eq('id', target.id).single();
    expect(data).toEqual({ role: 'user', status: 'pending' });
  });

  it('only a superadmin deletes a profile, and its login goes with it', async () => {
    const target = await t.createUser();
    for (const actor of ['anon', 'pending', 'user', 'admin'] as const) {
      await clients[actor].from('profiles').delete().eq('id', target.id);
    }
    expect((await service.from('profiles').select('id').eq('id', target.id)).data).toHaveLength(1);
    const { error } = await clients.superadmin.from('profiles').delete().eq('id', target.id);
    expect(error).toBeNull();
    expect((await service.from('profiles').select('id').eq('id', target.id)).data).toHaveLength(0);
    const login = await t.server.ctx.db.query('select 1 from auth.users where id = $1', [target.id]);
    expect(login.rowCount).toBe(0);
  });

  it('a superadmin cannot delete another superadmin or itself', async () => {
    const other = await t.createUser({ role: 'superadmin' });
    await clients.superadmin.from('profiles').delete().eq('id', other.id);
    await clients.superadmin.from('profiles').delete().eq('id', users.superadmin.id);
    const { data } = await service.from('profiles').select('id').in('id', [other.id, users.superadmin.id]);
    expect(data).toHaveLength(2);
  });
});

describe.each(ACTORS)('get_all_users as %s', (actor) => {
  it(actor === 'superadmin' ? 'lists every user with e-mail, role and status' : 'is refused', async () => {
    const { data, error, status } = await clients[actor].rpc('get_all_users');
    if (actor === 'superadmin') {
      expect(error).toBeNull();
      const pending = data?.find((u) => u.id === users.pending.id);
      expect(pending).toEqual({
        id: users.pending.id, full_name: 'Uji user pending', email: users.pending.email, role: 'user', status: 'pending',
      });
    } else {
      expect(status).toBe(expectedDenyStatus(actor));
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
  });
});

describe('dashboard counts', () => {
  it('count-only queries return totals without rows', async () => {
    const { count, data, error } = await clients.admin.from('articles').select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(data).toBeNull();
    const { count: serviceCount } = await service.from('articles').select('*', { count: 'exact', head: true });
    expect(count).toBe(serviceCount);
    expect(count).toBeGreaterThan(0);
  });
});
