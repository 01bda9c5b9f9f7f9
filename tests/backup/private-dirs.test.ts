/**
 * A fresh install is private: DATA_DIR, its storage/ and BACKUP_DIR are created 0700 by the
 * server and the backup, so `npm run doctor` finds nothing to fix about them.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run as backupCli } from '../../server/cli/backup.ts';
import { runDoctor } from '../../server/cli/doctor.ts';
import { asFile, png } from '../storage/fixtures.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { tempDir } from './helpers.ts';

const scratch = tempDir('skd-private-dirs-');
const dataDir = path.join(scratch, 'new', 'data');
const backupDir = path.join(scratch, 'new', 'backups');
const t = useTestServer({ dataDir, backupDir });
const modeOf = (dir: string) => (statSync(dir).mode & 0o777).toString(8);

describe('a fresh install', () => {
  it('creates DATA_DIR, storage/ and BACKUP_DIR readable by the server user only', async () => {
    const { user, client } = await t.signedIn({ role: 'admin' });
    expect((await client.storage.from('article_images').upload(`${user.id}/foto.png`, asFile(png(5, 5), 'foto.png', 'image/png'))).error).toBeNull();
    await backupCli([], { DATABASE_URL: t.server.ctx.config.databaseUrl, DATA_DIR: dataDir, BACKUP_DIR: backupDir }, () => {});

    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(path.join(dataDir, 'storage'))).toBe('700');
    expect(modeOf(path.join(dataDir, 'storage', 'article_images'))).toBe('700');
    expect(modeOf(backupDir)).toBe('700');
    const findings = await runDoctor({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, DISK_RESERVE_MB: '1' }, { clockSynchronised: async () => true });
    expect(findings.filter((f) => f.check === 'data directory' && f.verdict !== 'ok')).toEqual([]);
  });
});
