/**
 * Newsroom that loses nothing (issue 24): optimistic concurrency, revisions written by the
 * database, the trash, and who may read and restore them, all through supabase-js.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let first: TypedClient;
let second: TypedClient;
let firstId: string;
let secondId: string;
let personnel: TypedClient;
let visitor: TypedClient;

beforeAll(async () => {
  const a = await t.createUser({ role: 'admin', fullName: 'Letda Pertama' });
  const b = await t.createUser({ role: 'superadmin', fullName: 'Kapten Kedua' });
  firstId = a.id;
  secondId = b.id;
  first = await t.signInAs(a);
  second = await t.signInAs(b);
  personnel = await t.signInAs(await t.createUser({ role: 'user', status: 'approved' }));
  visitor = t.anon();
});

async function newArticle(title = 'Latihan Terbang', content = '<p>Isi awal</p>') {
  const { data, error } = await first.from('articles')
    .insert({ title, content, author_id: firstId, version: 99, updated_at: '2001-01-01T00:00:00Z' })
    .select('id, version, updated_at, updated_by').single();
  expect(error).toBeNull();
  return data!;
}

const articleRow = async (id: string) =>
  (await t.service().from('articles').select('*').eq('id', id).maybeSingle()).data;

describe('optimistic concurrency', () => {
  it('starts at version 1 with the database time and writer, whatever the client sends', async () => {
    const row = await newArticle();
    expect(row.version).toBe(1);
    expect(row.updated_by).toBe(firstId);
    expect(Math.abs(Date.parse(row.updated_at) - Date.now())).toBeLessThan(60_000);
  });

  it('accepts an update at the version read, increments it, and stamps time and writer from the database', async () => {
    const row = await newArticle();
    const { data, error } = await second.from('articles')
      .update({ title: 'Judul baru', author_id: secondId, version: 1, updated_at: '2001-01-01T00:00:00Z', updated_by: firstId })
      .eq('id', row.id).select('version, updated_at, updated_by').single();
    expect(error).toBeNull();
    expect(data!.version).toBe(2);
    expect(data!.updated_by).toBe(secondId);
    expect(Date.parse(data!.updated_at)).toBeGreaterThanOrEqual(Date.parse(row.updated_at));
  });

  it('refuses a stale update with 409, naming who changed it and when, and changes nothing', async () => {
    const row = await newArticle();
    expect((await second.from('articles').update({ title: 'Judul dari Kapten', author_id: secondId, version: 1 }).eq('id', row.id)).error).toBeNull();
    const before = await articleRow(row.id);
    const stale = await first.from('articles').update({ content: '<p>Isi dari Letda</p>', author_id: firstId, version: 1 }).eq('id', row.id);
    expect(stale.status).toBe(409);
    expect(stale.error?.code).toBe('PT409');
    expect(stale.error?.message).toBe('Artikel telah diubah oleh pengguna lain.');
    expect(JSON.parse(stale.error!.details)).toMatchObject({ version: 2, updated_by: secondId, updated_by_name: 'Kapten Kedua' });
    expect(await articleRow(row.id)).toEqual(before);
  });

  it('refuses an update with no version, a negative or a future one with 400, and changes nothing', async () => {
    const row = await newArticle();
    const before = await articleRow(row.id);
    for (const fields of [{}, { version: -1 }, { version: 0 }, { version: 7 }, { version: null as unknown as number }]) {
      const res = await first.from('articles').update({ title: 'Tanpa versi', author_id: firstId, ...fields }).eq('id', row.id);
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('PT400');
      expect(res.error?.message).toMatch(/versi/);
    }
    expect(await articleRow(row.id)).toEqual(before);
  });

  it('versions galleries the same way', async () => {
    const { data: gallery } = await first.from('galleries').insert({ name: 'Upacara' }).select('id, version').single();
    expect(gallery!.version).toBe(1);
    expect((await second.from('galleries').update({ name: 'Upacara HUT', version: 1 }).eq('id', gallery!.id)).error).toBeNull();
    const stale = await first.from('galleries').update({ description: 'Lama', version: 1 }).eq('id', gallery!.id);
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe('Galeri telah diubah oleh pengguna lain.');
    expect((await first.from('galleries').update({ description: 'Lama' }).eq('id', gallery!.id)).status).toBe(400);
  });

  it('records a deliberate overwrite in the audit log', async () => {
    const row = await newArticle('Ditimpa');
    await second.from('articles').update({ title: 'Ditimpa (Kapten)', author_id: secondId, version: 1 }).eq('id', row.id);
    const res = await first.from('articles').update({ title: 'Ditimpa (Letda)', author_id: firstId, version: 2 })
      .eq('id', row.id).setHeader('x-overwrite-version', '1').select('version').single();
    expect(res.data!.version).toBe(3);
    const { rows } = await t.server.ctx.db.query<{ action: string; actor_id: string; changes: unknown }>(
      `select action, actor_id, changes from public.audit_log where target_id = $1 and action = 'article.overwrite'`, [row.id]);
    expect(rows).toEqual([{ action: 'article.overwrite', actor_id: firstId, changes: { version: { old: 1, new: 3 }, overwritten_by: 'Kapten Kedua' } }]);
  });
});

describe('revisions', () => {
  it('keeps the previous state of every accepted update and of a delete, written by the database', async () => {
    const row = await newArticle('Versi satu', '<p>Satu</p>');
    await first.from('articles').update({ title: 'Versi dua', content: '<p>Dua</p>', author_id: firstId, version: 1 }).eq('id', row.id);
    await first.from('articles').update({ title: 'Versi dua', content: '<p>Dua</p>', author_id: firstId, version: 1 }).eq('id', row.id); // stale: no revision
    await second.from('articles').update({ title: 'Versi tiga', author_id: secondId, version: 2 }).eq('id', row.id);
    const { data } = await first.from('article_revisions').select('version, title, content, saved_by_name, replaced_by_name, kind')
      .eq('article_id', row.id).order('id');
    expect(data).toEqual([
      { version: 1, title: 'Versi satu', content: '<p>Satu</p>', saved_by_name: 'Letda Pertama', replaced_by_name: 'Letda Pertama', kind: 'update' },
      { version: 2, title: 'Versi dua', content: '<p>Dua</p>', saved_by_name: 'Letda Pertama', replaced_by_name: 'Kapten Kedua', kind: 'update' },
    ]);
    await first.from('articles').delete().eq('id', row.id);
    const { data: all } = await first.from('article_revisions').select('version, title, kind').eq('article_id', row.id).order('id');
    expect(all!.at(-1)).toEqual({ version: 3, title: 'Versi tiga', kind: 'delete' });
  });

  it('keeps at most 50 per article, the newest', async () => {
    const row = await newArticle('Banyak versi');
    for (let version = 1; version <= 53; version += 1) {
      const { error } = await first.from('articles').update({ content: `<p>Versi ${version + 1}</p>`, author_id: firstId, version }).eq('id', row.id);
      expect(error).toBeNull();
    }
    const { data } = await first.from('article_revisions').select('version').eq('article_id', row.id).order('version');
    expect(data!.length).toBe(50);
    expect(data![0].version).toBe(4);
    expect(data!.at(-1)!.version).toBe(53);
  });

  it('cannot be written, changed or deleted through the API, and only staff read them', async () => {
    const row = await newArticle('Rahasia redaksi');
    await first.from('articles').update({ title: 'Rahasia redaksi 2', author_id: firstId, version: 1 }).eq('id', row.id);
    const insert = await first.from('article_revisions').insert({ article_id: row.id, version: 9, title: 'x', content: 'x', article_created_at: new Date().toISOString(), saved_at: new Date().toISOString(), kind: 'update' });
    expect(insert.error?.code).toBe('42501');
    expect((await first.from('article_revisions').delete().eq('article_id', row.id)).error?.code).toBe('42501');
    expect((await t.service().from('article_revisions').delete().eq('article_id', row.id)).error?.code).toBe('42501');
    expect((await first.from('article_revisions').select('id').eq('article_id', row.id)).data).toHaveLength(1);
    expect((await personnel.from('article_revisions').select('id').eq('article_id', row.id)).data).toEqual([]);
    expect((await personnel.from('article_trash').select('id')).data).toEqual([]);
    for (const table of ['article_revisions', 'gallery_revisions', 'article_trash', 'gallery_trash', 'article_editors'] as const) {
      const res = await visitor.from(table as 'article_revisions').select('*');
      expect(res.status).toBe(401);
      expect(res.data).toBeNull();
    }
  });
});

describe('restore', () => {
  it('restores an earlier revision as a new version, audited', async () => {
    const row = await newArticle('Asli', '<p>Teks asli</p>');
    await first.from('articles').update({ title: 'Salah', content: '<p>Teks salah</p>', author_id: firstId, version: 1 }).eq('id', row.id);
    const { data: revs } = await first.from('article_revisions').select('id').eq('article_id', row.id);
    const restored = await second.rpc('restore_article_revision', { target_article: row.id, revision_id: revs![0].id, expected_version: 2 });
    expect(restored.error).toBeNull();
    expect(restored.data).toBe(3);
    expect(await articleRow(row.id)).toMatchObject({ title: 'Asli', content: '<p>Teks asli</p>', version: 3, updated_by: secondId });
    const { rows } = await t.server.ctx.db.query<{ actor_id: string }>(
      `select actor_id from public.audit_log where target_id = $1 and action = 'article.restore'`, [row.id]);
    expect(rows).toEqual([{ actor_id: secondId }]);
  });

  it('refuses a revision of another article, a stale version, a plain user and a visitor, changing nothing', async () => {
    const row = await newArticle('Target');
    const other = await newArticle('Lain');
    await first.from('articles').update({ title: 'Target 2', author_id: firstId, version: 1 }).eq('id', row.id);
    await first.from('articles').update({ title: 'Lain 2', author_id: firstId, version: 1 }).eq('id', other.id);
    const { data: otherRevs } = await first.from('article_revisions').select('id').eq('article_id', other.id);
    const { data: revs } = await first.from('article_revisions').select('id').eq('article_id', row.id);
    const before = await articleRow(row.id);

    const foreign = await first.rpc('restore_article_revision', { target_article: row.id, revision_id: otherRevs![0].id, expected_version: 2 });
    expect(foreign.status).toBe(404);
    expect(foreign.error?.message).toBe('Revisi tidak ditemukan untuk artikel ini.');
    const stale = await first.rpc('restore_article_revision', { target_article: row.id, revision_id: revs![0].id, expected_version: 1 });
    expect(stale.status).toBe(409);
    const plain = await personnel.rpc('restore_article_revision', { target_article: row.id, revision_id: revs![0].id, expected_version: 2 });
    expect(plain.status).toBe(403);
    expect(plain.error?.message).toBe('Hanya admin dan superadmin yang dapat memulihkan revisi.');
    const anon = await visitor.rpc('restore_article_revision', { target_article: row.id, revision_id: revs![0].id, expected_version: 2 });
    expect(anon.status).toBe(401);
    expect(await articleRow(row.id)).toEqual(before);
  });

  it('lists a deleted article in the trash and brings it back with the same id, dates and version line', async () => {
    const row = await newArticle('Terhapus', '<p>Isi yang dihapus</p>');
    const original = await articleRow(row.id);
    expect((await first.from('articles').delete().eq('id', row.id)).error).toBeNull();
    const { data: trash } = await second.from('article_trash').select('id, title, deleted_by_name, version').eq('id', row.id);
    expect(trash).toEqual([{ id: row.id, title: 'Terhapus', deleted_by_name: 'Letda Pertama', version: 1 }]);
    expect((await visitor.from('articles').select('id').eq('id', row.id)).data).toEqual([]);

    expect((await personnel.rpc('restore_deleted_article', { target_article: row.id })).status).toBe(403);
    expect((await visitor.rpc('restore_deleted_article', { target_article: row.id })).status).toBe(401);
    expect(await articleRow(row.id)).toBeNull();

    const restored = await second.rpc('restore_deleted_article', { target_article: row.id });
    expect(restored.data).toBe(2);
    expect(await articleRow(row.id)).toMatchObject({
      title: 'Terhapus', content: '<p>Isi yang dihapus</p>', author_id: firstId,
      created_at: original!.created_at, published_at: original!.published_at, version: 2,
    });
    expect((await visitor.from('articles').select('title').eq('id', row.id)).data).toEqual([{ title: 'Terhapus' }]);
    expect((await second.from('article_trash').select('id').eq('id', row.id)).data).toEqual([]);
    const again = await second.rpc('restore_deleted_article', { target_article: row.id });
    expect(again.status).toBe(409);

    // Riwayat Aktivitas: one entry for the restore, not a second 'Membuat artikel' with every field;
    // the creation tells no empty picture fields of an article without pictures
    const { rows } = await t.server.ctx.db.query<{ action: string; changes: Record<string, unknown> }>(
      `select action, changes from public.audit_log where target_id = $1 order by id`, [row.id]);
    expect(rows.map((entry) => entry.action)).toEqual(['article.create', 'article.delete', 'article.restore']);
    expect(Object.keys(rows[0].changes).sort()).toEqual(['author_id', 'byline_hidden', 'content', 'published_at', 'title']);
  });

  it('logs a gallery restored from the trash once, without an entry per photo', async () => {
    const { data: gallery } = await first.from('galleries').insert({ name: 'Galeri Terhapus' }).select('id').single();
    await t.server.ctx.db.query(`insert into public.gallery_photos (gallery_id, path, caption, alt, position)
      values ($1, 'x/a.jpg', 'Satu', 'Satu', 0), ($1, 'x/b.jpg', 'Dua', 'Dua', 1)`, [gallery!.id]);
    expect((await first.from('galleries').delete().eq('id', gallery!.id)).error).toBeNull();
    const before = await t.server.ctx.db.query(`select max(id) as last from public.audit_log`);
    expect((await second.rpc('restore_deleted_gallery', { target_gallery: gallery!.id })).error).toBeNull();
    const { rows } = await t.server.ctx.db.query<{ action: string }>(
      `select action from public.audit_log where id > $1 order by id`, [before.rows[0].last]);
    expect(rows.map((entry) => entry.action)).toEqual(['gallery.restore']);
  });

  it('refuses to restore what has been in the trash for more than 30 days', async () => {
    const row = await newArticle('Sudah lama');
    await first.from('articles').delete().eq('id', row.id);
    await t.server.ctx.db.query(`update public.article_revisions set replaced_at = now() - interval '31 days' where article_id = $1`, [row.id]);
    expect((await second.from('article_trash').select('id').eq('id', row.id)).data).toEqual([]);
    const res = await second.rpc('restore_deleted_article', { target_article: row.id });
    expect(res.status).toBe(410);
    expect(res.error?.message).toBe('Artikel sudah lebih dari 30 hari di Tempat Sampah dan tidak dapat dipulihkan lagi.');
    expect(await articleRow(row.id)).toBeNull();
  });

  it('brings a deleted gallery back with its photo list', async () => {
    const { data: gallery } = await first.from('galleries').insert({ name: 'Galeri HUT' }).select('id').single();
    const photos = [{ path: `${gallery!.id}/a.webp`, caption: 'Satu', alt: 'Foto satu', position: 0 }, { path: `${gallery!.id}/b.webp`, caption: null, alt: 'Foto dua', position: 1 }];
    expect((await first.from('gallery_photos').insert(photos.map((p) => ({ ...p, gallery_id: gallery!.id })))).error).toBeNull();
    await first.from('galleries').delete().eq('id', gallery!.id);
    expect((await second.from('gallery_trash').select('id, photo_count').eq('id', gallery!.id)).data).toEqual([{ id: gallery!.id, photo_count: 2 }]);
    expect((await personnel.rpc('restore_deleted_gallery', { target_gallery: gallery!.id })).status).toBe(403);
    expect((await second.rpc('restore_deleted_gallery', { target_gallery: gallery!.id })).error).toBeNull();
    const { data } = await visitor.from('gallery_photos').select('path, caption, alt, position').eq('gallery_id', gallery!.id).order('position');
    expect(data).toEqual(photos);
  });
});

describe('presence', () => {
  it('shows staff who else has the article open, under the name the database knows', async () => {
    const row = await newArticle('Sedang disunting');
    expect((await second.from('article_editors').upsert({ article_id: row.id, user_id: secondId, editor_name: 'Palsu' })).error).toBeNull();
    // posing as another editor only refreshes one's own row
    await second.from('article_editors').upsert({ article_id: row.id, user_id: firstId });
    const { data } = await first.from('article_editors').select('user_id, editor_name').eq('article_id', row.id);
    expect(data).toEqual([{ user_id: secondId, editor_name: 'Kapten Kedua' }]);
    expect((await personnel.from('article_editors').select('user_id').eq('article_id', row.id)).data).toEqual([]);
  });
});

describe('what visitors can reach', () => {
  it('shows no earlier version and no deleted article through REST, search, RSS or the sitemap', async () => {
    const token = `rahasialama${Date.now()}`;
    const row = await newArticle(`Judul ${token}`, `<p>Kata ${token} di versi pertama.</p>`);
    await first.from('articles').update({ title: 'Judul bersih', content: '<p>Versi bersih.</p>', author_id: firstId, version: 1 }).eq('id', row.id);
    const deleted = await newArticle(`Dihapus ${token}`, `<p>Isi ${token} yang dihapus.</p>`);
    await first.from('articles').delete().eq('id', deleted.id);

    const search = await visitor.rpc('search_articles', { q: token });
    expect(search.error).toBeNull();
    expect(search.data).toEqual([]);
    expect((await visitor.from('articles').select('id').eq('id', deleted.id)).data).toEqual([]);
    // the rendered pages are checked in e2e/admin/newsroom.spec.ts (this server runs without the site)
    for (const feed of ['/rss.xml', '/sitemap.xml']) {
      const res = await fetch(`${t.url}${feed}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(token);
      expect(text).not.toContain(deleted.id);
    }
  });
});
