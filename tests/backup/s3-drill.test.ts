/**
 * The disaster drill of issue 45 against a real S3 server (s3rver): a site whose files are in an
 * S3 bucket is backed up to BACKUP_S3_BUCKET; its DATA_DIR, BACKUP_DIR and database are deleted
 * and the objects vanish from the files bucket; a restore on a fresh DATA_DIR from the backup
 * bucket alone brings back every article, photo, document and account, files byte for byte.
 * A damaged or truncated copy in the bucket restores nothing.
 */
import { existsSync, mkdirSync, chmodSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseS3Url } from '../../server/backup/offsite.ts';
import { run as backupCli } from '../../server/cli/backup.ts';
import { run as restoreCli } from '../../server/cli/restore.ts';
import { loadConfig } from '../../server/config.ts';
import { makeS3Client } from '../../server/s3/client.ts';
import { storageS3Settings } from '../../server/s3/settings.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { pdf } from '../storage/document-fixtures.ts';
import { asFile, jpeg } from '../storage/fixtures.ts';
import { startS3rver, type S3Server } from '../support/s3rver.ts';
import { createUser, signInAs, startTestServer, type TestServer } from '../support/server.ts';
import { asAdmin, tempDir } from './helpers.ts';

let s3: S3Server;
let env: Record<string, string>;
let source: TestServer | undefined;
let restored: RunningServer | undefined;
let copyUrl = '';
const photo: { bytes: Buffer; path: string } = { bytes: Buffer.alloc(0), path: '' };
const document = { bytes: pdf('Peraturan Skadron'), path: '' };
const writer = { email: '', password: 'sandi-drill-123', id: '' };

function s3Client() {
  return makeS3Client({ bucket: 'x', endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
}

async function keys(bucket: string): Promise<string[]> {
  const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((c) => c.Key!);
}

beforeAll(async () => {
  s3 = await startS3rver();
  env = s3.env({ STORAGE_S3_BUCKET: 'skd-site-files', BACKUP_S3_BUCKET: 'skd-site-backups' });
  source = await startTestServer({ storageS3: storageS3Settings(env) });
  const user = await createUser(source, { role: 'admin', password: writer.password });
  Object.assign(writer, { email: user.email, id: user.id });
  const client = await signInAs(source, user);

  photo.bytes = await jpeg(320, 240);
  photo.path = `${user.id}/latihan.jpg`;
  expect((await client.storage.from('article_images').upload(photo.path, asFile(photo.bytes, 'latihan.jpg', 'image/jpeg'))).error).toBeNull();
  const cover = client.storage.from('article_images').getPublicUrl(photo.path).data.publicUrl;
  expect((await client.from('articles').insert({ title: 'Latihan Gabungan Heli', content: '<p>Isi</p>', author_id: user.id, cover_image_url: cover })).error).toBeNull();
  document.path = `${user.id}/peraturan.pdf`;
  expect((await client.storage.from('documents').upload(document.path, asFile(document.bytes, 'peraturan.pdf', 'application/pdf'), { contentType: 'application/pdf' })).error).toBeNull();
  expect((await client.from('public_documents').insert({
    title: 'Peraturan Skadron', category: 'berkala', year: 2026, file_path: document.path, file_type: 'application/pdf', file_size: 1, published_at: new Date().toISOString(),
  })).error).toBeNull();
  expect(await keys('skd-site-files')).toHaveLength(2);
}, 120_000);

afterAll(async () => {
  await restored?.close();
  await source?.stop();
  await s3?.stop();
  delete process.env.PG_SHARED_DIR;
});

describe('disaster drill: the machine is lost, the buckets remain', () => {
  it('npm run backup uploads the archive, reads it back, and prints s3://BUCKET/KEY last; the dashboard names the copy', async () => {
    const lines: string[] = [];
    const backupDir = tempDir('skd-drill-backups-');
    await backupCli([], { ...env, DATABASE_URL: source!.ctx.config.databaseUrl!, DATA_DIR: source!.dataDir, BACKUP_DIR: backupDir }, (line) => lines.push(line));
    copyUrl = lines.at(-1)!;
    expect(copyUrl).toMatch(/^s3:\/\/skd-site-backups\/backups\/.+\.tar\.gz$/);
    const { rows } = await source!.ctx.db.query<{ offsite: string }>('select offsite from private.backup_runs order by id desc limit 1');
    expect(rows[0].offsite).toBe(copyUrl);
    // what the dashboard's backup card reads
    const chief = await signInAs(source!, await createUser(source!, { role: 'superadmin' }));
    const { data } = await chief.rpc('last_backup');
    expect(data).toEqual([expect.objectContaining({ offsite: copyUrl })]);
    rmSync(backupDir, { recursive: true, force: true });
  }, 120_000);

  it('after DATA_DIR, the database and the stored objects are gone, a fresh DATA_DIR restored from the bucket serves everything', async () => {
    const databaseUrl = source!.ctx.config.databaseUrl!;
    await source!.stop();
    source = undefined;
    const name = decodeURIComponent(databaseUrl.split('?')[0].split('/').pop()!);
    await asAdmin((admin) => admin.query(`drop database ${pg.escapeIdentifier(name)} with (force)`));
    expect(await asAdmin(async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount)).toBe(0);
    for (const key of await keys('skd-site-files')) await s3Client().send(new DeleteObjectCommand({ Bucket: 'skd-site-files', Key: key }));

    const scratch = tempDir('skd-drill-');
    chmodSync(scratch, 0o755);
    process.env.PG_SHARED_DIR = path.join(scratch, 'shared');
    const dataDir = path.join(scratch, 'data');
    const lines: string[] = [];
    await restoreCli([copyUrl], { ...env, DATA_DIR: dataDir, BACKUP_DIR: path.join(scratch, 'backups'), DATABASE_URL: '' }, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/2 stored files in s3:\/\/skd-site-files/);
    // the files went to the bucket, not to the new machine's disk
    expect(readdirSync(path.join(dataDir, 'storage'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);

    restored = await startServer(loadConfig(env, { port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, serveSite: false, seedDemo: false, pgDurable: false }));
    const client = createClient<Database>(restored.url, restored.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    expect((await client.auth.signInWithPassword({ email: writer.email, password: writer.password })).error).toBeNull();
    const { data: articles } = await client.from('articles').select('title').eq('title', 'Latihan Gabungan Heli');
    expect(articles).toHaveLength(1);
    const { data: documents } = await client.from('public_documents').select('title, file_path');
    expect(documents).toEqual([{ title: 'Peraturan Skadron', file_path: document.path }]);
    const gotPhoto = await client.storage.from('article_images').download(photo.path);
    expect(Buffer.from(await gotPhoto.data!.arrayBuffer()).equals(photo.bytes)).toBe(true);
    const gotDocument = await client.storage.from('documents').download(document.path);
    expect(Buffer.from(await gotDocument.data!.arrayBuffer()).equals(document.bytes)).toBe(true);
  }, 180_000);

  it('a damaged or truncated copy in the bucket is refused before anything is written', async () => {
    const place = parseS3Url(copyUrl)!;
    const s3c = s3Client();
    const original = await s3c.send(new GetObjectCommand({ Bucket: place.bucket, Key: place.key }));
    const bytes = Buffer.from(await original.Body!.transformToByteArray());
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    const cases: [string, Buffer, Record<string, string>, RegExp][] = [
      // same recorded checksum, one byte flipped: caught by the SHA-256 kept with the object
      ['backups/rusak.tar.gz', damaged, original.Metadata ?? {}, /damaged: its SHA-256 differs/],
      // cut off and stored without a checksum: caught by the archive check
      ['backups/terpotong.tar.gz', bytes.subarray(0, Math.floor(bytes.length * 0.6)), {}, /truncated|damaged/],
    ];
    for (const [key, body, metadata, reason] of cases) {
      await s3c.send(new PutObjectCommand({ Bucket: place.bucket, Key: key, Body: body, Metadata: metadata }));
      const target = path.join(tempDir('skd-drill-bad-'), 'data');
      mkdirSync(path.dirname(target), { recursive: true });
      await expect(restoreCli([`s3://${place.bucket}/${key}`], { ...env, DATA_DIR: target, BACKUP_DIR: path.join(path.dirname(target), 'backups'), DATABASE_URL: '' }, () => {}))
        .rejects.toThrow(reason);
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(path.join(path.dirname(target), 'backups'))).toEqual([]);
    }
  }, 120_000);
});
