/**
 * `npm run backup` on a live site and `npm run restore` of its archive (issue 21, parts 2-3):
 * staff keep writing while the backup runs; what was acknowledged before it began is restored,
 * every restored row's file is there, and removals wait for a running backup's file copy.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lastBackup } from '../../server/backup/archives.ts';
import { BACKUP_LOCK_KEY } from '../../server/db/backup-lock.ts';
import { createBackup } from '../../server/backup/create.ts';
import { checkArchive } from '../../server/backup/check.ts';
import { restoreSite } from '../../server/backup/restore.ts';
import { bucketDirName } from '../../server/stored-files.ts';
import { asFile, png } from '../storage/fixtures.ts';
import type { TestUser, TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asAdmin, emptyDatabase, tempDir } from './helpers.ts';

const t = useTestServer();
let staff: TestUser;
let staffClient: TypedClient;
const backupDir = tempDir('skd-backups-');

beforeAll(async () => {
  ({ user: staff, client: staffClient } = await t.signedIn({ role: 'admin' }));
});

const images = () => staffClient.storage.from('article_images');

async function upload(name: string, seed: number): Promise<string> {
  const at = `${staff.id}/${name}`;
  const { error } = await images().upload(at, asFile(png(6, 6, 0, seed), name, 'image/png'));
  expect(error).toBeNull();
  return at;
}

/** Writes articles and uploads/removes pictures through the API until stopped; records what was acknowledged when. */
function staffAtWork() {
  const acknowledged: { title: string; at: number }[] = [];
  let stopped = false;
  const work = (async () => {
    for (let i = 0; !stopped; i++) {
      const title = `Tulisan ${i} ${process.pid}`;
      const { error } = await staffClient.from('articles').insert({ title, content: '<p>Isi</p>', author_id: staff.id });
      expect(error).toBeNull();
      acknowledged.push({ title, at: performance.now() });
      const file = await upload(`kerja-${i}.png`, i);
      if (i % 2 === 0) expect((await images().remove([file])).error).toBeNull();
    }
  })();
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await work;
    },
  };
}

describe('backup of a running site', () => {
  let archive: string;
  let ackedBefore: string[];

  it('writes one archive while staff keep writing', async () => {
    for (let i = 0; i < 5; i++) await upload(`awal-${i}.png`, 100 + i);
    const work = staffAtWork();
    await vi.waitFor(() => expect(work.acknowledged.length).toBeGreaterThan(3), { timeout: 10_000 });
    const started = performance.now();
    const result = await createBackup({ databaseUrl: t.server.ctx.config.databaseUrl!, dataDir: t.server.dataDir, backupDir });
    await work.stop();
    ackedBefore = work.acknowledged.filter((a) => a.at < started).map((a) => a.title);
    archive = result.file;
    expect(path.dirname(archive)).toBe(backupDir);
    expect(readdirSync(backupDir)).toEqual([path.basename(archive)]);
    expect(result.missingFiles).toEqual([]);
    expect(work.acknowledged.length).toBeGreaterThan(ackedBefore.length);
  });

  it('the superadmin dashboard reads the last good backup; staff and visitors do not', async () => {
    const { client: chief } = await t.signedIn({ role: 'superadmin' });
    const { data, error } = await chief.rpc('last_backup');
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ file: path.basename(archive), size_bytes: expect.any(Number) })]);
    expect(Date.parse(data![0].finished_at)).toBeGreaterThan(Date.parse(data![0].created_at) - 1);
    expect((await staffClient.rpc('last_backup')).data).toEqual([]);
    expect((await t.anon().rpc('last_backup')).error?.code).toBe('42501');
  });

  it('restores into an empty database with every write acknowledged before the backup began, and every file its rows name', async () => {
    const databaseUrl = await emptyDatabase();
    const dataDir = path.join(tempDir('skd-restore-'), 'data');
    const { report } = await restoreSite({ file: archive, dataDir, databaseUrl, log: () => {} });
    expect(report.secrets).toBe(true);
    expect(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(readFileSync(path.join(t.server.dataDir, 'secrets.json'), 'utf8'));
    // the signing keys too: access tokens issued before the backup still verify on the restored site
    expect(readFileSync(path.join(dataDir, 'signing-keys.json'), 'utf8')).toBe(readFileSync(path.join(t.server.dataDir, 'signing-keys.json'), 'utf8'));
    expect(statSync(path.join(dataDir, 'signing-keys.json')).mode & 0o777).toBe(0o600);
    await asAdmin(async (db) => {
      const titles = new Set((await db.query<{ title: string }>('select title from public.articles')).rows.map((r) => r.title));
      for (const title of ackedBefore) expect(titles).toContain(title);
      const objects = (await db.query<{ bucket_id: string; version: string }>('select bucket_id, version from storage.objects')).rows;
      expect(objects.length).toBeGreaterThanOrEqual(5);
      for (const o of objects) expect(existsSync(path.join(dataDir, 'storage', bucketDirName(o.bucket_id), o.version))).toBe(true);
      // identity and serial sequences continue after the restored rows
      const { rows } = await db.query<{ n: string }>('select count(*) as n from public.audit_log');
      expect(Number(rows[0].n)).toBeGreaterThan(0);
      await db.query("insert into public.contacts (name, email, message) values ('Penguji', 'uji@example.com', 'Pesan setelah pemulihan')");
    }, databaseUrl);
  });

  it('an object removed while a backup copies files keeps its file until the copy is done', async () => {
    const at = await upload('ditahan.png', 7);
    const { data } = await t.service().storage.from('article_images').list(staff.id, { search: 'ditahan' });
    expect(data).toHaveLength(1);
    const version = (await asAdmin((db) => db.query<{ version: string }>('select version from storage.objects where name = $1', [at]), t.server.ctx.config.databaseUrl!)).rows[0].version;
    const file = path.join(t.server.dataDir, 'storage', 'article_images', version);
    const backup = new pg.Client({ connectionString: t.server.ctx.config.databaseUrl! });
    await backup.connect();
    try {
      await backup.query('select pg_advisory_lock($1::bigint)', [BACKUP_LOCK_KEY]);
      expect((await images().remove([at])).error).toBeNull();
      expect((await images().download(at)).error).not.toBeNull();
      expect(existsSync(file)).toBe(true);
      await backup.query('select pg_advisory_unlock($1::bigint)', [BACKUP_LOCK_KEY]);
      await vi.waitFor(() => expect(existsSync(file)).toBe(false), { timeout: 15_000, interval: 200 });
    } finally {
      await backup.end();
    }
  });

  it('a backup killed with SIGKILL left only a hidden partial file, which the next backup removes', async () => {
    const dead = path.join(backupDir, '.skadron-backup-20261101T030000.000Z.tar.gz.999999999.partial');
    writeFileSync(dead, 'setengah arsip');
    const before = readdirSync(backupDir).filter((n) => !n.startsWith('.'));
    const result = await createBackup({ databaseUrl: t.server.ctx.config.databaseUrl!, dataDir: t.server.dataDir, backupDir });
    expect(existsSync(dead)).toBe(false);
    expect(readdirSync(backupDir).sort()).toEqual([...before, path.basename(result.file)].sort());
    expect((await lastBackup(backupDir))?.file).toBe(result.file);
  });

  it('a disk that fills during a backup leaves no archive, the earlier ones intact and the site answering', async () => {
    const before = readdirSync(backupDir);
    const earlier = readFileSync(archive);
    const { Writable } = await import('node:stream');
    let written = 0;
    const full = () => new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written > 2000) callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
        else callback();
      },
    });
    await expect(createBackup({ databaseUrl: t.server.ctx.config.databaseUrl!, dataDir: t.server.dataDir, backupDir, openOutput: full }))
      .rejects.toThrow(/ENOSPC/);
    expect(readdirSync(backupDir)).toEqual(before);
    expect(readFileSync(archive).equals(earlier)).toBe(true);
    expect((await checkArchive(archive)).header.siteId).toBeTruthy();
    const { error } = await staffClient.from('articles').insert({ title: 'Setelah disk penuh', content: '<p>Isi</p>', author_id: staff.id });
    expect(error).toBeNull();
  });
});

