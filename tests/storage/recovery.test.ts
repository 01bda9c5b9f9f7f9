import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FileStore, recoverStorage } from '../../server/storage/index.ts';
import { type TestUser, type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { asFile, filesUnder, md5, png } from './fixtures.ts';

const t = useTestServer();
let member: TestUser;
let client: TypedClient;

beforeAll(async () => {
  member = await t.createUser({ role: 'user' });
  client = await t.signInAs(member);
});

const storage = () => path.join(t.server.dataDir, 'storage');

async function versionOf(name: string): Promise<string> {
  const { rows } = await t.server.ctx.db.query<{ version: string }>(
    "select version from storage.objects where bucket_id = 'avatars' and name = $1", [name]);
  return rows[0].version;
}

describe('start-up recovery', () => {
  it('keeps files when the database has no objects at all (new database, old DATA_DIR)', async () => {
    const stray = path.join(storage(), 'avatars', randomUUID());
    mkdirSync(path.dirname(stray), { recursive: true });
    writeFileSync(stray, 'old bytes');
    const warnings: string[] = [];
    const report = await recoverStorage(t.server.ctx.db, new FileStore(t.server.dataDir), (m) => warnings.push(m));
    expect(report.sweepSkipped).toBe(true);
    expect(existsSync(stray)).toBe(true);
    expect(warnings.join('\n')).toMatch(/not deleting/);
    rmSync(stray);
  });

  it('completes committed uploads, drops unfinished ones and orphans, and reports rows without files', async () => {
    const bucket = client.storage.from('avatars');
    const bytes = [png(2, 2, 4000, 1), png(2, 2, 5000, 2), png(2, 2, 6000, 3)];
    for (const [i, b] of bytes.entries()) {
      expect((await bucket.upload(`${member.id}-${i}.png`, asFile(b, 'a.png', 'image/png'))).error).toBeNull();
    }
    const committed = await versionOf(`${member.id}-0.png`);
    const lost = await versionOf(`${member.id}-1.png`);
    // crash between commit and rename: the bytes are still in .tmp
    renameSync(path.join(storage(), 'avatars', committed), path.join(storage(), '.tmp', committed));
    // crash mid-upload: a temp file no row names
    const unfinished = path.join(storage(), '.tmp', randomUUID());
    writeFileSync(unfinished, 'half an upload');
    // crash after a remove/upsert commit but before the old file's unlink
    const orphan = path.join(storage(), 'avatars', randomUUID());
    writeFileSync(orphan, 'replaced bytes');
    // the disk lost a file (not something our crash windows can produce)
    rmSync(path.join(storage(), 'avatars', lost));

    const warnings: string[] = [];
    const report = await recoverStorage(t.server.ctx.db, new FileStore(t.server.dataDir), (m) => warnings.push(m));
    expect(report).toMatchObject({ completed: 1, discardedTemp: 1, removedOrphans: 1, sweepSkipped: false });
    expect(report.rowsWithoutFile).toEqual([{ bucket: 'avatars', name: `${member.id}-1.png` }]);
    expect(warnings.join('\n')).toMatch(/1 object row\(s\) have no file/);

    expect(filesUnder(path.join(storage(), '.tmp'))).toEqual([]);
    expect(existsSync(orphan)).toBe(false);
    const served = await fetch(bucket.getPublicUrl(`${member.id}-0.png`).data.publicUrl);
    expect(md5(Buffer.from(await served.arrayBuffer()))).toBe(md5(bytes[0]));
    const missing = await fetch(bucket.getPublicUrl(`${member.id}-1.png`).data.publicUrl);
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    // the broken object can still be removed by its owner
    const { data } = await bucket.remove([`${member.id}-1.png`]);
    expect(data).toHaveLength(1);
  });
});
