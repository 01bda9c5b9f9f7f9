// The app's modules below read import.meta.env (src/lib/env.ts), typed by Vite's client types.
/// <reference types="vite/client" />
/**
 * File cleanup across owners (issue 11, migration 20261123200300): the app's own delete and save
 * code, run as another staff member than the uploader, removes the files an article no longer
 * uses; files another article still shows stay; personnel and visitors delete nothing. Since
 * issue 24 a file also stays while a version that uses it can be restored (30 days).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { asFile, png } from '../storage/fixtures.ts';
import type { TestUser, TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';

// The app's modules use the one browser client; here it is whichever signed-in client a test picks.
const app = vi.hoisted(() => ({ client: undefined as unknown as object }));
vi.mock('@/lib/supabase', () => ({
  supabase: new Proxy({}, { get: (_target, key) => Reflect.get(app.client, key) }),
}));
const { deleteArticle } = await import('@/features/admin-content/api/delete-article');
const { saveArticle } = await import('@/features/admin-content/api/save-article');
const { getArticleImages, removeUnusedArticleImages, sweepAbandonedArticleImages } = await import('@/features/admin-content/api/article-files');
const { deleteGallery } = await import('@/features/admin-gallery/api/delete-gallery');

const t = useTestServer();
let writer: TestUser;
let writerClient: TypedClient;
let editorClient: TypedClient;

beforeAll(async () => {
  ({ user: writer, client: writerClient } = await t.signedIn({ role: 'admin' }));
  ({ client: editorClient } = await t.signedIn({ role: 'superadmin' }));
});

const bucket = (client: TypedClient) => client.storage.from('article_images');

/** Stores a picture in the writer's folder; answers its public and transformed URLs. */
async function upload(name: string) {
  const path = `${writer.id}/${name}`;
  expect((await bucket(writerClient).upload(path, asFile(png(8, 8, 0, name.length), name, 'image/png'))).error).toBeNull();
  const publicUrl = bucket(writerClient).getPublicUrl(path).data.publicUrl;
  const renderUrl = bucket(writerClient).getPublicUrl(path, { transform: { width: 800 } }).data.publicUrl;
  return { path, publicUrl, renderUrl };
}

const served = async (url: string) => (await fetch(url)).status === 200;

/** As if the revisions and the trash were 31 days old: their pictures are no longer kept. */
async function ageRevisions() {
  for (const table of ['article_revisions', 'gallery_revisions']) {
    await t.server.ctx.db.query(`update public.${table} set replaced_at = now() - interval '31 days'`);
  }
}

async function writeArticle(fields: { cover_image_url?: string | null; image_gallery_urls?: string[]; content: string }) {
  const { data, error } = await writerClient
    .from('articles')
    .insert({ title: 'Latihan Gabungan', author_id: writer.id, image_gallery_urls: [], ...fields })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id;
}

describe('article images', () => {
  it('another staff member deleting the writer\'s article keeps its pictures for the trash, then removes them after 30 days', async () => {
    const cover = await upload('sampul-1.png');
    const body = await upload('isi-1.png');
    const id = await writeArticle({
      cover_image_url: cover.publicUrl,
      content: `<p>Teks</p><img src="${body.renderUrl.replace('&', '&amp;')}" alt="Helikopter">`,
    });
    expect(await served(cover.publicUrl)).toBe(true);

    app.client = editorClient;
    const before = await getArticleImages(id);
    await deleteArticle(id);
    expect(await served(cover.publicUrl)).toBe(true);
    expect(await served(body.publicUrl)).toBe(true);

    await ageRevisions();
    await removeUnusedArticleImages(before, null);
    expect(await served(cover.publicUrl)).toBe(false);
    expect(await served(body.publicUrl)).toBe(false);
    const { data } = await bucket(t.service()).list(writer.id, { search: '-1.png' });
    expect(data).toEqual([]);
  });

  it('another staff member replacing the cover keeps the old one while its version is restorable, then removes it', async () => {
    const old = await upload('sampul-2.png');
    const replacement = await upload('sampul-2b.png');
    const id = await writeArticle({ cover_image_url: old.publicUrl, content: '<p>Teks</p>' });

    app.client = editorClient;
    const fields = { title: 'Latihan Gabungan', content: '<p>Teks</p>', cover_image_url: replacement.publicUrl };
    const saved = await saveArticle({ id, version: 1, fields });
    expect(await served(old.publicUrl)).toBe(true);

    await ageRevisions();
    await saveArticle({ id, version: saved.version, fields, uploadedWhileEditing: [old.path] });
    expect(await served(old.publicUrl)).toBe(false);
    expect(await served(replacement.publicUrl)).toBe(true);
  });

  it('a file another article still shows is kept, even when asked for by name', async () => {
    const shared = await upload('bersama 3.png');
    const first = await writeArticle({ cover_image_url: shared.publicUrl, content: '<p>Satu</p>' });
    // the second article names it percent-encoded, in its gallery, as a browser writes a space
    await writeArticle({ image_gallery_urls: [shared.publicUrl.replace(' ', '%20')], content: '<p>Dua</p>' });

    app.client = editorClient;
    await deleteArticle(first);
    expect(await served(shared.publicUrl)).toBe(true);

    const { data, error } = await bucket(editorClient).remove([shared.path]);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await served(shared.publicUrl)).toBe(true);
  });

  it('personnel and visitors delete no article image, used or not', async () => {
    const unused = await upload('lepas-4.png');
    const { client: member } = await t.signedIn({ role: 'user' });
    const { client: pending } = await t.signedIn({ role: 'admin', status: 'pending' });
    for (const client of [member, pending, t.anon()]) {
      const { data } = await bucket(client).remove([unused.path]);
      expect(data ?? []).toEqual([]);
    }
    expect(await served(unused.publicUrl)).toBe(true);
    // the writer's own stray upload is theirs, and any staff member's, to remove
    expect((await bucket(editorClient).remove([unused.path])).data).toHaveLength(1);
    expect(await served(unused.publicUrl)).toBe(false);
  });
});

describe('pictures of articles never saved', () => {
  it('are listed for staff after a day unused, and removed by the app\'s sweep', async () => {
    const abandoned = await upload('ditinggal-5.png');
    const fresh = await upload('baru-5.png');
    const used = await upload('dipakai-5.png');
    await writeArticle({ content: `<p>Isi</p><img src="${used.publicUrl}" alt="Foto">` });
    await t.server.ctx.db.transaction((tx) => tx.query(
      `update storage.objects set created_at = now() - interval '25 hours' where bucket_id = 'article_images' and name = any($1)`,
      [[abandoned.path, used.path]],
    ));

    const { data, error } = await editorClient.rpc('abandoned_article_images');
    expect(error).toBeNull();
    expect(data).toContain(abandoned.path);
    expect(data).not.toContain(fresh.path);
    expect(data).not.toContain(used.path);

    const { client: member } = await t.signedIn({ role: 'user' });
    expect((await member.rpc('abandoned_article_images')).data).toEqual([]);
    expect((await t.anon().rpc('abandoned_article_images')).error).toBeTruthy();

    app.client = editorClient;
    await sweepAbandonedArticleImages();
    expect(await served(abandoned.publicUrl)).toBe(false);
    expect(await served(fresh.publicUrl)).toBe(true);
    expect(await served(used.publicUrl)).toBe(true);
  });
});

describe('gallery photo files', () => {
  it('deleting a gallery keeps its photos for the trash and they go after 30 days; a listed photo\'s file cannot be removed alone', async () => {
    const { data: gallery } = await writerClient.from('galleries').insert({ name: 'Latihan Terjun' }).select('id').single();
    const path = `${gallery!.id}/foto.png`;
    const files = writerClient.storage.from('gallery_photos');
    expect((await files.upload(path, asFile(png(8, 8), 'foto.png', 'image/png'))).error).toBeNull();
    expect((await writerClient.from('gallery_photos').insert({ gallery_id: gallery!.id, path })).error).toBeNull();
    const url = files.getPublicUrl(path).data.publicUrl;

    expect((await editorClient.storage.from('gallery_photos').remove([path])).data).toEqual([]);
    expect(await served(url)).toBe(true);

    app.client = editorClient;
    await deleteGallery(gallery!.id);
    expect(await served(url)).toBe(true);

    await ageRevisions();
    await t.server.ctx.db.query(`update storage.objects set created_at = now() - interval '25 hours' where bucket_id = 'gallery_photos' and name = $1`, [path]);
    expect((await editorClient.rpc('abandoned_gallery_photos')).data).toContain(path);
    expect((await t.anon().rpc('abandoned_gallery_photos')).error).toBeTruthy();
    expect((await editorClient.storage.from('gallery_photos').remove([path])).data).toHaveLength(1);
    expect(await served(url)).toBe(false);
  });
});
