/** The superadmin dashboard's disk card reads public.disk_space(): the server's last measurement, to superadmins only. */
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
