import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile, filesUnder, md5, png } from './fixtures.ts';

const t = useTestServer();
let member: TestUser;

beforeAll(async () => {
  member = await t.createUser({ role: 'user' });
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** Bytes of the request body written before the answer came. */
  sentBeforeAnswer: number;
}

/**
 * Sends `total` bytes (a PNG header, then filler) in 64 KiB chunks without ever ending the
 * request unless `finish` is set, and resolves as soon as the server answers. A server that
 * buffered the whole body first would never answer an unfinished request.
 */
function streamUpload(url: string, headers: Record<string, string>, total: number, finish = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    let sent = 0;
    let answered = false;
    const head = png(2, 2);
    const timer = setTimeout(() => reject(new Error(`no answer after ${sent} bytes`)), 15_000);
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), sentBeforeAnswer: sent });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        const size = Math.min(64 * 1024, total - sent);
        const chunk = sent === 0 ? Buffer.concat([head, Buffer.alloc(size - head.length, 1)]) : Buffer.alloc(size, 1);
        sent += size;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      if (finish && sent >= total) request.end();
    };
    pump();
  });
}

describe('streaming uploads', () => {
  it('cuts a body over the bucket limit off while it streams, without waiting for its end', async () => {
    const token = await t.mintUserToken(member.id);
    const answer = await streamUpload(`${t.url}/storage/v1/object/avatars/${member.id}-huge.png`, {
      apikey: t.server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png',
    }, 64 * 1024 * 1024);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    // answered after about the 5 MB limit (plus what the socket buffers), far before 64 MB
    expect(answer.sentBeforeAnswer).toBeLessThan(20 * 1024 * 1024);
    expect(filesUnder(path.join(t.server.dataDir, 'storage'))).toEqual([]);
  });

  it('refuses a caller the policies reject before reading the body', async () => {
    const answer = await streamUpload(`${t.url}/storage/v1/object/article_images/${member.id}/x.png`, {
      apikey: t.server.anonKey, authorization: `Bearer ${await t.mintUserToken(member.id)}`, 'content-type': 'image/png',
    }, 64 * 1024 * 1024);
    expect(answer.body).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    expect(answer.sentBeforeAnswer).toBeLessThan(20 * 1024 * 1024);
  });

  it('handles parallel uploads and downloads consistently', async () => {
    const client = await t.signInAs(member);
    const bucket = client.storage.from('avatars');
    const images = Array.from({ length: 12 }, (_, i) => png(3, 3, 200_000 + i * 1000, i));
    const results = await Promise.all(images.map((bytes, i) => bucket.upload(`${member.id}-p${i}.png`, asFile(bytes, 'p.png', 'image/png'))));
    for (const r of results) expect(r.error).toBeNull();
    // concurrent upserts of one key: one version wins and exactly one file remains for it
    const same = await Promise.all(images.slice(0, 6).map((bytes) => bucket.upload(`${member.id}-same.png`, asFile(bytes, 's.png', 'image/png'), { upsert: true })));
    for (const r of same) expect(r.error).toBeNull();
    const downloads = await Promise.all(images.map(async (_, i) => md5(Buffer.from(await (await fetch(bucket.getPublicUrl(`${member.id}-p${i}.png`).data.publicUrl)).arrayBuffer()))));
    expect(downloads).toEqual(images.map((b) => md5(b)));
    const winner = md5(Buffer.from(await (await fetch(bucket.getPublicUrl(`${member.id}-same.png`).data.publicUrl)).arrayBuffer()));
    expect(images.slice(0, 6).map((b) => md5(b))).toContain(winner);
    expect(filesUnder(path.join(t.server.dataDir, 'storage', 'avatars'))).toHaveLength(13);
    expect(filesUnder(path.join(t.server.dataDir, 'storage', '.tmp'))).toEqual([]);
  });
});

describe('abandoned uploads', () => {
  /** Sends the first `bytes` of a body, then drops the connection. */
  function abandon(url: string, headers: Record<string, string>, body: Buffer): Promise<void> {
    return new Promise((resolve) => {
      const request = http.request(url, { method: 'POST', headers });
      request.on('error', () => resolve());
      request.write(body, () => setTimeout(() => {
        request.destroy();
        resolve();
      }, 300));
    });
  }

  async function tmpEmptied(): Promise<string[]> {
    const tmp = path.join(t.server.dataDir, 'storage', '.tmp');
    for (let i = 0; i < 50 && filesUnder(tmp).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    return filesUnder(tmp);
  }

  it('removes the temporary file when the client disconnects mid-body (raw and multipart)', async () => {
    const token = await t.mintUserToken(member.id);
    const headers = { apikey: t.server.anonKey, authorization: `Bearer ${token}` };
    const image = png(8, 8, 1_000_000, 5);
    await abandon(`${t.url}/storage/v1/object/avatars/${member.id}-gone.png`,
      { ...headers, 'content-type': 'image/png', 'content-length': String(image.length) }, image.subarray(0, 300_000));
    expect(await tmpEmptied()).toEqual([]);

    const boundary = '----abandoned';
    const preamble = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    await abandon(`${t.url}/storage/v1/object/avatars/${member.id}-gone2.png`, {
      ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(preamble.length + image.length + 100),
    }, Buffer.concat([preamble, image.subarray(0, 300_000)]));
    expect(await tmpEmptied()).toEqual([]);

    const { data } = await (await t.signInAs(member)).storage.from('avatars').list('', { search: `${member.id}-gone` });
    expect(data).toEqual([]);
  });
});
