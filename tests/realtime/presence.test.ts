import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime, type RealtimeHandle } from '../../server/realtime/index.ts';
import type { TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { clientFor, joined } from './channels.ts';
import { joinFrame, RawSocket, waitFor } from './helpers.ts';

// Presence through supabase-js, as 'Sedang disunting oleh ...' would use it, and the floods Realtime refuses.
const t = useTestServer();
const clients: TypedClient[] = [];
const sockets: RawSocket[] = [];
const keep = (client: TypedClient) => (clients.push(client), client);

interface Watched {
  channel: RealtimeChannel;
  joins: string[];
  leaves: string[];
  /** The metas of every join seen. */
  joined: Record<string, unknown>[];
  syncs: number;
}

async function watch(client: TypedClient, name: string, key: string, extra: Record<string, unknown> = {}): Promise<Watched> {
  const watched: Watched = { channel: client.channel(name, { config: { presence: { key }, ...extra } }), joins: [], leaves: [], joined: [], syncs: 0 };
  watched.channel
    .on('presence', { event: 'sync' }, () => watched.syncs++)
    .on('presence', { event: 'join' }, ({ key: who, newPresences }) => {
      watched.joins.push(who);
      watched.joined.push(...(newPresences as Record<string, unknown>[]));
    })
    .on('presence', { event: 'leave' }, ({ key: who }) => watched.leaves.push(who));
  await joined(watched.channel);
  return watched;
}

beforeAll(async () => {
  await t.server.ctx.db.exec(`
    create policy "read rooms" on realtime.messages for select to authenticated using (realtime.topic() like 'room-%');
    create policy "write rooms" on realtime.messages for insert to authenticated with check (realtime.topic() like 'room-w%');`);
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  for (const socket of sockets) socket.close();
});

describe.each(['1.0.0', '2.0.0'] as const)('presence, vsn %s', (vsn) => {
  it('syncs who is there, with join and leave on track, update, untrack and leaving', async () => {
    const name = `article-${vsn}`;
    const siti = await watch(keep(clientFor(t.url, t.server.anonKey, vsn)), name, 'siti');
    expect(await siti.channel.track({ name: 'Siti' })).toBe('ok');
    const adi = await watch(keep(clientFor(t.url, t.server.anonKey, vsn)), name, 'adi');
    // The state sent at join already holds Siti.
    await waitFor(() => adi.channel.presenceState().siti, 2_000, 'Siti in the state');
    expect(adi.channel.presenceState().siti).toEqual([expect.objectContaining({ name: 'Siti', presence_ref: expect.any(String) })]);

    expect(await adi.channel.track({ name: 'Adi' })).toBe('ok');
    await waitFor(() => siti.joins.includes('adi'), 2_000, 'Adi joining');
    expect(await adi.channel.track({ name: 'Adi', editing: true })).toBe('ok');
    // An update is a join of the new meta and a leave of the old one, as Phoenix sends it.
    await waitFor(() => siti.joined.some((m) => m.editing === true), 2_000, 'the update');
    await waitFor(() => siti.leaves.includes('adi'), 2_000, 'the old meta leaving');
    siti.leaves.length = 0;

    expect(await adi.channel.untrack()).toBe('ok');
    await waitFor(() => siti.leaves.includes('adi'), 2_000, 'Adi leaving');
    await siti.channel.unsubscribe();
    await waitFor(() => adi.leaves.includes('siti'), 2_000, 'Siti leaving with her channel');
    expect(adi.channel.presenceState().siti).toBeUndefined();
  });
});

describe('private presence', () => {
  it('lets a user track only where an INSERT policy allows it', async () => {
    const { client } = await t.signedIn({ status: 'approved' });
    keep(client);
    const readOnly = await watch(client, 'room-desk', 'umar', { private: true });
    expect(await readOnly.channel.track({ name: 'Umar' })).toBe('error');
    const writable = await watch(client, 'room-wdesk', 'umar', { private: true });
    expect(await writable.channel.track({ name: 'Umar' })).toBe('ok');
  });
});

describe('token refresh on a private channel', () => {
  it('ends the channel when the new token may no longer read it', async () => {
    await t.server.ctx.db.exec(`create policy "vip reads" on realtime.messages for select to authenticated
      using (realtime.topic() = 'vip' and auth.jwt() ->> 'vip' = 'yes');`);
    const user = await t.createUser({ status: 'approved' });
    const socket = await RawSocket.open(t.url, t.server.anonKey);
    sockets.push(socket);
    socket.send(joinFrame('1', 'vip', { private: true }, await t.mintUserToken(user.id, 3600, { vip: 'yes' })));
    expect((await socket.reply('1'))[4]).toMatchObject({ status: 'ok' });
    socket.send(['1', null, 'realtime:vip', 'access_token', { access_token: await t.mintUserToken(user.id, 3600, { vip: 'no' }) }]);
    await socket.next((f) => f[2] === 'realtime:vip' && f[3] === 'phx_close');
    expect(socket.frames.find((f) => f[3] === 'system')?.[4])
      .toMatchObject({ status: 'error', message: 'You no longer have permission to read from this Channel topic: vip' });
  });
});

describe('bad input and floods', () => {
  let http: Server;
  let realtime: RealtimeHandle;
  let url: string;

  beforeAll(async () => {
    http = createServer((_req, res) => res.end());
    realtime = attachRealtime(http, t.server.ctx, { broadcast: { broadcastsPerSocketPerSecond: 3, presenceCallsPerWindow: 2, maxTrackBytes: 100 } });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await realtime?.close();
    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
  });

  async function open(): Promise<RawSocket> {
    const socket = await RawSocket.open(url, t.server.anonKey);
    sockets.push(socket);
    return socket;
  }

  it('refuses a track payload that is not a map', async () => {
    const socket = await open();
    socket.send(joinFrame('1', 'shapes', {}));
    await socket.reply('1');
    socket.send(['1', '2', 'realtime:shapes', 'presence', { type: 'presence', event: 'track', payload: [1, 2] }]);
    expect((await socket.reply('2'))[4]).toEqual({ status: 'error', response: { reason: 'Presence track payload must be a map' } });
  });

  it('ends a channel that floods broadcasts or presence, with Realtime\'s messages', async () => {
    const socket = await open();
    socket.send(joinFrame('1', 'flood', {}));
    await socket.reply('1');
    for (let i = 0; i < 10; i++) socket.send(['1', null, 'realtime:flood', 'broadcast', { type: 'broadcast', event: 'spam', payload: { i } }]);
    await socket.next((f) => f[2] === 'realtime:flood' && f[3] === 'phx_close');
    expect(socket.frames.find((f) => f[3] === 'system')?.[4]).toMatchObject({ status: 'error', message: 'Too many messages per second', channel: 'flood' });

    socket.send(joinFrame('3', 'crowd', {}));
    await socket.reply('3');
    for (let i = 0; i < 3; i++) socket.send(['3', String(10 + i), 'realtime:crowd', 'presence', { type: 'presence', event: 'track', payload: { i } }]);
    await socket.next((f) => f[2] === 'realtime:crowd' && f[3] === 'phx_close');
    expect(socket.frames.filter((f) => f[2] === 'realtime:crowd' && f[3] === 'system')[0]?.[4])
      .toMatchObject({ status: 'error', message: 'Client presence rate limit exceeded' });

    socket.send(joinFrame('20', 'heavy', {}));
    await socket.reply('20');
    socket.send(['20', '21', 'realtime:heavy', 'presence', { type: 'presence', event: 'track', payload: { text: 'x'.repeat(200) } }]);
    await socket.next((f) => f[2] === 'realtime:heavy' && f[3] === 'phx_close');
    expect(socket.frames.find((f) => f[2] === 'realtime:heavy' && f[3] === 'system')?.[4])
      .toMatchObject({ status: 'error', message: 'Track message size exceeded' });
  });
});
