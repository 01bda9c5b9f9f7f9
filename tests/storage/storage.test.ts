/** Uploads, replacement, removal and names, through storage-js as the site calls it. */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { anonClient, mintUserToken, serviceClient, type TypedClient } from '../support/server.ts';
import { asFile, filesUnder, jpeg, md5, png } from './fixtures.ts';
import {
  admin, admin2, admin2Client, adminClient, bucketFiles, expectStorageError, member, memberClient, pending, pendingClient,
  rawFetch, server, storageDir, useStorageWorld,
} from './world.ts';

useStorageWorld();

describe('article images', () => {
  it('an approved admin uploads a cover into its own folder and the public URL serves the same bytes', async () => {
    const bytes = png(8, 8, 20_000);
    const name = `${admin.id}/${Date.now()}_sampul kapal.png`;
    const { data, error } = await adminClient.storage.from('article_images').upload(name, asFile(bytes, 'sampul kapal.png', 'image/png'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: name, fullPath: `article_images/${name}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const { data: { publicUrl } } = adminClient.storage.from('article_images').getPublicUrl(name);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(md5(body)).toBe(md5(bytes));
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(response.headers.get('etag')).toBe(`"${md5(bytes)}"`);
    expect(new Date(response.headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);

    // stored under a server-made name, never under the user's
    const files = bucketFiles('article_images');
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an approved plain user, a pending admin and anon, before anything reaches the disk', async () => {
    const before = filesUnder(storageDir());
    const attempts: [TypedClient, string][] = [
      [memberClient, member.id],
      [pendingClient, pending.id],
      [anonClient(server), 'anon'],
    ];
    for (const [client, folder] of attempts) {
      const { data, error } = await client.storage.from('article_images').upload(`${folder}/x.png`, asFile(png(), 'x.png', 'image/png'));
      expect(data).toBeNull();
      expectStorageError(error, '403', 'new row violates row-level security policy');
    }
    expect(filesUnder(storageDir())).toEqual(before);
  });

  it('refuses an admin writing into another user\'s folder', async () => {
    const { error } = await adminClient.storage.from('article_images').upload(`${admin2.id}/intruder.png`, asFile(png(), 'i.png', 'image/png'));
    expectStorageError(error, '403');
    const { error: nested } = await adminClient.storage.from('article_images').upload(`x/${admin.id}/intruder.png`, asFile(png(), 'i.png', 'image/png'));
    expectStorageError(nested, '403');
  });

  it('lists one folder level like Supabase for staff; visitors and personnel list nothing', async () => {
    const folder = `${admin2.id}`;
    for (const name of ['b.png', 'a.png', 'gallery/1.png', 'gallery/2.png']) {
      const { error } = await admin2Client.storage.from('article_images').upload(`${folder}/${name}`, asFile(png(), name, 'image/png'));
      expect(error).toBeNull();
    }
    const { data, error } = await admin2Client.storage.from('article_images').list(folder);
    expect(error).toBeNull();
    expect(data!.map((e) => e.name)).toEqual(['a.png', 'b.png', 'gallery']);
    const gallery = data!.find((e) => e.name === 'gallery')!;
    expect(gallery.id).toBeNull();
    const file = data!.find((e) => e.name === 'a.png')!;
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.metadata).toMatchObject({ mimetype: 'image/png', size: png().length, cacheControl: 'max-age=3600' });

    const { data: inGallery } = await admin2Client.storage.from('article_images').list(`${folder}/gallery`, { sortBy: { column: 'name', order: 'desc' } });
    expect(inGallery!.map((e) => e.name)).toEqual(['2.png', '1.png']);
    const { data: paged } = await admin2Client.storage.from('article_images').list(folder, { limit: 1, offset: 1 });
    expect(paged!.map((e) => e.name)).toEqual(['b.png']);
    const { data: searched } = await admin2Client.storage.from('article_images').list(folder, { search: 'GAL' });
    expect(searched!.map((e) => e.name)).toEqual(['gallery']);
    const { data: top } = await admin2Client.storage.from('article_images').list();
    expect(top!.map((e) => e.name)).toContain(folder);

    // a visitor lists nothing, not even the folder names (user ids), yet the public URL works
    const anonymous = anonClient(server).storage.from('article_images');
    expect((await anonymous.list(folder)).data).toEqual([]);
    expect((await anonymous.list()).data).toEqual([]);
    expect((await fetch(anonymous.getPublicUrl(`${folder}/a.png`).data.publicUrl)).status).toBe(200);
    // no bucket's rows at all for the anon role, whatever permissive policy a bucket has
    const visible = await server.ctx.db.transaction(async (tx) => {
      await tx.query('set local role anon');
      return (await tx.query<{ n: number }>('select count(*)::int as n from storage.objects')).rows[0].n;
    });
    expect(visible).toBe(0);
    // personnel see no one's article images; staff see every folder, as they edit every article
    expect((await memberClient.storage.from('article_images').list(folder)).data).toEqual([]);
    expect((await adminClient.storage.from('article_images').list(folder)).data).toHaveLength(3);
  });
});

describe('avatars', () => {
  it('the owner replaces its avatar with upsert; the old file is gone from disk', async () => {
    const name = `${member.id}-1700000000000.png`;
    const first = png(2, 2, 3000, 1);
    const second = await jpeg();
    const bucket = memberClient.storage.from('avatars');
    expect((await bucket.upload(name, asFile(first, 'a.png', 'image/png'))).error).toBeNull();
    const filesAfterFirst = bucketFiles('avatars');

    const dup = await bucket.upload(name, asFile(second, 'a.jpg', 'image/jpeg'));
    expectStorageError(dup.error, '409', 'The resource already exists');

    const { error } = await bucket.upload(name, asFile(second, 'a.jpg', 'image/jpeg'), { upsert: true });
    expect(error).toBeNull();
    const response = await fetch(bucket.getPublicUrl(name).data.publicUrl);
    expect(md5(Buffer.from(await response.arrayBuffer()))).toBe(md5(second));
    // the content decides the stored type, not the name
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(bucketFiles('avatars').length).toBe(filesAfterFirst.length);
    expect(bucketFiles('avatars')).not.toEqual(filesAfterFirst);

    const { data: blob, error: downloadError } = await bucket.download(name);
    expect(downloadError).toBeNull();
    expect(md5(Buffer.from(await blob!.arrayBuffer()))).toBe(md5(second));
  });

  it('someone else can neither create nor replace that avatar', async () => {
    const name = `${member.id}-1700000000000.png`;
    const before = md5(Buffer.from(await (await memberClient.storage.from('avatars').download(name)).data!.arrayBuffer()));
    const other = adminClient.storage.from('avatars');
    expectStorageError((await other.upload(`${member.id}-2.png`, asFile(png(), 'x.png', 'image/png'))).error, '403');
    expectStorageError((await other.upload(name, asFile(png(), 'x.png', 'image/png'), { upsert: true })).error, '403');
    expectStorageError((await other.update(name, asFile(png(), 'x.png', 'image/png'))).error, '403');
    const after = md5(Buffer.from(await (await memberClient.storage.from('avatars').download(name)).data!.arrayBuffer()));
    expect(after).toBe(before);
    // a pending account may not upload even its own avatar
    expectStorageError((await pendingClient.storage.from('avatars').upload(`${pending.id}-1.png`, asFile(png(), 'p.png', 'image/png'))).error, '403');
  });

  it('refuses a 6 MB avatar with EntityTooLarge and leaves no file behind', async () => {
    const before = filesUnder(storageDir());
    const big = png(2, 2, 6 * 1024 * 1024);
    const { error } = await memberClient.storage.from('avatars').upload(`${member.id}-big.png`, asFile(big, 'big.png', 'image/png'));
    expectStorageError(error, '413', 'The object exceeded the maximum allowed size');
    const token = (await memberClient.auth.getSession()).data.session!.access_token;
    const answer = await rawFetch(`/storage/v1/object/avatars/${member.id}-big.png`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' }, body: new Uint8Array(big),
    });
    expect(await answer.json()).toEqual({
      statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size',
    });
    const raw = await memberClient.storage.from('avatars').upload(`${member.id}-big2.png`, big, { contentType: 'image/png' });
    expectStorageError(raw.error, '413');
    expect(filesUnder(storageDir())).toEqual(before);
    // exactly at the limit is fine
    const atLimit = png(2, 2, 5 * 1024 * 1024);
    expect(atLimit.length).toBe(5 * 1024 * 1024);
    expect((await memberClient.storage.from('avatars').upload(`${member.id}-limit.png`, asFile(atLimit, 'l.png', 'image/png'))).error).toBeNull();
  });

  it('refuses HTML or SVG named .png (judged by content) with InvalidMimeType', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bucket = memberClient.storage.from('avatars');
    expectStorageError((await bucket.upload(`${member.id}-evil.png`, asFile(html, 'evil.png', 'image/png'))).error, '415', 'mime type text/html is not supported');
    expectStorageError((await bucket.upload(`${member.id}-evil.png`, html, { contentType: 'image/png' })).error, '415', 'mime type text/html is not supported');
    expectStorageError((await bucket.upload(`${member.id}-evil.png`, asFile(svg, 'evil.png', 'image/png'))).error, '415', 'mime type image/svg+xml is not supported');
    // the claimed type alone is refused too, as Supabase does
    expectStorageError((await bucket.upload(`${member.id}-doc.png`, asFile(png(), 'doc.html', 'text/html'))).error, '415', 'mime type text/html is not supported');
    const { data } = await serviceClient(server).storage.from('avatars').list('', { search: `${member.id}-evil` });
    expect(data).toEqual([]);
  });

  it('answers the Supabase error body shape', async () => {
    const response = await rawFetch(`/storage/v1/object/avatars/${member.id}-x.png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.anonKey}`, 'content-type': 'image/png' },
      body: new Uint8Array(png()),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'new row violates row-level security policy',
    });
    const missing = await fetch(`${server.url}/storage/v1/object/public/avatars/nope.png`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    const noBucket = await fetch(`${server.url}/storage/v1/object/public/nope/x.png`);
    expect(await noBucket.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' });
  });
});

describe('remove', () => {
  it('deletes rows the caller may delete, answers them, and removes their files', async () => {
    const name = `${admin.id}/to-delete.png`;
    const bucket = adminClient.storage.from('article_images');
    expect((await bucket.upload(name, asFile(png(3, 3), 'd.png', 'image/png'))).error).toBeNull();
    const filesBefore = bucketFiles('article_images');

    const { data: hidden, error: hiddenError } = await memberClient.storage.from('article_images').remove([name]);
    expect(hiddenError).toBeNull();
    expect(hidden).toEqual([]);
    expect(bucketFiles('article_images')).toEqual(filesBefore);

    const { data, error } = await bucket.remove([name, `${admin.id}/never-existed.png`]);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ name, bucket_id: 'article_images', owner: admin.id, owner_id: admin.id });
    expect(Object.keys(data![0]).sort()).toEqual(
      ['bucket_id', 'created_at', 'id', 'last_accessed_at', 'metadata', 'name', 'owner', 'owner_id', 'updated_at', 'user_metadata', 'version'],
    );
    expect(bucketFiles('article_images')).toHaveLength(filesBefore.length - 1);
    const gone = await fetch(bucket.getPublicUrl(name).data.publicUrl);
    expect((await gone.json()).statusCode).toBe('404');
  });
});

describe('names', () => {
  it('refuses traversal, absolute, control-character and non-S3-safe names; nothing outside DATA_DIR/storage changes', async () => {
    const tmpBefore = readdirSync(os.tmpdir()).filter((n) => n.includes('evil')).sort();
    const dataBefore = readdirSync(server.dataDir).sort();
    const bucket = adminClient.storage.from('article_images');
    const names = [
      `${admin.id}/../../../../evil.png`,
      `${admin.id}/..%2F..%2F..%2Fevil.png`,
      `${admin.id}/%2e%2e/%2e%2e/evil.png`,
      `${admin.id}/a\u0000b.png`,
      // (a raw newline would be stripped by the URL parser before sending, so a bell stands in)
      `${admin.id}/a\u0007b.png`,
      `${admin.id}/a\\..\\..\\evil.png`,
      `${admin.id}/${'x'.repeat(300)}.png`,
      `${admin.id}/.`,
    ];
    for (const name of names) {
      const { data, error } = await bucket.upload(name, asFile(png(), 'evil.png', 'image/png'));
      expect(data, name).toBeNull();
      expect(error, name).toBeTruthy();
    }
    // literal dot segments and encoded slashes sent without a URL parser in between
    for (const raw of [
      `/storage/v1/object/article_images/${admin.id}/..%2F..%2F..%2Fevil.png`,
      `/storage/v1/object/article_images/${admin.id}%2F..%2F..%2Fevil.png`,
      `/storage/v1/object/article_images/${admin.id}/%2e%2e%2f%2e%2e%2fevil.png`,
    ]) {
      const response = await rawFetch(raw, {
        method: 'POST',
        headers: { authorization: `Bearer ${await mintUserToken(server, admin.id)}`, 'content-type': 'image/png' },
        body: new Uint8Array(png()),
      });
      expect(response.status, raw).toBe(400);
      expect((await response.json()).code, raw).toBe('InvalidKey');
    }
    expect(readdirSync(os.tmpdir()).filter((n) => n.includes('evil')).sort()).toEqual(tmpBefore);
    expect(readdirSync(server.dataDir).sort()).toEqual(dataBefore);
    for (const f of filesUnder(storageDir())) expect(f).toMatch(/^(article_images|avatars)\/[0-9a-f-]{36}$/);
  });

  it('accepts the names the site makes (timestamp, spaces, parentheses)', async () => {
    const name = `${admin.id}/gallery/${Date.now()}_Foto (1) latihan, hari-2.png`;
    const { error } = await adminClient.storage.from('article_images').upload(name, asFile(png(), 'f.png', 'image/png'));
    expect(error).toBeNull();
    const response = await fetch(adminClient.storage.from('article_images').getPublicUrl(name).data.publicUrl);
    expect(response.status).toBe(200);
  });
});
