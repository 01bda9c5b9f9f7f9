/** The superadmin dashboard's disk card reads public.disk_space(): the server's last measurement, to superadmins only. */
import { statfs } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ diskReserveMb: 64 });

describe('public.disk_space()', () => {
  it('tells a superadmin the free space and the reserve, and nobody else anything', async () => {
    const { client: superadmin } = await t.signedIn({ role: 'superadmin' });
    await expect.poll(async () => (await superadmin.rpc('disk_space')).data?.length, { timeout: 10_000 }).toBe(1);
    const { data } = await superadmin.rpc('disk_space');
    expect(data![0].free_bytes).toBeGreaterThan(0);
    expect(data![0].reserve_bytes).toBe(64 * 1024 * 1024);

    const { client: admin } = await t.signedIn({ role: 'admin' });
    expect(await admin.rpc('disk_space')).toMatchObject({ data: [], error: null });
    const anon = await t.anon().rpc('disk_space');
    expect(anon.error?.code).toBe('42501');
  });
});

describe('public.disk_used_percent()', () => {
  it("tells every approved account the disk's share in use as df counts it, and nobody else", async () => {
    const { client: admin } = await t.signedIn({ role: 'admin' });
    await expect.poll(async () => (await admin.rpc('disk_used_percent')).data, { timeout: 10_000 }).not.toBeNull();
    const { data: shown } = await admin.rpc('disk_used_percent');
    const fs = await statfs(t.server.ctx.config.dataDir);
    const used = fs.blocks - fs.bfree;
    const expected = Math.ceil((100 * used) / (used + fs.bavail));
    expect(shown).toBeGreaterThanOrEqual(expected - 1);
    expect(shown).toBeLessThanOrEqual(expected + 1);
    // not the old fixed figure unless the disk really is that full
    if (Math.abs(expected - 85) > 1) expect(shown).not.toBe(85);

    const { client: pending } = await t.signedIn({ role: 'user', status: 'pending' });
    expect((await pending.rpc('disk_used_percent')).data).toBeNull();
    expect((await t.anon().rpc('disk_used_percent')).error?.code).toBe('42501');
  });
});
