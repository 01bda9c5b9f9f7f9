/**
 * A disk filled while staff upload: on a small tmpfs (root only, as CI runs), uploads and new
 * renditions are refused with a clear Indonesian error below DISK_RESERVE_MB, kept renditions are
 * evicted, reads keep working, the superadmins are mailed once, and uploads work again once space
 * is freed, without a restart.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeError } from '@/lib/error-messages';
import { DISK_FULL_MESSAGE } from '@/lib/storage-error-messages';
import { mailbox } from '../auth/helpers.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile, filesUnder, jpeg } from './fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });
const root = process.getuid?.() === 0;
const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'skd-full-'));
const ballast = path.join(mountPoint, 'ballast');

beforeAll(() => {
  if (!root) return;
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m,mode=0700', 'tmpfs', mountPoint]);
  mkdirSync(path.join(mountPoint, 'data'));
});
// registered after the mount, so the server starts on the tmpfs (and stops before the unmount)
const t = useTestServer({ dataDir: path.join(mountPoint, 'data'), diskReserveMb: 24 });
afterAll(() => {
  if (root) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

describe.runIf(root)('a nearly full disk', () => {
  it('refuses uploads and new renditions with a clear error, keeps reading, and recovers by itself', async () => {
    await t.createUser({ role: 'superadmin', status: 'approved' });
    const { user: admin, client } = await t.signedIn({ role: 'admin', status: 'approved' });
    const photo = await jpeg(320, 240);
    const upload = (name: string) => client.storage.from('article_images').upload(`${admin.id}/${name}`, asFile(photo, name, 'image/jpeg'));
    const renderUrl = (name: string, width: number) => `${t.url}/storage/v1/render/image/public/article_images/${admin.id}/${name}?width=${width}`;
    expect((await upload('sebelum.jpg')).error).toBeNull();
    expect((await fetch(renderUrl('sebelum.jpg', 100))).status).toBe(200);
    const renders = path.join(mountPoint, 'data', 'storage', '.renders');
    expect(filesUnder(renders)).toHaveLength(1);

    writeFileSync(ballast, Buffer.alloc(30 * 1024 * 1024, 1));
    let tries = 0;
    await expect.poll(async () => (await upload(`penuh-${tries++}.jpg`)).error?.message, { timeout: 10_000, interval: 300 })
      .toBe('Ruang penyimpanan server hampir penuh. Unggahan dan gambar baru ditolak sampai ruang disk dikosongkan; hubungi administrator situs.');
    // what staff read: the same words, as storage-js hands the refusal to the app
    expect(describeError((await upload('penuh-lagi.jpg')).error)).toBe(DISK_FULL_MESSAGE);
    const refused = await fetch(renderUrl('sebelum.jpg', 200));
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Ruang penyimpanan server hampir penuh/);
    // kept renditions make room for the database
    expect(filesUnder(renders)).toHaveLength(0);
    // reading goes on: the original and the public API
    const original = await fetch(`${t.url}/storage/v1/object/public/article_images/${admin.id}/sebelum.jpg`);
    expect(original.status).toBe(200);
    expect((await t.anon().from('articles').select('id')).error).toBeNull();
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(Number(/^disk_free_bytes (\d+)/m.exec(metrics)?.[1])).toBeLessThan(24 * 1024 * 1024);

    // the superadmins hear of it once, however many uploads were refused
    expect((await upload('lagi.jpg')).error).not.toBeNull();
    const notices = (await mailbox(t.server)).filter((m) => m.subject.startsWith('Ruang disk server hampir penuh'));
    expect(notices).toHaveLength(1);

    rmSync(ballast);
    await expect.poll(async () => (await upload(`sesudah-${tries++}.jpg`)).error, { timeout: 10_000, interval: 300 }).toBeNull();
    expect((await fetch(renderUrl(`sesudah-${tries - 1}.jpg`, 100))).status).toBe(200);
  });
});
