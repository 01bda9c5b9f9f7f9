/** Contact inbox (issue 11): only staff read and mark messages; the live feed reaches staff only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { waitFor } from '../realtime/helpers.ts';

const t = useTestServer();
let staff: TypedClient;
let personnel: TypedClient;
let visitor: TypedClient;

beforeAll(async () => {
  staff = await t.signInAs(await t.createUser({ role: 'admin', status: 'approved' }));
  personnel = await t.signInAs(await t.createUser({ role: 'user', status: 'approved' }));
  visitor = t.anon();
});

afterAll(async () => {
  for (const c of [staff, personnel, visitor]) await c?.removeAllChannels();
});

async function send(subject: string) {
  const { error } = await t.anon().from('contacts').insert({
    name: 'Warga', email: 'warga@example.com', subject, message: 'Mohon informasi kunjungan.',
  });
  expect(error).toBeNull();
  const { data } = await staff.from('contacts').select('id, read_at, archived_at').eq('subject', subject).single();
  return data!;
}

function listen(client: TypedClient, name: string) {
  const events: RealtimePostgresChangesPayload<Record<string, unknown>>[] = [];
  return new Promise<typeof events>((resolve, reject) => {
    client
      .channel(name)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'contacts' }, (p) => events.push(p))
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve(events);
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
  });
}

describe('contact inbox', () => {
  it('a visitor sends only the form\'s fields: never a message already read or archived', async () => {
    const subject = `Sudah dibaca ${Date.now()}`;
    const marked = { name: 'Warga', email: 'warga@example.com', subject, message: 'Isi' };
    for (const extra of [{ read_at: new Date().toISOString() }, { archived_at: new Date().toISOString() }, { sender_address: '10.9.9.9' }]) {
      for (const client of [t.anon(), personnel]) {
        const { error, status } = await client.from('contacts').insert({ ...marked, ...extra });
        expect(status).toBe(client === personnel ? 403 : 401);
        expect(error?.code).toBe('42501');
      }
    }
    const { data } = await staff.from('contacts').select('id').eq('subject', subject);
    expect(data).toEqual([]);
    // the form's own fields still go through
    expect((await t.anon().from('contacts').insert(marked)).error).toBeNull();
  });

  it('lets staff mark a message read and archived, and nothing else about it', async () => {
    const msg = await send(`Kunjungan ${Date.now()}`);
    expect(msg.read_at).toBeNull();
    const now = new Date().toISOString();
    const { error } = await staff.from('contacts').update({ read_at: now, archived_at: now }).eq('id', msg.id);
    expect(error).toBeNull();
    const { data } = await staff.from('contacts').select('read_at, archived_at').eq('id', msg.id).single();
    expect(data!.read_at).not.toBeNull();
    expect(data!.archived_at).not.toBeNull();
    const rewrite = await staff.from('contacts').update({ message: 'diubah' }).eq('id', msg.id);
    expect(rewrite.error).not.toBeNull();
  });

  it('refuses reading and marking to visitors and non-staff personnel', async () => {
    const msg = await send(`Rahasia ${Date.now()}`);
    for (const client of [visitor, personnel]) {
      const { data } = await client.from('contacts').select('id').eq('id', msg.id);
      expect(data ?? []).toEqual([]);
      await client.from('contacts').update({ read_at: new Date().toISOString() }).eq('id', msg.id);
    }
    const { data } = await staff.from('contacts').select('read_at').eq('id', msg.id).single();
    expect(data!.read_at).toBeNull();
  });

  it('refuses deleting to visitors and non-staff personnel, and lets staff delete', async () => {
    const msg = await send(`Hapus ${Date.now()}`);
    for (const client of [visitor, personnel]) {
      const { data } = await client.from('contacts').delete().eq('id', msg.id).select('id');
      expect(data ?? []).toEqual([]);
    }
    const kept = await staff.from('contacts').select('id').eq('id', msg.id);
    expect(kept.data).toHaveLength(1);
    const { data: deleted, error } = await staff.from('contacts').delete().eq('id', msg.id).select('id');
    expect(error).toBeNull();
    expect(deleted).toEqual([{ id: msg.id }]);
    const gone = await staff.from('contacts').select('id').eq('id', msg.id);
    expect(gone.data).toEqual([]);
  });

  it('counts unread inbox messages for staff only', async () => {
    const msg = await send(`Hitung ${Date.now()}`);
    const count = async (client: TypedClient) =>
      (await client.from('contacts').select('id', { count: 'exact', head: true }).is('read_at', null).is('archived_at', null)).count ?? 0;
    const before = await count(staff);
    expect(before).toBeGreaterThan(0);
    expect(await count(visitor)).toBe(0);
    expect(await count(personnel)).toBe(0);
    await staff.from('contacts').update({ read_at: new Date().toISOString() }).eq('id', msg.id);
    expect(await count(staff)).toBe(before - 1);
  });

  it('delivers new messages live to staff and to no one else', async () => {
    const staffEvents = await listen(staff, 'inbox-staff');
    const visitorEvents = await listen(visitor, 'inbox-visitor');
    const personnelEvents = await listen(personnel, 'inbox-personnel');
    const subject = `Siaran ${Date.now()}`;
    await send(subject);
    await waitFor(() => staffEvents.some((e) => (e.new as { subject?: string }).subject === subject) || undefined, 5_000, 'staff event');
    // The same change is checked for every subscriber; by the time staff have it, the others' checks ran.
    expect(visitorEvents).toEqual([]);
    expect(personnelEvents).toEqual([]);
  });

  it('pages a view on the server with an exact count, and searches words as written', async () => {
    const marker = `halaman-${Date.now()}`;
    const sent = (i: number, subject = `${marker} ${i}`, email = `p${i}@example.com`) => ({
      name: `Pengirim ${i}`, email, subject, message: 'Mohon jadwal kunjungan.',
      archived_at: i % 5 === 0 ? new Date().toISOString() : null,
    });
    // one by one, oldest first: the database stamps created_at itself
    for (const row of [sent(1, `${marker} diskon 100%_persen`, 'khusus@example.com'), ...Array.from({ length: 23 }, (_, i) => sent(i))]) {
      expect((await t.service().from('contacts').insert(row)).error).toBeNull();
    }

    const page = (client: TypedClient, q: string, from: number) => client
      .rpc('search_contact_messages', { q }, { count: 'exact' })
      .is('archived_at', null)
      .order('created_at', { ascending: false })
      .range(from, from + 9);
    const first = await page(staff, marker, 0);
    expect(first.error).toBeNull();
    expect(first.count).toBe(19);
    expect(first.data!.map((m) => m.subject)).toEqual([22, 21, 19, 18, 17, 16, 14, 13, 12, 11].map((i) => `${marker} ${i}`));
    const last = await page(staff, marker.toUpperCase(), 10);
    expect(last.count).toBe(19);
    expect(last.data).toHaveLength(9);
    expect(last.data!.at(-1)!.email).toBe('khusus@example.com');

    // '%' and '_' are the visitor's characters, not wildcards
    expect((await page(staff, '100%_persen', 0)).data!.map((m) => m.email)).toEqual(['khusus@example.com']);
    expect((await page(staff, `${marker} 1_`, 0)).data).toEqual([]);

    const archived = await staff.rpc('search_contact_messages', { q: marker }, { count: 'exact' }).not('archived_at', 'is', null).range(0, 9);
    expect(archived.count).toBe(5);

    const denied = await page(personnel, marker, 0);
    expect(denied.data).toEqual([]);
    expect(denied.count).toBe(0);
    expect((await page(visitor, marker, 0)).error).toBeTruthy();
  });
});
