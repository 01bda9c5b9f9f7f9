import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCaptureTriggers } from '../../server/realtime/index.ts';
import type { TestUser, TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { heartbeat, joinFrame, RawSocket, sleep, subscribeProfiles, waitFor } from './helpers.ts';

// What an anonymous visitor or a self-registered account can do to realtime, through the
// supabase-js client the site uses and through bare sockets as an attacker would.
const t = useTestServer();
let superadmin: TestUser;
let staff: TypedClient;
const clients: TypedClient[] = [];
const sockets: RawSocket[] = [];

function track<T extends TypedClient | RawSocket>(value: T): T {
  if (value instanceof RawSocket) sockets.push(value);
  else clients.push(value);
  return value;
}

beforeAll(async () => {
  superadmin = await t.createUser({ role: 'superadmin', status: 'approved' });
  staff = track(await t.signInAs(superadmin));
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  for (const socket of sockets) socket.close();
});

type Row = Record<string, unknown>;

interface Watch {
  channel: RealtimeChannel;
  events: RealtimePostgresChangesPayload<Row>[];
  /** `system` messages the server sent on the channel. */
  system: Record<string, unknown>[];
  /** How the join ended: SUBSCRIBED, or CHANNEL_ERROR with the server's reason. */
  outcome: Promise<{ status: string; error?: Error }>;
}

/** `channel().on('postgres_changes', ...).subscribe()` as the site writes it. */
function watch(client: TypedClient, name: string, table: string, filter?: string, event: '*' | 'INSERT' = '*'): Watch {
  const events: Watch['events'] = [];
  const system: Watch['system'] = [];
  const channel = client.channel(name).on('system', {}, (payload: Record<string, unknown>) => system.push(payload)).on<Row>(
    'postgres_changes',
    { event, schema: 'public', table, ...(filter ? { filter } : {}) },
    (payload) => events.push(payload),
  );
  const outcome = new Promise<{ status: string; error?: Error }>((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') resolve({ status, error });
    });
  });
  return { channel, events, system, outcome };
}

/** A refused join: supabase-js reports CHANNEL_ERROR with the reason; it would retry, so the channel is removed. */
async function refusal(client: TypedClient, w: Watch): Promise<string | undefined> {
  const { status, error } = await w.outcome;
  await client.removeChannel(w.channel);
  return status === 'CHANNEL_ERROR' ? error?.message : `joined (${status})`;
}

async function sendContactMessage(message: string) {
  const { error } = await track(t.anon()).from('contacts').insert({ name: 'Pengunjung', email: 'pengunjung@example.com', message });
  expect(error).toBeNull();
}

describe('realtime under attack', () => {
  it('refuses a regex filter and keeps delivering the inbox to staff', async () => {
    const inbox = watch(staff, 'inbox', 'contacts');
    expect((await inbox.outcome).status).toBe('SUBSCRIBED');

    const attacker = track(t.anon());
    const regex = '^(.*)(.*)(.*)(.*)\\1\\2\\3\\4$';
    const reason = await refusal(attacker, watch(attacker, 'redos', 'contacts', `message=match.${regex}`));
    expect(reason).toBe(`Error parsing \`filter\` params: ${JSON.stringify(['match', regex]).replace(',', ', ')}`);
    for (const op of ['like', 'ilike', 'imatch']) {
      expect(await refusal(attacker, watch(attacker, `pattern-${op}`, 'contacts', `message=${op}.%a%`))).toMatch(/^Error parsing `filter` params: /);
    }

    const message = `Mohon info jadwal kunjungan ${'a'.repeat(60)}b`;
    await sendContactMessage(message);
    const delivered = await waitFor(() => inbox.events.find((e) => (e.new as Row).message === message), 5_000, 'the new message in the inbox');
    expect(delivered).toMatchObject({ eventType: 'INSERT', table: 'contacts' });
  });

  it('caps a flood of 1,800 distinct anonymous filters with Supabase\'s reply and still delivers the session guard\'s change', async () => {
    const user = await t.createUser({ status: 'pending' });
    const own = track(await t.signInAs(user));
    // The admin session guard: a signed-in account watching its own profile row.
    const guard = await subscribeProfiles(own, 'session-guard', { filter: `id=eq.${user.id}` });

    const attackers = await Promise.all(Array.from({ length: 18 }, () => RawSocket.open(t.url, t.server.anonKey).then(track)));
    attackers.forEach((socket, s) => {
      for (let c = 0; c < 100; c++) {
        const n = s * 100 + c;
        socket.send(joinFrame(String(n), `flood-${n}`, { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles', filter: `full_name=eq.x${n}` }] }));
      }
    });
    const replies = await Promise.all(attackers.flatMap((socket, s) =>
      Array.from({ length: 100 }, (_, c) => socket.next((f) => f[1] === String(s * 100 + c) && f[3] === 'phx_reply', 60_000))));
    const ok = replies.filter((f) => f[4].status === 'ok');
    const refused = replies.filter((f) => f[4].status === 'error');
    // At most 200 channels (and 200 distinct filters) per client address, 100 per socket.
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThanOrEqual(200);
    expect(refused.length).toBe(1_800 - ok.length);
    for (const reply of refused) expect(reply[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });

    const { error } = await staff.from('profiles').update({ status: 'approved' }).eq('id', user.id);
    expect(error).toBeNull();
    const update = await waitFor(() => guard.events.find((e) => e.eventType === 'UPDATE' && (e.new as Row).status === 'approved'), 5_000, 'the session guard\'s UPDATE');
    expect(update.new).toMatchObject({ id: user.id, status: 'approved' });

    // Leaving gives the address its places back.
    for (const socket of attackers) socket.close();
    const probe = track(await RawSocket.open(t.url, t.server.anonKey));
    for (let attempt = 0; ; attempt++) {
      probe.send(joinFrame(`p${attempt}`, 'after-flood', { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles' }] }));
      if ((await probe.reply(`p${attempt}`))[4].status === 'ok') break;
      expect(attempt).toBeLessThan(100);
      await sleep(50);
    }
  });

  it('refuses a join carrying more distinct filters than a socket may hold', async () => {
    const socket = track(await RawSocket.open(t.url, t.server.anonKey));
    const entries = Array.from({ length: 101 }, (_, n) => ({ event: '*', schema: 'public', table: 'profiles', filter: `full_name=eq.y${n}` }));
    socket.send(joinFrame('1', 'many', { postgres_changes: entries }));
    expect((await socket.reply('1'))[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many postgres_changes filters' } });
    // The same filter a hundred times is one filter.
    socket.send(joinFrame('2', 'same', { postgres_changes: entries.map((e) => ({ ...e, filter: 'full_name=eq.y0' })) }));
    expect((await socket.reply('2'))[4]).toMatchObject({ status: 'ok' });
  });

  it('delivers to the other subscribers when one subscriber\'s filter fails to evaluate', async () => {
    await t.server.ctx.db.exec(`
      create table public.rt_probe (id int primary key, label text, note text);
      grant select on public.rt_probe to anon;
      alter publication supabase_realtime add table public.rt_probe;`);
    await syncCaptureTriggers(t.server.ctx.db);
    await t.server.schemaChanged();
    const visitor = track(t.anon());
    const keeper = watch(visitor, 'keeper', 'rt_probe', 'label=eq.keep');
    const doomed = watch(track(t.anon()), 'doomed', 'rt_probe', 'note=eq.x');
    expect((await keeper.outcome).status).toBe('SUBSCRIBED');
    expect((await doomed.outcome).status).toBe('SUBSCRIBED');
    // A migration changes the type of the column one subscriber filters on while both are
    // subscribed: that filter no longer fits the table until its description is read again.
    await t.server.ctx.db.exec(`
      alter table public.rt_probe alter column note type integer using null;
      insert into public.rt_probe values (1, 'keep');`);
    const inserted = await waitFor(() => keeper.events.find((e) => e.eventType === 'INSERT'), 5_000, 'the INSERT');
    expect(inserted.new).toMatchObject({ id: 1, label: 'keep' });
    expect(doomed.events).toEqual([]);
    // Its channel ends with an error it can read, so the broken filter costs nothing on later changes.
    const ended = await waitFor(() => doomed.system.find((m) => m.status === 'error'), 5_000, 'the error on the broken channel');
    expect(ended).toMatchObject({ extension: 'postgres_changes', message: expect.stringMatching(/^Unable to evaluate filter note=eq\.x on public\.rt_probe: /) });
  });

  it('gives nothing to a subscriber that may not select the row or the table, and refuses its filters', async () => {
    await t.server.ctx.db.exec(`
      create table public.rt_staff_notes (id int primary key, body text);
      revoke all on public.rt_staff_notes from anon;
      grant select on public.rt_staff_notes to authenticated;
      alter publication supabase_realtime add table public.rt_staff_notes;`);
    await syncCaptureTriggers(t.server.ctx.db);
    await t.server.schemaChanged();
    const visitor = track(t.anon());
    const pending = track(await t.signInAs(await t.createUser({ status: 'pending' })));

    // No SELECT on the table: a filter there could only probe values, so it is refused.
    expect(await refusal(visitor, watch(visitor, 'notes-probe', 'rt_staff_notes', 'body=eq.rahasia')))
      .toMatch(/^Unable to subscribe to changes with given parameters\..*Exception: invalid column for filter body$/);
    const anonNotes = watch(visitor, 'notes-anon', 'rt_staff_notes');
    const staffNotes = watch(staff, 'notes-staff', 'rt_staff_notes');
    // Contact messages: every role may select the table, only staff the rows (RLS).
    const message = `Pesan rahasia ${Date.now()}`;
    const anonInbox = watch(visitor, 'inbox-anon', 'contacts');
    const pendingInbox = watch(pending, 'inbox-pending', 'contacts', `message=eq.${message}`);
    const staffInbox = watch(staff, 'inbox-staff', 'contacts', `message=eq.${message}`);
    for (const w of [anonNotes, staffNotes, anonInbox, pendingInbox, staffInbox]) expect((await w.outcome).status).toBe('SUBSCRIBED');

    await t.server.ctx.db.exec("insert into public.rt_staff_notes values (1, 'rahasia')");
    await sendContactMessage(message);
    await waitFor(() => staffNotes.events.length === 1 && staffInbox.events.length === 1, 5_000, 'the staff events');
    // A later change reaching staff means this one was handled for everyone; the heartbeats'
    // answers follow, on each socket, whatever the server sent it before.
    await t.server.ctx.db.exec("insert into public.rt_staff_notes values (2, 'lagi')");
    await waitFor(() => staffNotes.events.length === 2, 5_000, 'the second note');
    await heartbeat(visitor);
    await heartbeat(pending);
    expect(anonNotes.events).toEqual([]);
    expect(anonInbox.events).toEqual([]);
    expect(pendingInbox.events).toEqual([]);
  });
});
