/**
 * The byline is the author's (issue 33): an edit never changes `author_id`, whatever the client
 * sends (SPEC.md's editor sends the editor's own id), through supabase-js and plain REST alike;
 * the editor is recorded in updated_by.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

const t = useTestServer();
let writer: { id: string };
let editor: { id: string };
let writerClient: TypedClient;
let editorClient: TypedClient;

beforeAll(async () => {
  writer = await t.createUser({ role: 'admin', fullName: 'Letda Penulis' });
  editor = await t.createUser({ role: 'admin', fullName: 'Sertu Penyunting' });
  writerClient = await t.signInAs(writer as never);
  editorClient = await t.signInAs(editor as never);
});

async function newArticle() {
  const { data, error } = await writerClient.from('articles')
    .insert({ title: 'Latihan terbang malam', content: '<p>Isi</p>', author_id: writer.id })
    .select('id, version').single();
  expect(error).toBeNull();
  return data!;
}

const stored = async (id: string) =>
  (await t.service().from('articles').select('author_id, updated_by, title, version').eq('id', id).single()).data!;

describe('the byline', () => {
  it('stays the author\'s when another editor saves with SPEC.md\'s update (author_id = the editor)', async () => {
    const article = await newArticle();
    const { error } = await editorClient.from('articles')
      .update({ title: 'Latihan terbang malam (koreksi)', author_id: editor.id, version: article.version })
      .eq('id', article.id);
    expect(error).toBeNull();
    expect(await stored(article.id)).toMatchObject({ author_id: writer.id, updated_by: editor.id, title: 'Latihan terbang malam (koreksi)', version: 2 });
    const { data: byline } = await t.anon().rpc('article_byline', { article_id: article.id });
    expect(byline).toEqual(['Letda Penulis']);
  });

  it('cannot be cleared or handed over through plain REST either', async () => {
    const article = await newArticle();
    const token = await t.mintUserToken(editor.id);
    for (const [version, author] of [[1, null], [2, editor.id]] as const) {
      const response = await fetch(`${t.url}/rest/v1/articles?id=eq.${article.id}`, {
        method: 'PATCH',
        headers: { apikey: t.server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify({ author_id: author, version }),
      });
      expect(response.status).toBe(200);
      const [row] = (await response.json()) as { author_id: string | null; updated_by: string }[];
      expect(row).toMatchObject({ author_id: writer.id, updated_by: editor.id });
    }
    expect(await stored(article.id)).toMatchObject({ author_id: writer.id, version: 3 });
  });

  it('is cleared by the foreign key when a superadmin deletes the author\'s account', async () => {
    const gone = await t.createUser({ role: 'admin', fullName: 'Serda Pindah' });
    const client = await t.signInAs(gone as never);
    const { data } = await client.from('articles').insert({ title: 'Berita lama', content: '<p>Isi</p>', author_id: gone.id }).select('id').single();
    const superadmin = await t.signInAs((await t.createUser({ role: 'superadmin' })) as never);
    const { error, count } = await superadmin.from('profiles').delete({ count: 'exact' }).eq('id', gone.id);
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect((await stored(data!.id)).author_id).toBeNull();
    const { data: byline } = await t.anon().rpc('article_byline', { article_id: data!.id });
    expect(byline).toEqual(['Penerangan Skadron']);
  });
});
