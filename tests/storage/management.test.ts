/**
 * Bucket management (service role only: no policy of the site lets anyone else touch
 * storage.buckets) and move/copy, each judged by the caller's object policies, through storage-js.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/server.ts';
import { asFile, filesUnder, md5, png } from './fixtures.ts';
import { admin, admin2, adminClient, bucketFiles, expectStorageError, member, memberClient, server, storageDir, useStorageWorld } from './world.ts';

useStorageWorld();

describe('buckets', () => {
  it('the service role creates, changes, refuses to delete a full bucket, empties and deletes it', async () => {
    const service = serviceClient(server);
    const created = await service.storage.createBucket('arsip', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/plain'] });
    expect(created).toMatchObject({ data: { name: 'arsip' }, error: null });
    const { data: bucket } = await service.storage.getBucket('arsip');
    expect(bucket).toMatchObject({ id: 'arsip', public: false, file_size_limit: 1_000_000, allowed_mime_types: ['text/plain'] });
    expect(bucket!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const again = await service.storage.createBucket('arsip');
    expectStorageError(again.error, '409', 'The resource already exists');

    const updated = await service.storage.updateBucket('arsip', { public: true, fileSizeLimit: 2048 });
    expect(updated).toMatchObject({ data: { message: 'Successfully updated' }, error: null });
    const big = await service.storage.from('arsip').upload('besar.txt', 'x'.repeat(4096), { contentType: 'text/plain' });
    expectStorageError(big.error, '413');
    const kept = await service.storage.from('arsip').upload('kecil.txt', 'isi', { contentType: 'text/plain' });
    expect(kept.error).toBeNull();

    const full = await service.storage.deleteBucket('arsip');
    expectStorageError(full.error, '409', 'The bucket you tried to delete is not empty');
    const emptied = await service.storage.emptyBucket('arsip');
    expect(emptied).toMatchObject({ data: { message: 'Successfully emptied' }, error: null });
    expect(bucketFiles('arsip')).toEqual([]);
    const deleted = await service.storage.deleteBucket('arsip');
    expect(deleted).toMatchObject({ data: { message: 'Successfully deleted' }, error: null });
    expectStorageError((await service.storage.getBucket('arsip')).error, '404', 'Bucket not found');
  });

  it('refuses names storage does not allow and settings it cannot read', async () => {
    const service = serviceClient(server);
    for (const name of ['', 'a/b', 'x'.repeat(101), '..']) {
      const { error } = await service.storage.createBucket(name);
      expectStorageError(error, '400');
    }
    const { error } = await service.storage.createBucket('aneh', { public: false, fileSizeLimit: 'banyak' });
    expectStorageError(error, '400');
    expect((await service.storage.getBucket('aneh')).error).toBeTruthy();
  });

  it('refuses staff and visitors, and changes nothing', async () => {
    const before = (await serviceClient(server).storage.getBucket('article_images')).data;
    expectStorageError((await adminClient.storage.createBucket('milik_admin')).error, '403');
    expectStorageError((await adminClient.storage.updateBucket('article_images', { public: false })).error, '404');
    expectStorageError((await adminClient.storage.emptyBucket('article_images')).error, '404');
    expectStorageError((await anonClient(server).storage.deleteBucket('avatars')).error, '404');
    expect((await serviceClient(server).storage.getBucket('article_images')).data).toEqual(before);
    expect((await serviceClient(server).storage.getBucket('milik_admin')).error).toBeTruthy();
    // visitors list nothing
    expect((await anonClient(server).storage.listBuckets()).data).toEqual([]);
  });
});

describe('move and copy', () => {
  const images = () => adminClient.storage.from('article_images');

  it('moves within the caller\'s folder, and refuses leaving it, overwriting, or another\'s file', async () => {
    const bytes = png(8, 8, 0, 3);
    const from = `${admin.id}/pindah-a.png`;
    const to = `${admin.id}/pindah-b.png`;
    expect((await images().upload(from, asFile(bytes, 'a.png', 'image/png'))).error).toBeNull();
    expect(await images().move(from, to)).toMatchObject({ data: { message: 'Successfully moved' }, error: null });
    expectStorageError((await images().download(from)).error, '404');
    expect(md5(Buffer.from(await (await images().download(to)).data!.arrayBuffer()))).toBe(md5(bytes));

    expectStorageError((await images().move(to, `${admin2.id}/curian.png`)).error, '403');
    expect((await images().upload(`${admin.id}/ada.png`, asFile(png(), 'ada.png', 'image/png'))).error).toBeNull();
    expectStorageError((await images().move(to, `${admin.id}/ada.png`)).error, '409');
    expectStorageError((await memberClient.storage.from('article_images').move(to, `${member.id}/milikku.png`)).error, '404');
    expect((await images().download(to)).error).toBeNull();
  });

  it('copies into a new file the caller may write, and nowhere else', async () => {
    const bytes = png(8, 8, 0, 4);
    const from = `${admin.id}/salin-a.png`;
    expect((await images().upload(from, asFile(bytes, 'a.png', 'image/png'))).error).toBeNull();
    const copied = await images().copy(from, `${admin.id}/salin-b.png`);
    expect(copied).toMatchObject({ data: { path: `article_images/${admin.id}/salin-b.png` }, error: null });
    for (const name of [from, `${admin.id}/salin-b.png`]) {
      expect(md5(Buffer.from(await (await images().download(name)).data!.arrayBuffer()))).toBe(md5(bytes));
    }
    const before = filesUnder(storageDir());
    expectStorageError((await images().copy(from, `${admin2.id}/salin.png`)).error, '403');
    expectStorageError((await images().copy(`${admin.id}/tidak-ada.png`, `${admin.id}/salin-c.png`)).error, '404');
    expect(filesUnder(storageDir())).toEqual(before);
  });

  it('moves between buckets for the service role, bytes and all', async () => {
    const service = serviceClient(server).storage;
    const bytes = png(8, 8, 0, 5);
    const from = `${admin.id}/antar.png`;
    expect((await images().upload(from, asFile(bytes, 'antar.png', 'image/png'))).error).toBeNull();
    const moved = await service.from('article_images').move(from, `${admin.id}-antar.png`, { destinationBucket: 'avatars' });
    expect(moved.error).toBeNull();
    expectStorageError((await service.from('article_images').download(from)).error, '404');
    expect(md5(Buffer.from(await (await service.from('avatars').download(`${admin.id}-antar.png`)).data!.arrayBuffer()))).toBe(md5(bytes));
  });
});
