/**
 * Issue 43, point 5: the realtime topics of the admin screens are private channels, authorised by
 * the project's policies on realtime.messages. Their owners (and, for the inbox, staff) are
 * admitted; anyone else is refused with Realtime's message, and what a stranger broadcasts or
 * tracks on a channel of the same name never reaches the admin's socket.
 */
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { joined, type Received } from './channels.ts';
import { heartbeat, sleep, waitFor } from './helpers.ts';

const t = useTestServer();
const clients: TypedClient[] = [];
const keep = (client: TypedClient) => (clients.push(client), client);
const refusal = (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

/** Joins as the admin screens do: private, listening to postgres_changes, broadcast and presence. */
async function adminListen(client: TypedClient, topic: string) {
  const received: Received[] = [];
  const channel = client.channel(topic, { config: { private: true } })
    .on('broadcast', { event: '*' }, (m) => received.push(m as unknown as Received))
    .on('presence', { event: 'sync' }, () => received.push({ event: 'presence', payload: channel.presenceState() }));
  await joined(channel);
  return { channel, received };
}

/** Joins and leaves again (supabase-js keeps one channel per topic), or rejects with the server's reason. */
async function join(client: TypedClient, topic: string): Promise<true> {
  const channel: RealtimeChannel = client.channel(topic, { config: { private: true } });
  try {
    await joined(channel);
    return true;
  } finally {
    await client.removeChannel(channel);
  }
}

let admin: { id: string; client: TypedClient };
let member: { id: string; client: TypedClient };

beforeAll(async () => {
  const a = await t.signedIn({ role: 'admin', status: 'approved' });
  const m = await t.signedIn({ role: 'user', status: 'approved' });
  admin = { id: a.user.id, client: keep(a.client) };
  member = { id: m.user.id, client: keep(m.client) };
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
});

describe('who may join the admin topics privately', () => {
  it('admits the owner of the account topics and staff on the inbox', async () => {
    await expect(join(admin.client, `admin-profile:${admin.id}`)).resolves.toBeTruthy();
    await expect(join(admin.client, `security-settings:${admin.id}`)).resolves.toBeTruthy();
    await expect(join(admin.client, 'contacts-inbox::r1:')).resolves.toBeTruthy();
    // a member uses the admin shell for their own account as well
    await expect(join(member.client, `admin-profile:${member.id}`)).resolves.toBeTruthy();
  });

  it("refuses strangers with Realtime's message: anonymous visitors, members, another admin", async () => {
    const anon = keep(t.anon());
    const otherAdmin = keep((await t.signedIn({ role: 'admin', status: 'approved' })).client);
    for (const [client, topic] of [
      [anon, `admin-profile:${admin.id}`],
      [anon, 'contacts-inbox::r1:'],
      [member.client, `security-settings:${admin.id}`],
      [member.client, 'contacts-inbox::r2:'],
      [otherAdmin, `admin-profile:${admin.id}`],
    ] as const) {
      await expect(join(client, topic)).rejects.toThrow(refusal(topic));
    }
  });

  it('refuses an account that is no longer approved, even on its own topic', async () => {
    const { user, client } = await t.signedIn({ role: 'admin', status: 'suspended' });
    keep(client);
    await expect(join(client, `admin-profile:${user.id}`)).rejects.toThrow(refusal(`admin-profile:${user.id}`));
  });
});

describe("a stranger's broadcast and presence", () => {
  it('never reach the admin socket, by the socket, the REST endpoint or a private send', async () => {
    const topic = `admin-profile:${admin.id}`;
    const watched = await adminListen(admin.client, topic);
    const stranger = keep(t.anon());
    const open = stranger.channel(topic, { config: { broadcast: { ack: true }, presence: { key: 'intruder' } } });
    await joined(open);
    for (let i = 0; i < 20; i++) expect(await open.send({ type: 'broadcast', event: 'spam', payload: { i, pad: 'x'.repeat(1024) } })).toBe('ok');
    expect(await open.track({ who: 'intruder' })).toBe('ok');
    await open.httpSend('spam-rest', { via: 'rest' });
    // the member may not write the private topic: REST answers 202 as Realtime does and drops it
    expect(await member.client.channel(topic, { config: { private: true } }).httpSend('spam-private', {})).toEqual({ success: true });
    await sleep(300);
    await heartbeat(admin.client);
    expect(watched.received.filter((m) => m.event !== 'presence' || Object.keys(m.payload as object).length > 0)).toEqual([]);
    await admin.client.removeChannel(watched.channel);
  });

  it('an admin may not broadcast on the topics either: no screen sends on them', async () => {
    const topic = `contacts-inbox:send-${Date.now()}`;
    const watched = await adminListen(admin.client, topic);
    const sender = await adminListen(keep((await t.signedIn({ role: 'superadmin', status: 'approved' })).client), topic);
    await sender.channel.send({ type: 'broadcast', event: 'x', payload: {} });
    await sleep(200);
    await heartbeat(admin.client);
    expect(watched.received.filter((m) => m.event !== 'presence')).toEqual([]);
  });
});

describe('the admin screens still receive their changes', () => {
  it('delivers a change of the own profile row on the private channel', async () => {
    const events: unknown[] = [];
    const channel = admin.client.channel(`admin-profile:${admin.id}`, { config: { private: true } })
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${admin.id}` }, (p) => events.push(p.new));
    await joined(channel);
    await t.server.ctx.db.query(`update public.profiles set full_name = 'Kapten Uji' where id = $1`, [admin.id]);
    await waitFor(() => events.length === 1, 5_000, 'the profile change');
    expect(events[0]).toMatchObject({ id: admin.id, full_name: 'Kapten Uji' });
  });
});
