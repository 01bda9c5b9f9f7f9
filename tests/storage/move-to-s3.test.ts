/** `npm run storage:move-to-s3`: a running site's files copied into the bucket, verified, resumable. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as moveCli } from '../../server/cli/storage-move-to-s3.ts';
import { makeS3Client } from '../../server/s3/client.ts';
import { storageS3Settings } from '../../server/s3/settings.ts';
import { startS3rver, type S3Server } from '../support/s3rver.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile, filesUnder, png } from './fixtures.ts';

const t = useTestServer();
let s3: S3Server;

beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(() => s3?.stop());

describe('npm run storage:move-to-s3', () => {
  it('copies every stored file with a progress line each, skips intact copies on a second run and fills in a lost one', async () => {
    const { user, client } = await t.signedIn({ role: 'admin' });
    for (const seed of [1, 2, 3]) {
      expect((await client.storage.from('article_images').upload(`${user.id}/${seed}.png`, asFile(png(5, 5, 4000, seed), 'p.png', 'image/png'))).error).toBeNull();
    }
    const env = { DATA_DIR: t.server.dataDir, ...s3.env({ STORAGE_S3_BUCKET: 'skd-moved' }) };
    const s3c = makeS3Client(storageS3Settings(env)!);
    const local = filesUnder(path.join(t.server.dataDir, 'storage', 'article_images'));
    expect(local).toHaveLength(3);

    const first: string[] = [];
    await moveCli([], env, (line) => first.push(line));
    expect(first.filter((l) => /^\[\d\/3\] article_images\/[0-9a-f-]{36} \(\d+ bytes\): copied, checksum verified$/.test(l))).toHaveLength(3);
    expect(first.at(-1)).toMatch(/^3 files: 3 copied .*, 0 already in s3:\/\/skd-moved/);
    for (const version of local) {
      const { Body } = await s3c.send(new GetObjectCommand({ Bucket: 'skd-moved', Key: `article_images/${version}` }));
      expect(Buffer.from(await Body!.transformToByteArray()).equals(readFileSync(path.join(t.server.dataDir, 'storage', 'article_images', version)))).toBe(true);
    }

    await s3c.send(new DeleteObjectCommand({ Bucket: 'skd-moved', Key: `article_images/${local[0]}` }));
    const second: string[] = [];
    await moveCli([], env, (line) => second.push(line));
    expect(second.at(-1)).toMatch(/^3 files: 1 copied .*, 2 already in/);
    const { Contents } = await s3c.send(new ListObjectsV2Command({ Bucket: 'skd-moved' }));
    expect(Contents).toHaveLength(3);
    // the site keeps serving from disk until it is restarted with STORAGE_BACKEND=s3
    expect(filesUnder(path.join(t.server.dataDir, 'storage', 'article_images'))).toEqual(local);
  });
});
