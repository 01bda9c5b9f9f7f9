/**
 * Issue 24: realtime carries no earlier version, no deleted article and no presence row, to
 * anybody (none of these tables is published), whatever a subscriber asks for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { waitFor } from '../realtime/helpers.ts';

const t = useTestServer();
let staff: TypedClient;
let staffId: string;
let personnel: TypedClient;
let visitor: TypedClient;

const TABLES = ['articles', 'article_revisions', 'gallery_revisions', 'article_editors', 'galleries', 'contacts'] as const;

beforeAll(async () => {
  const admin = await t.createUser({ role: 'admin', status: 'approved' });
  staffId = admin.id;
  staff = await t.signInAs(admin);
  personnel = await t.signInAs(await t.createUser({ role: 'user', status: 'approved' }));
  visitor = t.anon();
});

afterAll(async () => {
  for (const c of [staff, personnel, visitor]) await c?.removeAllChannels();
});

type Payload = RealtimePostgresChangesPayload<Record<string, unknown>>;

function listen(client: TypedClient, name: string) {
  const events: { table: string; payload: Payload }[] = [];
  let channel = client.channel(name);
  for (const table of TABLES) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => events.push({ table, payload }));
  }
  return new Promise<typeof events>((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(events);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

describe('realtime and the newsroom', () => {
  it('sends visitors, plain users and staff no revision, presence row or earlier text when an article is edited and deleted', async () => {
    const token = `versilama${Date.now()}`;
    const staffEvents = await listen(staff, 'newsroom-staff');
    const visitorEvents = await listen(visitor, 'newsroom-visitor');
    const personnelEvents = await listen(personnel, 'newsroom-personnel');

    const { data: row, error } = await staff.from('articles')
      .insert({ title: `Judul ${token}`, content: `<p>${token}</p>`, author_id: staffId, published_at: null })
      .select('id').single();
    expect(error).toBeNull();
    expect((await staff.from('article_editors').upsert({ article_id: row!.id, user_id: staffId })).error).toBeNull();
    expect((await staff.from('articles').update({ title: 'Judul bersih', content: '<p>Bersih</p>', version: 1 }).eq('id', row!.id)).error).toBeNull();
    expect((await staff.from('articles').delete().eq('id', row!.id)).error).toBeNull();

    // a published change after them: once staff have it, every earlier change was delivered too
    const marker = `penanda ${token}`;
    expect((await t.anon().from('contacts').insert({ name: 'Warga', email: 'warga@example.com', subject: marker, message: 'Isi' })).error).toBeNull();
    await waitFor(() => staffEvents.some((e) => (e.payload.new as { subject?: string }).subject === marker) || undefined, 5_000, 'staff contact event');
    expect(staffEvents.filter((e) => e.table !== 'contacts')).toEqual([]);
    for (const events of [visitorEvents, personnelEvents]) expect(events).toEqual([]);
  });
});
