/**
 * Writing over or removing another staff member's article image by raw HTTP tricks: upsert on an
 * existing key, percent-encoded separators, look-alike names, PUT, and remove by prefix list.
 * tests/storage/storage.test.ts covers plain uploads into a foreign folder and traversal names.
 * The image is an article's cover: any staff member may remove an article image no article uses
 * (tests/newsroom/file-cleanup.test.ts), none one that is in use.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { md5, png } from '../storage/fixtures.ts';

const t = useTestServer();
let owner: TestUser;
let intruder: TestUser;
const original = png(4, 4, 0, 1);
const evil = png(4, 4, 0, 2);

async function put(who: TestUser, method: string, rawPath: string, body: Buffer, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/storage/v1/object/${rawPath}`, {
    method,
    headers: { apikey: t.server.anonKey, Authorization: `Bearer ${await t.mintUserToken(who.id)}`, 'Content-Type': 'image/png', ...headers },
    body: new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

const publicBytes = async (name: string) => {
  const res = await fetch(`${t.url}/storage/v1/object/public/article_images/${name}`);
  return md5(new Uint8Array(await res.arrayBuffer()));
};

beforeAll(async () => {
  owner = await t.createUser({ role: 'admin', status: 'approved' });
  intruder = await t.createUser({ role: 'admin', status: 'approved' });
  const r = await put(owner, 'POST', `article_images/${owner.id}/cover.png`, original);
  expect(r.status).toBe(200);
  const { error } = await t.service().from('articles').insert({
    title: 'Sampul', content: '<p>Teks</p>', author_id: owner.id,
    cover_image_url: `${t.url}/storage/v1/object/public/article_images/${owner.id}/cover.png`,
  });
  expect(error).toBeNull();
});

describe('another admin\'s article image in use', () => {
  it('cannot be replaced with x-upsert, PUT or an encoded path', async () => {
    const attempts: [string, string, Record<string, string>][] = [
      ['POST', `article_images/${owner.id}/cover.png`, { 'x-upsert': 'true' }],
      ['PUT', `article_images/${owner.id}/cover.png`, {}],
      ['POST', `article_images/${owner.id}%2Fcover.png`, { 'x-upsert': 'true' }],
      ['POST', `article_images/${intruder.id}%2F..%2F${owner.id}%2Fcover.png`, { 'x-upsert': 'true' }],
      ['POST', `article_images/${intruder.id}/%2E%2E/${owner.id}/cover.png`, { 'x-upsert': 'true' }],
      ['POST', `article_images%2F${owner.id}/cover.png`, { 'x-upsert': 'true' }],
    ];
    for (const [method, rawPath, headers] of attempts) {
      const r = await put(intruder, method, rawPath, evil, headers);
      expect([400, 403, 404], `${method} ${rawPath}: ${r.text}`).toContain(r.status);
    }
    expect(await publicBytes(`${owner.id}/cover.png`)).toBe(md5(original));
  });

  it('a look-alike name in the intruder\'s own folder is a different object', async () => {
    // fullwidth solidus and a trailing dot: refused by the S3-safe name rule or stored apart
    for (const name of [`${owner.id}\uFF0Fcover.png`, `${owner.id}/cover.png.`, `${owner.id}/./cover.png`]) {
      const r = await put(intruder, 'POST', `article_images/${encodeURIComponent(name)}`, evil, { 'x-upsert': 'true' });
      expect([400, 403], `${name}: ${r.text}`).toContain(r.status);
    }
    expect(await publicBytes(`${owner.id}/cover.png`)).toBe(md5(original));
  });

  it('cannot be removed, singly or through the prefix list', async () => {
    const token = await t.mintUserToken(intruder.id);
    const single = await fetch(`${t.url}/storage/v1/object/article_images/${owner.id}/cover.png`, {
      method: 'DELETE', headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}` },
    });
    // Supabase answers a missing (or hidden) key with HTTP 400 and statusCode "404"
    expect([400, 404]).toContain(single.status);
    const many = await fetch(`${t.url}/storage/v1/object/article_images`, {
      method: 'DELETE',
      headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefixes: [`${owner.id}/cover.png`, `${owner.id}%2Fcover.png`, `${owner.id}/`] }),
    });
    expect(await many.json()).toEqual([]);
    expect(await publicBytes(`${owner.id}/cover.png`)).toBe(md5(original));
  });
});
