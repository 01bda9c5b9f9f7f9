/** Every data call the site makes, and the query-builder surface, through real supabase-js. */
import { beforeAll, describe, expect, test } from 'vitest';
import { type TestUser, type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();
let superadmin: TestUser;
let admin: TestUser;
let pending: TestUser;
let asSuper: TypedClient;
let asAdmin: TypedClient;
let asPending: TypedClient;
let anon: TypedClient;

beforeAll(async () => {
  superadmin = await t.createUser({ role: 'superadmin', fullName: 'Siti Super' });
  admin = await t.createUser({ role: 'admin', fullName: 'Adi Admin' });
  pending = await t.createUser({ status: 'pending', fullName: 'Putri Pending' });
  [asSuper, asAdmin, asPending] = await Promise.all([t.signInAs(superadmin), t.signInAs(admin), t.signInAs(pending)]);
  anon = t.anon();
});

describe('articles', () => {
  let id = '';
  test('create article (insert without select -> 201, data null)', async () => {
    const { data, error, status } = await asAdmin.from('articles').insert({
      title: 'Latihan terbang', category: 'Latihan', content: '<p>Isi</p>', cover_image_url: null,
      image_gallery_urls: [], author_id: admin.id, updated_at: new Date().toISOString(),
    });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
  });

  test('public list: all fields, newest first', async () => {
    await asAdmin.from('articles').insert({ title: 'Kedua', content: 'x', author_id: admin.id });
    const { data, error } = await anon.from('articles').select('*').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((a) => a.title)).toEqual(['Kedua', 'Latihan terbang']);
    expect(data![0]).toMatchObject({ category: null, image_gallery_urls: [], author_id: admin.id });
    expect(data![0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    id = data![1].id;
  });

  test('recent activity: joined full_name is an object, limit 5', async () => {
    const { data, error } = await asAdmin.from('articles').select('title, created_at, id, profiles(full_name)')
      .order('created_at', { ascending: false }).limit(5);
    expect(error).toBeNull();
    expect(data![0].profiles).toEqual({ full_name: 'Adi Admin' });
  });

  test('anon sees the author as null (profiles are private)', async () => {
    const { data } = await anon.from('articles').select('title, profiles(full_name)').eq('id', id).single();
    expect(data).toEqual({ title: 'Latihan terbang', profiles: null });
  });

  test('article detail by id (single) and a missing one (406 PGRST116)', async () => {
    const { data } = await anon.from('articles').select('*').eq('id', id).single();
    expect(data!.title).toBe('Latihan terbang');
    const missing = await anon.from('articles').select('*').eq('id', crypto.randomUUID()).single();
    expect(missing.status).toBe(406);
    expect(missing.error!.code).toBe('PGRST116');
    const maybe = await anon.from('articles').select('*').eq('id', crypto.randomUUID()).maybeSingle();
    expect(maybe.data).toBeNull();
    expect(maybe.error).toBeNull();
  });

  test('edit article returns the changed row', async () => {
    const { data, error } = await asAdmin.from('articles').update({ title: 'Diubah', category: 'Berita', version: 1 }).eq('id', id).select().single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, title: 'Diubah', category: 'Berita' });
  });

  test('anon cannot insert (401) and a pending user cannot either (403)', async () => {
    const a = await anon.from('articles').insert({ title: 'x', content: 'y' });
    expect(a.status).toBe(401);
    expect(a.error!.code).toBe('42501');
    const p = await asPending.from('articles').insert({ title: 'x', content: 'y', author_id: pending.id });
    expect(p.status).toBe(403);
  });

  test('filters, or, in, ilike, is, range and count', async () => {
    const { data: f } = await anon.from('articles').select('title').or('title.eq.Kedua,category.eq.Berita').order('title');
    expect(f!.map((r) => r.title)).toEqual(['Diubah', 'Kedua']);
    const { data: i } = await anon.from('articles').select('title').in('title', ['Kedua', 'tidak, ada']);
    expect(i).toEqual([{ title: 'Kedua' }]);
    const { data: il } = await anon.from('articles').select('title').ilike('title', '%UBAH%');
    expect(il).toEqual([{ title: 'Diubah' }]);
    const { data: n } = await anon.from('articles').select('title').is('category', null);
    expect(n).toEqual([{ title: 'Kedua' }]);
    const { data: r, count } = await anon.from('articles').select('title', { count: 'exact' }).order('title').range(1, 1);
    expect(r).toEqual([{ title: 'Kedua' }]);
    expect(count).toBe(2);
  });

  test('dashboard totals: count-only HEAD queries', async () => {
    const articles = await asAdmin.from('articles').select('*', { count: 'exact', head: true });
    expect(articles.count).toBe(2);
    expect(articles.data).toBeNull();
    const profiles = await asSuper.from('profiles').select('*', { count: 'exact', head: true });
    expect(profiles.count).toBe(3);
    const galleries = await anon.from('galleries').select('*', { count: 'exact', head: true });
    expect(galleries.count).toBe(0);
  });

  test('delete article', async () => {
    const { error, status } = await asAdmin.from('articles').delete().eq('id', id);
    expect(error).toBeNull();
    expect(status).toBe(204);
    const { count } = await anon.from('articles').select('*', { count: 'exact', head: true });
    expect(count).toBe(1);
  });
});

describe('galleries', () => {
  test('insert, list newest first, update, delete', async () => {
    const created = await asAdmin.from('galleries').insert({ name: 'Galeri HUT', description: 'Foto' }).select().single();
    expect(created.error).toBeNull();
    const galleryId = created.data!.id;
    await asAdmin.from('galleries').insert({ name: 'Galeri Baru', description: null });
    const { data } = await anon.from('galleries').select('*').order('created_at', { ascending: false });
    expect(data!.map((g) => g.name)).toEqual(['Galeri Baru', 'Galeri HUT']);
    const upd = await asAdmin.from('galleries').update({ name: 'Galeri HUT 2', version: 1 }).eq('id', galleryId);
    expect(upd.status).toBe(204);
    const del = await asAdmin.from('galleries').delete().eq('id', galleryId);
    expect(del.error).toBeNull();
    const { data: after } = await anon.from('galleries').select('name');
    expect(after).toEqual([{ name: 'Galeri Baru' }]);
  });

  test('upsert merge and ignore duplicates', async () => {
    const gid = crypto.randomUUID();
    const first = await asAdmin.from('galleries').upsert({ id: gid, name: 'U1' }).select('name');
    expect(first.status).toBe(201);
    const merged = await asAdmin.from('galleries').upsert({ id: gid, name: 'U2', version: 1 }).select('name');
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ name: 'U2' }]);
    const ignored = await asAdmin.from('galleries').upsert({ id: gid, name: 'U3' }, { ignoreDuplicates: true }).select('name');
    expect(ignored.data).toEqual([]);
  });
});

describe('profiles, users and contacts', () => {
  test('own profile single read (login status check) and update returning the row', async () => {
    const { data } = await asPending.from('profiles').select('status').eq('id', pending.id).single();
    expect(data).toEqual({ status: 'pending' });
    // RLS: a pending account may not edit anything, so `.single()` sees no row and nothing is rolled in.
    const denied = await asPending.from('profiles').update({ full_name: 'Putri P.' }).eq('id', pending.id).select().single();
    expect(denied.error!.code).toBe('PGRST116');
    const member = await t.createUser({ fullName: 'Umar' });
    const asMember = await t.signInAs(member);
    const upd = await asMember.from('profiles')
      .update({ full_name: 'Umar P.', username: 'umar_p', phone_number: '+6281234567890', avatar_url: null, updated_at: new Date().toISOString() })
      .eq('id', member.id).select().single();
    expect(upd.error).toBeNull();
    expect(upd.data).toMatchObject({ full_name: 'Umar P.', username: 'umar_p', role: 'user', status: 'approved' });
    const self = await asMember.from('profiles').update({ role: 'superadmin' }).eq('id', member.id);
    expect(self.error).not.toBeNull();
    const { data: after } = await t.service().from('profiles').select('role').eq('id', member.id).single();
    expect(after!.role).toBe('user');
    await asSuper.from('profiles').delete().eq('id', member.id);
  });

  test('all users by RPC: superadmin only', async () => {
    const { data, error } = await asSuper.rpc('get_all_users');
    expect(error).toBeNull();
    expect(data!.map((u) => u.email).sort()).toEqual([admin.email, pending.email, superadmin.email].sort());
    expect(Object.keys(data![0]).sort()).toEqual(['email', 'full_name', 'id', 'role', 'status']);
    const denied = await asAdmin.rpc('get_all_users');
    expect(denied.error).not.toBeNull();
  });

  test('approve, change role, delete user', async () => {
    expect((await asSuper.from('profiles').update({ status: 'approved' }).eq('id', pending.id)).error).toBeNull();
    expect((await asSuper.from('profiles').update({ role: 'admin' }).eq('id', pending.id)).error).toBeNull();
    const { data } = await asSuper.from('profiles').select('role, status').eq('id', pending.id).single();
    expect(data).toEqual({ role: 'admin', status: 'approved' });
    expect((await asSuper.from('profiles').delete().eq('id', pending.id)).error).toBeNull();
    const gone = await asSuper.from('profiles').select('id').eq('id', pending.id);
    expect(gone.data).toEqual([]);
  });

  test('contact message: anyone inserts, only staff reads', async () => {
    const { error, status } = await anon.from('contacts').insert({ name: 'Warga', email: 'warga@contoh.id', phone: null, subject: null, message: 'Halo' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect((await anon.from('contacts').select('*')).data).toEqual([]);
    expect((await asAdmin.from('contacts').select('name')).data).toEqual([{ name: 'Warga' }]);
  });

  test('embedding one-to-many and !inner', async () => {
    await asAdmin.from('articles').insert({ title: 'Milik admin', content: 'x', author_id: admin.id });
    const { data } = await asSuper.from('profiles').select('full_name, articles(title)').eq('id', admin.id).single();
    expect(data!.articles.map((a) => a.title).sort()).toEqual(['Kedua', 'Milik admin']);
    const { data: inner } = await asSuper.from('profiles').select('full_name, articles!inner(title)').order('full_name');
    expect(inner!.map((p) => p.full_name)).toEqual(['Adi Admin']);
  });
});
