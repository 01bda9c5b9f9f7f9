/**
 * Realtime with two servers over one PostgreSQL: a subscriber on one server gets the table changes
 * written through the other, client broadcasts (also those too large for one NOTIFY) and database
 * broadcasts sent through either (once each), presence tracked on either, and the channels of a session ended on one server close on
 * the other; a server that stops takes its presences with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, joined, listen } from '../realtime/channels.ts';
import { subscribeProfiles, waitFor } from '../realtime/helpers.ts';
import { createUser, serviceClient, signInAs, startTestServer, type TestServer, type TypedClient } from '../support/server.ts';

let first: TestServer;
let second: TestServer;
const clients: TypedClient[] = [];
const keep = (client: TypedClient) => (clients.push(client), client);

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({ databaseUrl: first.ctx.config.databaseUrl });
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await second?.stop();
  await first?.stop();
});

describe('realtime across servers', () => {
  it('delivers a change written through one server to a subscriber on the other', async () => {
    const superadmin = await createUser(first, { role: 'superadmin' });
    const sub = await subscribeProfiles(keep(await signInAs(second, superadmin)), `lintas-${Date.now()}`);
    const member = await createUser(first, { status: 'pending' });
    await serviceClient(first).from('profiles').update({ full_name: 'Dari Server Satu' }).eq('id', member.id);
    const event = await waitFor(() => sub.events.find((e) => (e.new as { full_name?: string }).full_name === 'Dari Server Satu'), 5_000, 'the change');
    expect(event.eventType).toBe('UPDATE');
  });

  it('carries a client broadcast to the other server\'s subscribers, once', async () => {
    const name = `lobi-${Date.now()}`;
    const here = await listen(keep(clientFor(first.url, first.anonKey, '2.0.0')), name);
    const there = await listen(keep(clientFor(second.url, second.anonKey, '2.0.0')), name);
    const sender = await listen(keep(clientFor(first.url, first.anonKey, '2.0.0')), name);
    expect(await sender.channel.send({ type: 'broadcast', event: 'sapa', payload: { n: 1 } })).toBe('ok');
    await waitFor(() => there.received.length === 1 && here.received.length === 1, 5_000, 'the broadcast on both servers');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(there.received).toEqual([{ type: 'broadcast', event: 'sapa', payload: { n: 1 } }]);
    expect(here.received).toHaveLength(1);
    expect(sender.received).toEqual([]);
  });

  it('carries a broadcast too large for one NOTIFY to the other server\'s subscribers, whole and in order', async () => {
    const name = `laporan-${Date.now()}`;
    const there = await listen(keep(clientFor(second.url, second.anonKey, '2.0.0')), name);
    const sender = await listen(keep(clientFor(first.url, first.anonKey, '2.0.0')), name);
    // about 30 kB: PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
    const report = 'Laporan latihan terbang malam skadron. '.repeat(800);
    expect(await sender.channel.send({ type: 'broadcast', event: 'laporan', payload: { report } })).toBe('ok');
    expect(await sender.channel.send({ type: 'broadcast', event: 'sesudahnya', payload: { n: 2 } })).toBe('ok');
    await waitFor(() => there.received.length === 2, 5_000, 'both broadcasts on the other server');
    expect(there.received).toEqual([
      { type: 'broadcast', event: 'laporan', payload: { report } },
      { type: 'broadcast', event: 'sesudahnya', payload: { n: 2 } },
    ]);
  });

  it('delivers a database broadcast to the subscribers of both servers, once each', async () => {
    const name = `warta-${Date.now()}`;
    const here = await listen(keep(clientFor(first.url, first.anonKey, '1.0.0')), name);
    const there = await listen(keep(clientFor(second.url, second.anonKey, '1.0.0')), name);
    const poster = keep(clientFor(second.url, second.anonKey, '1.0.0')).channel(name);
    expect(await poster.httpSend('kabar', { isi: 'dari REST' })).toEqual({ success: true });
    await waitFor(() => here.received.length === 1 && there.received.length === 1, 5_000, 'the database broadcast on both servers');
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const side of [here, there]) expect(side.received).toEqual([expect.objectContaining({ event: 'kabar', payload: { isi: 'dari REST' } })]);
  });

  it('shares presence: the state at join, joins and leaves, across servers', async () => {
    const name = `hadir-${Date.now()}`;
    const watch = async (server: TestServer, key: string) => {
      const events = { joins: [] as string[], leaves: [] as string[] };
      const channel = keep(clientFor(server.url, server.anonKey, '2.0.0')).channel(name, { config: { presence: { key } } })
        .on('presence', { event: 'join' }, ({ key: who }) => void events.joins.push(who))
        .on('presence', { event: 'leave' }, ({ key: who }) => void events.leaves.push(who));
      await joined(channel);
      return { channel, ...events };
    };
    const siti = await watch(first, 'siti');
    expect(await siti.channel.track({ name: 'Siti' })).toBe('ok');
    // Adi joins on the other server: the state he is sent already holds Siti
    await new Promise((resolve) => setTimeout(resolve, 300));
    const adi = await watch(second, 'adi');
    await waitFor(() => adi.channel.presenceState().siti, 3_000, 'Siti in the state on the other server');
    expect(await adi.channel.track({ name: 'Adi' })).toBe('ok');
    await waitFor(() => siti.joins.includes('adi'), 3_000, 'Adi joining, seen on the first server');
    await adi.channel.unsubscribe();
    await waitFor(() => siti.leaves.includes('adi'), 3_000, 'Adi leaving, seen on the first server');
    expect(Object.keys(siti.channel.presenceState())).toEqual(['siti']);
  });

  it('gives a server that starts later the presences already there, and drops a stopped server\'s', async () => {
    const name = `hadir-nanti-${Date.now()}`;
    const listenTo = async (server: TestServer, key: string) => {
      const leaves: string[] = [];
      const channel = keep(clientFor(server.url, server.anonKey, '2.0.0')).channel(name, { config: { presence: { key } } })
        .on('presence', { event: 'leave' }, ({ key: who }) => void leaves.push(who));
      await joined(channel);
      return { channel, leaves };
    };
    const budi = await listenTo(first, 'budi');
    expect(await budi.channel.track({ name: 'Budi' })).toBe('ok');
    const third = await startTestServer({ databaseUrl: first.ctx.config.databaseUrl });
    try {
      const rina = await listenTo(third, 'rina');
      await waitFor(() => rina.channel.presenceState().budi, 3_000, 'Budi in the state on the server that started later');
      expect(await rina.channel.track({ name: 'Rina' })).toBe('ok');
      await waitFor(() => budi.channel.presenceState().rina, 3_000, 'Rina seen on the first server');
    } finally {
      await third.stop();
    }
    await waitFor(() => budi.leaves.includes('rina'), 3_000, 'Rina gone with her server');
  });

  it('closes a session\'s channels on the other server when it ends', async () => {
    const superadmin = await createUser(first, { role: 'superadmin' });
    const phone = keep(await signInAs(first, superadmin));
    const laptop = keep(await signInAs(first, superadmin));
    const sub = await subscribeProfiles(phone, `sesi-${Date.now()}`);
    // another session of the same account, opened and watched on the second server
    const onSecond = await subscribeProfiles(keep(await signInAs(second, superadmin)), `sesi2-${Date.now()}`);
    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull();
    const notice = await waitFor(() => onSecond.system.find((m) => m.status === 'error'), 5_000, 'the close notice on the second server');
    expect(notice).toMatchObject({ message: 'Session from session_id claim in JWT does not exist' });
    await waitFor(() => sub.system.find((m) => m.status === 'error'), 5_000, 'the close notice on the first server');
  });
});
