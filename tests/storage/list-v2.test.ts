/**
 * storage-api's list-v2 (storage-js `listV2`): objects under a prefix, or one level of it with
 * folders, sorted and paged by an opaque cursor, as the caller's SELECT policies show them.
 */
import { describe, expect, it } from 'vitest';
import { anonClient } from '../support/server.ts';
import { asFile, png } from './fixtures.ts';
import { admin2, admin2Client, expectStorageError, memberClient, server, useStorageWorld } from './world.ts';

useStorageWorld();

describe('list-v2', () => {
  it('lists a prefix flat or as one level with folders, pages by cursor, and shows visitors nothing', async () => {
    const bucket = admin2Client.storage.from('article_images');
    const folder = `${admin2.id}/v2`;
    for (const name of ['c.png', 'a.png', 'b.png', 'sub/1.png', 'sub/2.png']) {
      expect((await bucket.upload(`${folder}/${name}`, asFile(png(), name, 'image/png'))).error).toBeNull();
    }

    const flat = await bucket.listV2({ prefix: `${folder}/` });
    expect(flat.error).toBeNull();
    expect(flat.data!.hasNext).toBe(false);
    expect(flat.data!.folders).toEqual([]);
    expect(flat.data!.objects.map((o) => o.name)).toEqual(['a.png', 'b.png', 'c.png', 'sub/1.png', 'sub/2.png'].map((n) => `${folder}/${n}`));
    expect(flat.data!.objects[0]).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), metadata: { mimetype: 'image/png' } });

    const level = await bucket.listV2({ prefix: `${folder}/`, with_delimiter: true });
    expect(level.data!.folders).toEqual([{ key: 'sub', name: `${folder}/sub/`, id: null }]);
    expect(level.data!.objects.map((o) => [o.key, o.name])).toEqual(['a', 'b', 'c'].map((n) => [`${n}.png`, `${folder}/${n}.png`]));

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await bucket.listV2({ prefix: `${folder}/`, limit: 2, sortBy: { column: 'name', order: 'desc' }, ...(cursor ? { cursor } : {}) });
      expect(page.error).toBeNull();
      seen.push(...page.data!.objects.map((o) => o.name.slice(folder.length + 1)));
      cursor = page.data!.hasNext ? page.data!.nextCursor : undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(['sub/2.png', 'sub/1.png', 'c.png', 'b.png', 'a.png']);
    expect(pages).toBe(3);

    const anonymous = await anonClient(server).storage.from('article_images').listV2({ prefix: `${folder}/`, with_delimiter: true });
    expect(anonymous.data).toEqual({ hasNext: false, folders: [], objects: [] });
    expect((await memberClient.storage.from('article_images').listV2({ prefix: `${folder}/` })).data!.objects).toEqual([]);
  });

  it('refuses a bad limit, sort or cursor, and an unknown bucket', async () => {
    const bucket = admin2Client.storage.from('article_images');
    expectStorageError((await bucket.listV2({ limit: 0 })).error, '400');
    expectStorageError((await bucket.listV2({ sortBy: { column: 'size' as 'name' } })).error, '400');
    expectStorageError((await bucket.listV2({ cursor: 'bukan-kursor' })).error, '400');
    expectStorageError((await admin2Client.storage.from('tidak-ada').listV2()).error, '404');
  });
});
