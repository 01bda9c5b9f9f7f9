/** Downloads, object info, private buckets and bucket listing, through storage-js and raw HTTP. */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, clientWithToken, mintUserToken, serviceClient } from '../support/server.ts';
import { asFile, filesUnder, md5, png } from './fixtures.ts';
import { admin, adminClient, expectStorageError, member, memberClient, rawFetch, server, storageDir, useStorageWorld } from './world.ts';

useStorageWorld();

describe('downloads', () => {
  let url: string;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = png(16, 16, 10_000, 7);
    const name = `${admin.id}/range.png`;
    await adminClient.storage.from('article_images').upload(name, asFile(bytes, 'r.png', 'image/png'), { cacheControl: '60' });
    url = adminClient.storage.from('article_images').getPublicUrl(name).data.publicUrl;
  });

  it('serves single byte ranges and refuses unsatisfiable ones with 416', async () => {
    const first = await fetch(url, { headers: { Range: 'bytes=0-9' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${bytes.length}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(bytes.subarray(0, 10));
    const tail = await fetch(url, { headers: { Range: 'bytes=-5' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 5));
    const open = await fetch(url, { headers: { Range: `bytes=${bytes.length - 3}-` } });
    expect(open.headers.get('content-length')).toBe('3');
    await open.arrayBuffer();
    const beyond = await fetch(url, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    await beyond.arrayBuffer();
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    const full = await fetch(url);
    const etag = full.headers.get('etag')!;
    await full.arrayBuffer();
    expect(full.headers.get('cache-control')).toBe('max-age=60');
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const changed = await fetch(url, { headers: { 'If-None-Match': '"other"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves authenticated downloads through the policies and checks the token', async () => {
    const name = `${admin.id}/range.png`;
    const viaAuth = await adminClient.storage.from('article_images').download(name);
    expect(md5(Buffer.from(await viaAuth.data!.arrayBuffer()))).toBe(md5(bytes));
    expect((await adminClient.storage.from('article_images').exists(name)).data).toBe(true);
    // the authenticated routes follow the SELECT policy, which gives visitors no rows
    expect((await anonClient(server).storage.from('article_images').exists(name)).data).toBe(false);
    const expired = clientWithToken(server, await mintUserToken(server, admin.id, -3600));
    expectStorageError((await expired.storage.from('article_images').download(name)).error, '403');
    const forged = clientWithToken(server, `${(await mintUserToken(server, admin.id)).slice(0, -4)}AAAA`);
    expectStorageError((await forged.storage.from('article_images').upload(`${admin.id}/f.png`, asFile(png(), 'f.png', 'image/png'))).error, '403');
  });
});

describe('other object calls', () => {
  it('update (PUT) replaces the bytes, info and exists describe the object', async () => {
    const name = `${member.id}-put.png`;
    const bucket = memberClient.storage.from('avatars');
    expect((await bucket.upload(name, asFile(png(2, 2, 2000, 1), 'a.png', 'image/png'))).error).toBeNull();
    const replacement = png(2, 2, 3000, 2);
    const { data, error } = await bucket.update(name, asFile(replacement, 'b.png', 'image/png'), { cacheControl: '120' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: name, fullPath: `avatars/${name}` });
    const info = await bucket.info(name);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name, bucketId: 'avatars', size: replacement.length, contentType: 'image/png', cacheControl: 'max-age=120', etag: `"${md5(replacement)}"` });
    expect((await bucket.exists(name)).data).toBe(true);
    expect((await bucket.exists(`${member.id}-missing.png`)).data).toBe(false);
  });

  it('keeps user metadata, and refuses malformed metadata without leaving the upload behind', async () => {
    const bucket = memberClient.storage.from('avatars');
    const name = `${member.id}-meta.png`;
    expect((await bucket.upload(name, asFile(png(), 'm.png', 'image/png'), { metadata: { alt: 'Foto profil' } })).error).toBeNull();
    expect((await bucket.info(name)).data?.metadata).toEqual({ alt: 'Foto profil' });

    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('metadata', '{not json');
    form.append('', asFile(png(), 'm.png', 'image/png'));
    const response = await rawFetch(`/storage/v1/object/avatars/${member.id}-badmeta.png`, {
      method: 'POST', body: form, headers: { authorization: `Bearer ${await mintUserToken(server, member.id)}` },
    });
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    expect(filesUnder(path.join(storageDir(), '.tmp'))).toEqual([]);
  });

  it('refuses a multipart body without a file and answers unknown routes with JSON', async () => {
    const form = new FormData();
    form.append('cacheControl', '3600');
    const { error } = await memberClient.storage.from('avatars').upload(`${member.id}-empty.png`, form);
    expectStorageError(error, '400', 'No content provided');
    const unknown = await rawFetch('/storage/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: '404' });
    const signed = await memberClient.storage.from('avatars').createSignedUrl(`${member.id}-x.png`, 60);
    expectStorageError(signed.error, '404', 'Object not found');
    const moved = await memberClient.storage.from('avatars').move(`${member.id}-a.png`, `${member.id}-b.png`);
    expectStorageError(moved.error, '404', 'Object not found');
  });
});

describe('a private bucket', () => {
  beforeAll(async () => {
    // a bucket the app does not have, to check the non-public paths (created as a migration would)
    await server.ctx.db.exec(`
      insert into storage.buckets (id, name, public) values ('private_docs', 'private_docs', false);
      create policy "Owners read their private docs" on storage.objects for select to authenticated
        using (bucket_id = 'private_docs' and owner_id = auth.uid()::text);
      create policy "Users write private docs in their folder" on storage.objects for insert to authenticated
        with check (bucket_id = 'private_docs' and (storage.foldername(name))[1] = auth.uid()::text);`);
  });

  it('is served only through authenticated routes to callers the policies accept', async () => {
    const name = `${member.id}/catatan.txt`;
    const { error } = await memberClient.storage.from('private_docs').upload(name, 'isi rahasia');
    expect(error).toBeNull();
    const publicAnswer = await fetch(memberClient.storage.from('private_docs').getPublicUrl(name).data.publicUrl);
    expect(await publicAnswer.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });

    const token = await mintUserToken(server, member.id);
    for (const route of ['object/authenticated', 'object']) {
      const response = await rawFetch(`/storage/v1/${route}/private_docs/${name}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, route).toBe(200);
      expect(await response.text()).toBe('isi rahasia');
      // text keeps the type the client sent; it is still served inert
      expect(response.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
    }
    const stranger = await adminClient.storage.from('private_docs').download(name);
    expectStorageError(stranger.error, '404', 'Object not found');
    const anon = await anonClient(server).storage.from('private_docs').download(name);
    expectStorageError(anon.error, '404', 'Object not found');
  });

  it('stores HTML in a bucket without type limits but never lets it run as a page of ours', async () => {
    const name = `${member.id}/page.html`;
    const html = '<!doctype html><script>alert(1)</script>';
    expect((await memberClient.storage.from('private_docs').upload(name, html, { contentType: 'text/html' })).error).toBeNull();
    const response = await rawFetch(`/storage/v1/object/private_docs/${name}`, { headers: { authorization: `Bearer ${await mintUserToken(server, member.id)}` } });
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('buckets', () => {
  it('getBucket and listBuckets go through RLS like Supabase (service role sees them)', async () => {
    const { data, error } = await serviceClient(server).storage.getBucket('avatars');
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: 'avatars', name: 'avatars', public: true, file_size_limit: 5242880 });
    expect(data!.allowed_mime_types).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
    const { data: all } = await serviceClient(server).storage.listBuckets();
    expect(all!.map((b) => b.id)).toEqual(expect.arrayContaining(['article_images', 'avatars']));
    const { error: hidden } = await anonClient(server).storage.getBucket('avatars');
    expectStorageError(hidden, '404', 'Bucket not found');
  });
});
