/** Drafts and scheduling (issue 11): what visitors, personnel and staff see of unpublished articles. */
import { beforeAll, describe, expect, it } from 'vitest';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { waitFor } from '../realtime/helpers.ts';

const t = useTestServer();
let staff: TypedClient;
let staffId: string;
let personnel: TypedClient;
let visitor: TypedClient;

beforeAll(async () => {
  const staffUser = await t.createUser({ role: 'admin', status: 'approved' });
  staffId = staffUser.id;
  staff = await t.signInAs(staffUser);
  personnel = await t.signInAs(await t.createUser({ role: 'user', status: 'approved' }));
  visitor = t.anon();
});

async function insert(title: string, published_at?: string | null) {
  const { data, error } = await staff
    .from('articles')
    .insert({ title, content: '<p>Isi</p>', author_id: staffId, ...(published_at === undefined ? {} : { published_at }) })
    .select('id, published_at')
    .single();
  expect(error).toBeNull();
  return data!;
}

const ids = async (client: TypedClient) =>
  ((await client.from('articles').select('id')).data ?? []).map((r) => r.id);

describe('article visibility by published_at', () => {
  it('publishes at once when the create call names no published_at (SPEC.md create call)', async () => {
    const row = await insert('Langsung terbit');
    expect(row.published_at).not.toBeNull();
    expect(await ids(visitor)).toContain(row.id);
  });

  it('hides drafts and scheduled articles from visitors and non-staff, shows them to staff', async () => {
    const draft = await insert('Draf rahasia', null);
    const scheduled = await insert('Terjadwal', new Date(Date.now() + 86_400_000).toISOString());
    for (const client of [visitor, personnel]) {
      const seen = await ids(client);
      expect(seen).not.toContain(draft.id);
      expect(seen).not.toContain(scheduled.id);
      const { data } = await client.from('articles').select('id').eq('id', draft.id);
      expect(data).toEqual([]);
    }
    const seenByStaff = await ids(staff);
    expect(seenByStaff).toEqual(expect.arrayContaining([draft.id, scheduled.id]));
  });

  it('leaves drafts out of counts visitors can ask for', async () => {
    const before = (await visitor.from('articles').select('id', { count: 'exact', head: true })).count;
    await insert('Draf untuk hitungan', null);
    const after = (await visitor.from('articles').select('id', { count: 'exact', head: true })).count;
    expect(after).toBe(before);
  });

  it('shows a scheduled article once its time has come, with no job running', async () => {
    const row = await insert('Segera terbit', new Date(Date.now() + 1_500).toISOString());
    expect(await ids(visitor)).not.toContain(row.id);
    await waitFor(async () => (await ids(visitor)).includes(row.id) || undefined, 5_000, 'scheduled article visible');
  });

  it('keeps drafts out of the public sitemap', async () => {
    const draft = await insert('Draf di peta situs', null);
    const published = await insert('Terbit di peta situs');
    const res = await fetch(`${t.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(published.id);
    expect(xml).not.toContain(draft.id);
  });
});
