/**
 * A restored DATA_DIR serves the site (issue 21, part 3): `npm run restore` into a new, empty
 * DATA_DIR, then the server starts on it and accounts sign in with their passwords through
 * supabase-js; articles and their pictures are there. Damaged, truncated, foreign archives and a
 * non-empty DATA_DIR restore nothing.
 */
import { chmodSync, copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchive } from '../../server/backup/check.ts';
import { run as backupCli } from '../../server/cli/backup.ts';
import { run as restoreCli } from '../../server/cli/restore.ts';
import { loadConfig } from '../../server/config.ts';
import { writeSiteState } from '../../server/db/site-state.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { asFile, png } from '../storage/fixtures.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { tempDir } from './helpers.ts';

const t = useTestServer();
const backupDir = tempDir('skd-backups-');
const picture = png(9, 7, 0, 3);
let archive: string;
let writer: { email: string; password: string; id: string };
let restored: RunningServer | undefined;

beforeAll(async () => {
  const { user, client } = await t.signedIn({ role: 'admin', password: 'sandi-lama-123' });
  writer = user;
  const at = `${user.id}/sampul.png`;
  expect((await client.storage.from('article_images').upload(at, asFile(picture, 'sampul.png', 'image/png'))).error).toBeNull();
  const cover = client.storage.from('article_images').getPublicUrl(at).data.publicUrl;
  const { error } = await client.from('articles').insert({ title: 'Latihan Terjun Payung', content: '<p>Isi latihan</p>', author_id: user.id, cover_image_url: cover });
  expect(error).toBeNull();
  const lines: string[] = [];
  await backupCli([], { DATABASE_URL: t.server.ctx.config.databaseUrl, DATA_DIR: t.server.dataDir, BACKUP_DIR: backupDir }, (line) => lines.push(line));
  archive = lines.at(-1)!;
}, 60_000);

afterAll(async () => {
  await restored?.close();
  delete process.env.PG_SHARED_DIR;
});

describe('npm run restore into a new DATA_DIR', () => {
  it('serves the restored site: the account signs in with its password, the article and its picture are there', async () => {
    // a private directory (mode 0700, like /root): as root, the restored cluster lives in the
    // shared directory and must move with the staging directory it was built in
    const scratch = tempDir('skd-restored-');
    chmodSync(scratch, 0o755);
    process.env.PG_SHARED_DIR = path.join(scratch, 'shared');
    const dataDir = path.join(scratch, 'home', 'site', 'data');
    mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
    chmodSync(path.join(scratch, 'home'), 0o700);
    const lines: string[] = [];
    await restoreCli([archive], { DATA_DIR: dataDir, DATABASE_URL: '' }, (line) => lines.push(line));
    expect(lines.at(-1)).toMatch(/^restored \d+ rows and 1 files into/);
    if (process.getuid?.() === 0) expect(lstatSync(path.join(dataDir, 'db')).isSymbolicLink()).toBe(true);
    // as private as a new DATA_DIR
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'storage')).mode & 0o777).toBe(0o700);

    restored = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, serveSite: false, seedDemo: false, pgDurable: false }));
    const client = createClient<Database>(restored.url, restored.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    // the same secret: the old anon key is still valid
    expect(restored.ctx.keys.anonKey).toBe(t.server.anonKey);
    const { error } = await client.auth.signInWithPassword({ email: writer.email, password: 'sandi-lama-123' });
    expect(error).toBeNull();
    const { data: articles } = await client.from('articles').select('title, cover_image_url').eq('title', 'Latihan Terjun Payung');
    expect(articles).toHaveLength(1);
    const download = await client.storage.from('article_images').download(`${writer.id}/sampul.png`);
    expect(download.error).toBeNull();
    expect(Buffer.from(await download.data!.arrayBuffer()).equals(picture)).toBe(true);
  }, 120_000);
});

describe('archives that restore nothing', () => {
  const target = () => path.join(tempDir('skd-refused-'), 'data');
  const refused = async (file: string, reason: RegExp) => {
    const dataDir = target();
    await expect(restoreCli([file], { DATA_DIR: dataDir, DATABASE_URL: '' }, () => {})).rejects.toThrow(reason);
    expect(() => readdirSync(dataDir)).toThrow(/ENOENT/);
    expect(readdirSync(path.dirname(dataDir))).toEqual([]);
  };

  it('a truncated archive', async () => {
    const bytes = readFileSync(archive);
    const file = path.join(tempDir('skd-bad-'), 'cut.tar.gz');
    writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await refused(file, /truncated/);
  });

  it('a corrupted archive', async () => {
    const bytes = Buffer.from(readFileSync(archive));
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    const file = path.join(tempDir('skd-bad-'), 'flipped.tar.gz');
    writeFileSync(file, bytes);
    await refused(file, /damaged|checksum/);
  });

  it('an archive whose rows were edited and recompressed', async () => {
    const tar = gunzipSync(readFileSync(archive));
    const at = tar.indexOf('Latihan Terjun Payung');
    expect(at).toBeGreaterThan(0);
    tar.write('Latihan Terjun Palsu!', at, 'utf8');
    const file = path.join(tempDir('skd-bad-'), 'edited.tar.gz');
    writeFileSync(file, gzipSync(tar));
    await refused(file, /does not match its checksum/);
  });

  it('a file that is not a backup', async () => {
    const file = path.join(tempDir('skd-bad-'), 'notes.tar.gz');
    writeFileSync(file, 'bukan cadangan');
    await refused(file, /not a backup archive/);
  });

  it('a non-empty DATA_DIR without --force, and another site\'s DATA_DIR even with it', async () => {
    const dataDir = target();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'catatan.txt'), 'milik operator');
    await expect(restoreCli([archive], { DATA_DIR: dataDir, DATABASE_URL: '' }, () => {})).rejects.toThrow(/is not empty.*--force/);
    writeSiteState(dataDir, { siteId: '00000000-0000-4000-8000-000000000000' });
    await expect(restoreCli([archive, '--force'], { DATA_DIR: dataDir, DATABASE_URL: '' }, () => {})).rejects.toThrow(/another site/);
    expect(readdirSync(dataDir).sort()).toEqual(['catatan.txt', 'site.json']);
  });

  it('--verify names the same damage', async () => {
    const file = path.join(tempDir('skd-bad-'), 'copy.tar.gz');
    copyFileSync(archive, file);
    expect((await checkArchive(file)).checksums.files).toHaveLength(1);
    writeFileSync(file, readFileSync(archive).subarray(0, 100));
    await expect(backupCli(['--verify', file], {}, () => {})).rejects.toThrow(/truncated/);
  });
});
