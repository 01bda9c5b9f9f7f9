import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, type TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { heartbeat, joinFrame, RawSocket, subscribeProfiles, waitFor, type Frame, type ProfileEvent } from './helpers.ts';

// Through the real supabase-js client, as the site's profile page and admin screens use it.
const t = useTestServer();
let superadmin: TestUser;
let admin: TypedClient;
const clients: TypedClient[] = [];
const sockets: RawSocket[] = [];

function track(client: TypedClient): TypedClient {
  clients.push(client);
  return client;
}

beforeAll(async () => {
  superadmin = await t.createUser({ role: 'superadmin', status: 'approved' });
  admin = track(await t.signInAs(superadmin));
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  for (const socket of sockets) socket.close();
});

async function setStatus(userId: string, status: 'pending' | 'approved' | 'rejected') {
  const { error } = await admin.from('profiles').update({ status }).eq('id', userId);
  expect(error).toBeNull();
}

describe('postgres_changes on profiles', () => {
  it('delivers the UPDATE of my own row within a second and the DELETE with only the key', async () => {
    const user = await t.createUser({ status: 'pending' });
    const client = track(await t.signInAs(user));
    const sub = await subscribeProfiles(client, 'own-profile', { filter: `id=eq.${user.id}` });
    expect(sub.system).toContainEqual(expect.objectContaining({ status: 'ok', extension: 'postgres_changes' }));

    // Within a second of the update being committed (the REST call has returned).
    await setStatus(user.id, 'approved');
    // createUser's own writes can still reach a channel joined just after them (the feed reads
    // late commits), so the approval is found by what it set.
    const update = await waitFor(() => sub.events.find((e) => e.eventType === 'UPDATE' && (e.new as { status?: string }).status === 'approved'), 1_000, 'the UPDATE');
    expect(update).toMatchObject({ schema: 'public', table: 'profiles', errors: null });
    expect(update.new).toMatchObject({ id: user.id, status: 'approved', role: 'user', email: user.email });
    // Default replica identity: the old row is only its primary key.
    expect(update.old).toEqual({ id: user.id });
    expect(update.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // Deleting the account ends its sessions, so its own channel closes; staff see the DELETE.
    const watcher = await subscribeProfiles(admin, 'own-profile-watch', { filter: `id=eq.${user.id}` });
    const { error } = await admin.from('profiles').delete().eq('id', user.id);
    expect(error).toBeNull();
    const deleted = await waitFor(() => watcher.events.find((e) => e.eventType === 'DELETE'), 1_000, 'the DELETE');
    expect(deleted.old).toEqual({ id: user.id });
    expect(deleted.new).toEqual({});
    await waitFor(() => sub.statuses.includes('CLOSED'), 5_000, 'the deleted account\'s channel to close');
    expect(sub.system).toContainEqual(expect.objectContaining({ status: 'error', message: 'Session from session_id claim in JWT does not exist' }));
  });

  it('gives nothing to anon or a pending account watching a row RLS hides from them', async () => {
    const target = await t.createUser({ status: 'pending' });
    const other = await t.createUser({ status: 'pending' });
    const filter = `id=eq.${target.id}`;
    const anonSub = await subscribeProfiles(track(t.anon()), 'anon-watch', { filter });
    const pendingSub = await subscribeProfiles(track(await t.signInAs(other)), 'pending-watch', { filter });
    // A subscriber who may read the row shows when the change has been delivered.
    const witness = await subscribeProfiles(track(await t.signInAs(superadmin)), 'witness', { filter });

    await setStatus(target.id, 'rejected');
    await setStatus(target.id, 'approved');
    await waitFor(() => witness.events.length === 2, 1_000, 'the witness events');

    // As in Supabase, DELETE is not RLS-checked but carries only the primary key. Changes reach a
    // subscriber in order, so a DELETE arriving first proves the two updates were withheld.
    await admin.from('profiles').delete().eq('id', target.id);
    const gone = await waitFor(() => anonSub.events[0], 1_000, 'the DELETE for anon');
    await waitFor(() => pendingSub.events[0], 1_000, 'the DELETE for the pending account');
    expect(anonSub.events.map((e) => e.eventType)).toEqual(['DELETE']);
    expect(pendingSub.events.map((e) => e.eventType)).toEqual(['DELETE']);
    expect(gone).toMatchObject({ eventType: 'DELETE', old: { id: target.id } });
    expect(Object.keys(gone.old)).toEqual(['id']);
  });

  it('stops delivering once the subscriber token expires, with a system error and CLOSED', async () => {
    const user = await t.createUser({ status: 'pending' });
    const filter = `id=eq.${user.id}`;
    // Long enough for the join and the first change on a loaded machine; the close is awaited.
    const token = await t.mintUserToken(user.id, 4);
    const client = track(t.withToken(token));
    // With an accessToken callback the first join can go out before the token was fetched (the
    // server then uses the anon apikey, as Supabase does); fetch it first so the join carries it.
    await client.realtime.setAuth();
    const sub = await subscribeProfiles(client, 'short-lived', { filter });
    // The same token on a bare socket, beside a witness channel whose token lives on: frames on
    // one socket keep their order, which is what shows that nothing followed the close.
    const socket = await RawSocket.open(t.url, t.server.anonKey);
    sockets.push(socket);
    socket.send(joinFrame('1', 'short-lived', { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles', filter }] }, token));
    // The witness is staff: rejecting the account ends the account's own sessions (and channels).
    socket.send(joinFrame('2', 'witness', { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles', filter }] }, await t.mintUserToken(superadmin.id)));
    expect((await socket.reply('1'))[4]).toMatchObject({ status: 'ok' });
    expect((await socket.reply('2'))[4]).toMatchObject({ status: 'ok' });
    // createUser's own writes can still reach a channel joined just after them (the feed reads
    // late commits), so changes are told apart by the status they set, not counted.
    const changes = (topic: string) => socket.frames.filter((f) => f[2] === `realtime:${topic}` && f[3] === 'postgres_changes');
    const setting = (status: string) => (f: Frame) => JSON.stringify(f[4]).includes(`"status":"${status}"`);
    const eventSetting = (status: string) => (e: ProfileEvent) => (e.new as { status?: string }).status === status;

    await setStatus(user.id, 'approved');
    await waitFor(() => sub.events.some(eventSetting('approved')) && changes('short-lived').some(setting('approved')), 5_000, 'the UPDATE while the token is valid');

    await waitFor(() => sub.statuses.includes('CLOSED'), 10_000, 'the channel to close at exp');
    expect(sub.system).toContainEqual(expect.objectContaining({ status: 'error', extension: 'system', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/) }));
    const closed = await socket.next((f) => f[2] === 'realtime:short-lived' && f[3] === 'phx_close', 10_000);
    expect(closed).toEqual(['1', '1', 'realtime:short-lived', 'phx_close', {}]);
    const system = socket.frames.findIndex((f) => f[2] === 'realtime:short-lived' && f[3] === 'system' && f[4].status === 'error');
    expect(socket.frames[system + 1]).toBe(closed);

    await setStatus(user.id, 'rejected');
    await waitFor(() => changes('witness').some(setting('rejected')), 5_000, 'the witness event');
    socket.send([null, '3', 'phoenix', 'heartbeat', {}]);
    await socket.reply('3');
    expect(changes('short-lived').every((f) => socket.frames.indexOf(f) < system)).toBe(true);
    expect(changes('short-lived').some(setting('rejected'))).toBe(false);
    expect(sub.events.some(eventSetting('rejected'))).toBe(false);
  });

  it('uses the new claims after an access_token update and closes the channel on a bad one', async () => {
    const user = await t.createUser({ status: 'pending' });
    const client = track(t.anon());
    const sub = await subscribeProfiles(client, 'upgrade-to-user', { filter: `id=eq.${user.id}` });
    const witness = await subscribeProfiles(track(await t.signInAs(superadmin)), 'upgrade-witness', { filter: `id=eq.${user.id}` });
    await setStatus(user.id, 'rejected');
    await waitFor(() => witness.events.length === 1, 1_000, 'the witness event');
    expect(sub.events).toEqual([]);

    // What supabase-js does on SIGNED_IN: push the new token to joined channels (no reply). The
    // server handles a socket's frames in order, so a heartbeat's answer means the token is in use.
    await client.realtime.setAuth(await t.mintUserToken(user.id));
    await heartbeat(client);
    await setStatus(user.id, 'approved');
    await waitFor(() => sub.events.length === 1, 1_000, 'the UPDATE under the new claims');
    // Changes reach a subscriber in order: the first one it got is the one after the upgrade.
    expect(sub.events[0].new).toMatchObject({ status: 'approved' });

    await client.realtime.setAuth('not-a-jwt');
    await waitFor(() => sub.statuses.includes('CLOSED'), 2_000, 'the channel to close');
    expect(sub.system.at(-1)).toMatchObject({ status: 'error', extension: 'system' });
  });

  it('delivers rows written by database triggers (signup creates the profile)', async () => {
    const sub = await subscribeProfiles(track(await t.signInAs(superadmin)), 'new-profiles', { event: 'INSERT' });
    const user = await t.createUser({ status: 'pending' });
    const inserted = await waitFor(() => sub.events.find((e) => e.new && (e.new as { id?: string }).id === user.id), 1_000, 'the INSERT');
    expect(inserted).toMatchObject({ eventType: 'INSERT', old: {} });
    expect(inserted.new).toMatchObject({ id: user.id, status: 'pending' });
  });
});
