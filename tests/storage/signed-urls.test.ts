/**
 * Signed URLs through storage-js: a download link needs read access when it is made and nothing
 * when it is used; it opens one object, until it expires, and cannot be forged, moved to another
 * object or used to upload. Signed upload URLs ask the policies when they are made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/server.ts';
import { signUrl } from '../../server/storage/signing.ts';
import { md5, png } from './fixtures.ts';
import { admin, adminClient, expectStorageError, member, memberClient, server, useStorageWorld } from './world.ts';

useStorageWorld();

const BUCKET = 'signed_docs';
let own: string;

beforeAll(async () => {
  await server.ctx.db.exec(`
    insert into storage.buckets (id, name, public) values ('${BUCKET}', '${BUCKET}', false);
    create policy "Owners read signed docs" on storage.objects for select to authenticated
      using (bucket_id = '${BUCKET}' and owner_id = auth.uid()::text);
    create policy "Users write signed docs in their folder" on storage.objects for insert to authenticated
      with check (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = auth.uid()::text);`);
  own = `${member.id}/surat tugas.txt`;
  const { error } = await memberClient.storage.from(BUCKET).upload(own, 'isi rahasia', { contentType: 'text/plain' });
  expect(error).toBeNull();
});

async function errorOf(response: Response) {
  return { status: response.status, body: await response.json() as Record<string, unknown> };
}

describe('signed download URLs', () => {
  it('open the object for anyone holding them, and as an attachment when asked', async () => {
    const { data, error } = await memberClient.storage.from(BUCKET).createSignedUrl(own, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain(`/storage/v1/object/sign/${BUCKET}/`);
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('isi rahasia');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    const { data: download } = await memberClient.storage.from(BUCKET).createSignedUrl(own, 60, { download: 'tugas.txt' });
    const attachment = await fetch(download!.signedUrl);
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename="tugas.txt"/);
  });

  it('are refused to callers who cannot read the object, as "Object not found"', async () => {
    for (const client of [adminClient, anonClient(server)]) {
      const { data, error } = await client.storage.from(BUCKET).createSignedUrl(own, 60);
      expect(data).toBeNull();
      expectStorageError(error, '404', 'Object not found');
    }
    const { error } = await memberClient.storage.from('tidak_ada').createSignedUrl(own, 60);
    expectStorageError(error, '404', 'Bucket not found');
    const { error: badExpiry } = await memberClient.storage.from(BUCKET).createSignedUrl(own, 0);
    expectStorageError(badExpiry, '400');
  });

  it('sign many at once, each path answered on its own', async () => {
    const { data, error } = await memberClient.storage.from(BUCKET).createSignedUrls([own, `${admin.id}/lain.txt`], 60);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ error: null, path: own });
    expect(data![1]).toMatchObject({ error: 'Either the object does not exist or you do not have access to it', path: `${admin.id}/lain.txt`, signedUrl: null });
    expect(await (await fetch(data![0].signedUrl!)).text()).toBe('isi rahasia');
  });

  it('refuse expired, tampered, moved and foreign tokens with Storage\'s errors', async () => {
    const { data } = await memberClient.storage.from(BUCKET).createSignedUrl(own, 60);
    const signed = new URL(data!.signedUrl);
    const token = signed.searchParams.get('token')!;
    const base = `${server.url}/storage/v1/object/sign/${BUCKET}`;
    const encoded = encodeURI(own);

    const moved = await errorOf(await fetch(`${base}/${member.id}/lain.txt?token=${token}`));
    expect(moved).toEqual({ status: 400, body: expect.objectContaining({ statusCode: '400', code: 'InvalidSignature', message: 'The url do not match the signature' }) as unknown });

    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, url: `${BUCKET}/${member.id}/lain.txt` })).toString('base64url');
    const forged = await errorOf(await fetch(`${base}/${member.id}/lain.txt?token=${header}.${forgedPayload}.${signature}`));
    expect(forged.body).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'invalid signature' });

    const expired = await signUrl(server.ctx.keys, { url: `${BUCKET}/${own}`, scope: 'download' }, -60);
    expect((await errorOf(await fetch(`${base}/${encoded}?token=${expired}`))).body).toMatchObject({ code: 'InvalidJWT', message: 'jwt expired' });

    // an API key is not a URL token
    expect((await errorOf(await fetch(`${base}/${encoded}?token=${server.anonKey}`))).body).toMatchObject({ code: 'InvalidJWT' });
    expect((await errorOf(await fetch(`${base}/${encoded}`))).body).toMatchObject({ code: 'InvalidJWT' });
  });

  it('a download token cannot upload', async () => {
    const { data } = await memberClient.storage.from(BUCKET).createSignedUrl(own, 60);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const { error } = await memberClient.storage.from(BUCKET).uploadToSignedUrl(own, token, 'ditimpa');
    expectStorageError(error, '400', 'invalid token scope');
    const { data: file } = await memberClient.storage.from(BUCKET).download(own);
    expect(await file!.text()).toBe('isi rahasia');
  });
});

describe('signed upload URLs', () => {
  it('are made only where the signer may write, and the holder\'s upload belongs to the signer', async () => {
    const name = `${member.id}/unggahan.png`;
    const { data, error } = await memberClient.storage.from(BUCKET).createSignedUploadUrl(name);
    expect(error).toBeNull();
    const bytes = png(8, 8);
    const uploaded = await anonClient(server).storage.from(BUCKET).uploadToSignedUrl(name, data!.token, bytes, { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: name, fullPath: `${BUCKET}/${name}` });
    const { data: file } = await memberClient.storage.from(BUCKET).download(name);
    expect(md5(Buffer.from(await file!.arrayBuffer()))).toBe(md5(bytes));

    const again = await anonClient(server).storage.from(BUCKET).uploadToSignedUrl(name, data!.token, bytes, { contentType: 'image/png' });
    expectStorageError(again.error, '409');

    const elsewhere = await anonClient(server).storage.from(BUCKET).uploadToSignedUrl(`${member.id}/lain.png`, data!.token, bytes, { contentType: 'image/png' });
    expectStorageError(elsewhere.error, '400', 'The url do not match the signature');
  });

  it('are refused outside the signer\'s folder and to visitors', async () => {
    const { error } = await memberClient.storage.from(BUCKET).createSignedUploadUrl(`${admin.id}/susupan.png`);
    expectStorageError(error, '403');
    const { error: visitor } = await anonClient(server).storage.from(BUCKET).createSignedUploadUrl('tamu.png');
    expectStorageError(visitor, '403');
  });
});
