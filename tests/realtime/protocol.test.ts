import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime, syncCaptureTriggers, type RealtimeHandle } from '../../server/realtime/index.ts';
import type { TestUser } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { joinFrame, RawSocket, sleep, waitFor } from './helpers.ts';

// The Phoenix frames themselves, where supabase-js would hide what the server got wrong.
const t = useTestServer();
let superadmin: TestUser;
let superadminToken: string;
const sockets: RawSocket[] = [];

async function open(apikey = t.server.anonKey, vsn?: string): Promise<RawSocket> {
  const socket = await RawSocket.open(t.url, apikey, vsn);
  sockets.push(socket);
  return socket;
}

const profiles = (extra: Record<string, unknown> = {}) => ({ event: '*', schema: 'public', table: 'profiles', ...extra });

async function setStatus(id: string, status: string) {
  await t.server.ctx.db.query('update public.profiles set status = $2 where id = $1', [id, status]);
}

beforeAll(async () => {
  superadmin = await t.createUser({ role: 'superadmin', status: 'approved' });
  superadminToken = await t.mintUserToken(superadmin.id);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
});

describe('connection', () => {
  it('refuses an upgrade without a valid JWT apikey, with a JSON error', async () => {
    expect(await RawSocket.refusal(t.url, 'vsn=2.0.0')).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect(await RawSocket.refusal(t.url, 'apikey=sb_publishable_abc&vsn=2.0.0')).toMatchObject({ status: 403 });
    const noRole = await t.server.ctx.keys.sign({ iss: 'supabase' }, 3600);
    expect(await RawSocket.refusal(t.url, `apikey=${noRole}&vsn=2.0.0`)).toMatchObject({
      status: 403, body: { error: 'Fields `role` and `exp` are required in JWT' },
    });
    const expired = await t.server.ctx.keys.sign({ role: 'anon' }, -5);
    expect(await RawSocket.refusal(t.url, `apikey=${expired}&vsn=2.0.0`)).toMatchObject({
      status: 403, body: { error: expect.stringMatching(/^Token has expired \d+ seconds ago$/) },
    });
    expect(await RawSocket.refusal(t.url, `apikey=${t.server.anonKey}&vsn=9.0.0`)).toMatchObject({ status: 400 });
  });

  it('answers heartbeats on the phoenix topic, in vsn 2.0.0 arrays and 1.0.0 objects', async () => {
    const socket = await open();
    socket.send([null, '1', 'phoenix', 'heartbeat', {}]);
    expect(await socket.reply('1')).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);

    const v1 = await open(t.server.anonKey, '1.0.0');
    v1.ws.removeAllListeners('message');
    const objects: Record<string, unknown>[] = [];
    v1.ws.on('message', (data) => objects.push(JSON.parse(String(data)) as Record<string, unknown>));
    v1.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7', join_ref: null });
    expect(await waitFor(() => objects[0])).toEqual({
      topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '7', join_ref: null,
    });
  });

  it('closes the socket on a frame that is not a Phoenix message', async () => {
    const socket = await open();
    socket.send('{"not":"an array"}');
    expect((await socket.closed).code).toBe(1003);
  });
});

describe('join', () => {
  it('echoes every postgres_changes entry in order with an integer id, then sends the system message', async () => {
    const socket = await open();
    const entries = [
      profiles({ filter: `id=eq.${superadmin.id}` }),
      { event: 'INSERT', schema: 'public', table: 'profiles' },
      { event: 'DELETE', schema: 'public' },
    ];
    socket.send(joinFrame('3', 'room', { postgres_changes: entries }, superadminToken));
    const [joinRef, ref, topic, event, payload] = await socket.reply('3');
    expect([joinRef, ref, topic, event]).toEqual(['3', '3', 'realtime:room', 'phx_reply']);
    expect(payload.status).toBe('ok');
    const echoed = (payload.response as { postgres_changes: Record<string, unknown>[] }).postgres_changes;
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(entries);
    for (const { id } of echoed) expect(Number.isInteger(id) && (id as number) > 0).toBe(true);
    expect(new Set(echoed.map((e) => e.id)).size).toBe(3);
    expect(await socket.next((f) => f[3] === 'system')).toEqual(['3', null, 'realtime:room', 'system', {
      extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'room',
    }]);
  });

  it('sends each change once per channel with the ids of the matching entries, typed like the reply', async () => {
    const target = await t.createUser({ status: 'pending' });
    const socket = await open();
    const entries = [
      profiles({ filter: `id=eq.${target.id}` }),
      profiles({ filter: `id=neq.${target.id}` }),
      profiles({ filter: 'status=in.(rejected,"approved")' }),
      profiles({ filter: 'status=eq.pending' }),
      profiles({ filter: 'created_at=lt.2999-01-01T00:00:00Z' }),
      profiles({ filter: 'created_at=gte.2999-01-01' }),
      profiles({ event: 'DELETE' }),
      profiles({ event: 'update', filter: `email=in.(nobody@example.com,${target.email})` }),
    ];
    socket.send(joinFrame('5', 'filters', { postgres_changes: entries }, superadminToken));
    const reply = await socket.reply('5');
    const ids = ((reply[4].response as { postgres_changes: { id: number }[] }).postgres_changes).map((e) => e.id);

    await setStatus(target.id, 'rejected');
    // createUser's own writes may arrive first (the feed reads changes after they commit)
    const [joinRef, ref, topic, event, payload] = await socket.next((f) => f[3] === 'postgres_changes'
      && ((f[4].data as { record?: { status?: string } }).record?.status === 'rejected'));
    expect([joinRef, ref, topic, event]).toEqual([null, null, 'realtime:filters', 'postgres_changes']);
    expect(payload.ids).toEqual([ids[0], ids[2], ids[4], ids[7]]);
    const data = payload.data as Record<string, unknown>;
    expect(data).toMatchObject({ schema: 'public', table: 'profiles', type: 'UPDATE', errors: null, old_record: { id: target.id } });
    expect((data.record as Record<string, unknown>).status).toBe('rejected');
    expect(data.columns).toContainEqual({ name: 'status', type: 'account_status' });
    expect(data.columns).toContainEqual({ name: 'created_at', type: 'timestamptz' });
  });

  it('falls back to the apikey when the join carries no access_token', async () => {
    const target = await t.createUser({ status: 'pending' });
    // Connected with the superadmin's token as apikey, joined without access_token.
    const socket = await open(superadminToken);
    socket.send(joinFrame('1', 'fallback', { postgres_changes: [profiles({ filter: `id=eq.${target.id}` })] }));
    expect((await socket.reply('1'))[4].status).toBe('ok');
    await setStatus(target.id, 'approved');
    await socket.next((f) => f[3] === 'postgres_changes');
  });

  it.each([
    ['a private channel no policy lets it read', { private: true, postgres_changes: [profiles()] }, /^Unauthorized: You do not have permissions to read from this Channel topic: bad$/],
    ['an unknown table', { postgres_changes: [{ event: '*', schema: 'public', table: 'nope' }] }, /does not exist/],
    ['an unknown event', { postgres_changes: [profiles({ event: 'TRUNCATE' })] }, /event/],
    ['an unknown filter column', { postgres_changes: [profiles({ filter: 'nope=eq.1' })] }, /invalid column for filter nope/],
    ['an unknown operator', { postgres_changes: [profiles({ filter: 'id=near.1' })] }, /^Error parsing `filter` params: \["near", "1"\]$/],
    ['a value of the wrong type', { postgres_changes: [profiles({ filter: 'id=eq.not-a-uuid' })] }, /uuid/],
  ])('answers %s with an error reply and no subscription', async (_name, config, reason) => {
    const socket = await open();
    socket.send(joinFrame('1', 'bad', config));
    const [, , , event, payload] = await socket.reply('1');
    expect(event).toBe('phx_reply');
    expect(payload).toEqual({ status: 'error', response: { reason: expect.stringMatching(reason) } });
    expect(socket.frames.some((f) => f[3] === 'system')).toBe(false);
  });

  it('refuses a join whose access_token is expired or forged', async () => {
    const socket = await open();
    const expired = await t.server.ctx.keys.sign({ role: 'authenticated', sub: superadmin.id }, -1);
    socket.send(joinFrame('1', 'expired', { postgres_changes: [profiles()] }, expired));
    expect((await socket.reply('1'))[4]).toEqual({ status: 'error', response: { reason: expect.stringMatching(/Token has expired/) } });
    const [h, p] = superadminToken.split('.');
    socket.send(joinFrame('2', 'forged', { postgres_changes: [profiles()] }, `${h}.${p}.AAAA`));
    expect((await socket.reply('2'))[4]).toMatchObject({ status: 'error', response: { reason: expect.stringMatching(/JwtSignatureError/) } });
  });
});

describe('after the join', () => {
  it('replies ok to phx_leave and sends nothing more on that topic', async () => {
    const target = await t.createUser({ status: 'pending' });
    const socket = await open();
    socket.send(joinFrame('1', 'leaving', { postgres_changes: [profiles({ filter: `id=eq.${target.id}` })] }, superadminToken));
    await socket.reply('1');
    socket.send(['1', '2', 'realtime:leaving', 'phx_leave', {}]);
    expect(await socket.reply('2')).toEqual(['1', '2', 'realtime:leaving', 'phx_reply', { status: 'ok', response: {} }]);
    // createUser's own writes may still be delivered before the leave (on PostgreSQL the feed
    // re-reads late commits), so only frames after the leave reply count.
    const afterLeave = socket.frames.length;
    // A channel still joined on the same socket sees a later change; frames on one socket keep
    // their order, so once it has arrived anything meant for the left channel would have too.
    socket.send(joinFrame('3', 'staying', { postgres_changes: [profiles({ filter: `id=eq.${target.id}` })] }, superadminToken));
    await socket.reply('3');
    await setStatus(target.id, 'approved');
    await setStatus(target.id, 'rejected');
    await socket.next((f) => f[2] === 'realtime:staying' && f[3] === 'postgres_changes' && JSON.stringify(f[4]).includes('rejected'));
    expect(socket.frames.slice(afterLeave).some((f) => f[2] === 'realtime:leaving' && f[3] === 'postgres_changes')).toBe(false);
  });

  it('accepts access_token pushes without a reply and closes the channel on an invalid one', async () => {
    const socket = await open();
    socket.send(joinFrame('1', 'tokens', { postgres_changes: [profiles()] }, superadminToken));
    await socket.reply('1');
    socket.send(['1', '2', 'realtime:tokens', 'access_token', { access_token: await t.mintUserToken(superadmin.id) }]);
    socket.send(['1', '3', 'realtime:tokens', 'access_token', { access_token: 'sb_publishable_ignored' }]);
    socket.send([null, '4', 'phoenix', 'heartbeat', {}]);
    await socket.reply('4');
    expect(socket.frames.filter((f) => f[1] === '2' || f[1] === '3')).toEqual([]);

    socket.send(['1', '5', 'realtime:tokens', 'access_token', { access_token: 'garbage' }]);
    const close = await socket.next((f) => f[3] === 'phx_close');
    expect(close).toEqual(['1', '1', 'realtime:tokens', 'phx_close', {}]);
    const system = socket.frames.find((f) => f[3] === 'system' && f[4].status === 'error');
    expect(system?.[4]).toMatchObject({ extension: 'system', channel: 'tokens', message: expect.stringMatching(/JwtError/) });
  });

  it('answers unknown events and unjoined topics with error replies', async () => {
    const socket = await open();
    socket.send(joinFrame('1', 'misc', { postgres_changes: [profiles()] }));
    await socket.reply('1');
    socket.send(['1', '3', 'realtime:misc', 'whatever', {}]);
    expect((await socket.reply('3'))[4]).toMatchObject({ status: 'error' });
    socket.send([null, '4', 'realtime:never-joined', 'access_token', { access_token: 'x' }]);
    expect((await socket.reply('4'))[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
  });
});

describe('what leaves the database', () => {
  it('does not let a DELETE filter probe non-key columns of a row RLS hides', async () => {
    const target = await t.createUser({ status: 'pending' });
    const socket = await open();
    socket.send(joinFrame('1', 'probe', { postgres_changes: [
      profiles({ event: 'DELETE', filter: 'status=eq.pending' }),
      profiles({ event: 'DELETE', filter: `id=eq.${target.id}` }),
    ] }));
    const ids = ((await socket.reply('1'))[4].response as { postgres_changes: { id: number }[] }).postgres_changes.map((e) => e.id);
    await t.server.ctx.db.query('delete from public.profiles where id = $1', [target.id]);
    const [, , , , payload] = await socket.next((f) => f[3] === 'postgres_changes');
    expect(payload.ids).toEqual([ids[1]]);
    expect((payload.data as Record<string, unknown>).old_record).toEqual({ id: target.id });
  });

  it('leaves out columns the role may not select, refuses filters on them, and flags tables without a key', async () => {
    await t.server.ctx.db.exec(`
      create table public.rt_notes (id int primary key, title text, secret text);
      create table public.rt_log (line text);
      revoke all on public.rt_notes from anon;
      grant select (id, title) on public.rt_notes to anon;
      grant select on public.rt_log to anon;
      alter publication supabase_realtime add table public.rt_notes, public.rt_log;`);
    await syncCaptureTriggers(t.server.ctx.db);
    await t.server.schemaChanged();
    const socket = await open();
    // As Supabase's subscription check: a column the role may not select is no column for a filter.
    socket.send(joinFrame('0', 'probe', { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_notes', filter: 'secret=eq.s' }] }));
    expect((await socket.reply('0'))[4]).toEqual({ status: 'error', response: { reason: expect.stringMatching(/Exception: invalid column for filter secret$/) } });
    socket.send(joinFrame('1', 'notes', { postgres_changes: [
      { event: 'INSERT', schema: 'public', table: 'rt_notes' },
      { event: 'INSERT', schema: 'public', table: 'rt_log' },
    ] }));
    const ids = ((await socket.reply('1'))[4].response as { postgres_changes: { id: number }[] }).postgres_changes.map((e) => e.id);
    await t.server.ctx.db.exec("insert into public.rt_notes values (1, 'judul', 's'); insert into public.rt_log values ('x');");
    const notes = await socket.next((f) => f[3] === 'postgres_changes' && (f[4].data as { table: string }).table === 'rt_notes');
    expect(notes[4].ids).toEqual([ids[0]]);
    expect(notes[4].data).toMatchObject({
      record: { id: 1, title: 'judul' },
      columns: [{ name: 'id', type: 'int4' }, { name: 'title', type: 'text' }],
    });
    expect(Object.keys((notes[4].data as { record: object }).record)).not.toContain('secret');
    const log = await socket.next((f) => f[3] === 'postgres_changes' && (f[4].data as { table: string }).table === 'rt_log');
    expect(log[4]).toEqual({ ids: [ids[1]], data: expect.objectContaining({
      type: 'INSERT', record: {}, columns: [], errors: ['Error 400: Bad Request, no primary key'],
    }) });
  });
});

describe('ordering', () => {
  it('delivers a change whose transaction commits after a later one (PostgreSQL)', async () => {
    const [early, late] = [await t.createUser({ status: 'pending' }), await t.createUser({ status: 'pending' })];
    const socket = await open();
    socket.send(joinFrame('1', 'order', { postgres_changes: [profiles({ event: 'UPDATE' })] }, superadminToken));
    await socket.reply('1');
    const updated = (id: string) => socket.frames.find((f) => f[3] === 'postgres_changes'
      && ((f[4].data as { record: { id: string } }).record.id === id));
    await t.server.ctx.db.transaction(async (tx) => {
      await tx.query("update public.profiles set status = 'approved' where id = $1", [early.id]);
      await setStatus(late.id, 'approved');
      await waitFor(() => updated(late.id), 2_000, 'the later change');
    });
    await waitFor(() => updated(early.id), 3_000, 'the change that committed last');
  });
});

describe('limits', () => {
  let http: Server;
  let realtime: RealtimeHandle;
  let url: string;

  beforeAll(async () => {
    // A second endpoint on the same database with short limits, so they can be hit quickly.
    http = createServer((_req, res) => res.end());
    realtime = attachRealtime(http, t.server.ctx, { idleTimeoutMs: 300, subscriptions: { channelsPerSocket: 2 }, feed: { pruneEveryMs: 100, keepMs: 0 } });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await realtime?.close();
    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
  });

  it('disconnects a client that stops sending heartbeats', async () => {
    const socket = await RawSocket.open(url, t.server.anonKey);
    const started = Date.now();
    await socket.closed;
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('prunes the change queue once changes are read', async () => {
    const target = await t.createUser({ status: 'pending' });
    await setStatus(target.id, 'approved');
    const count = async () => Number((await t.server.ctx.db.query<{ n: string }>('select count(*)::text as n from realtime.changes')).rows[0].n);
    expect(await count()).toBeGreaterThan(0);
    const deadline = Date.now() + 3_000;
    while ((await count()) > 0) {
      if (Date.now() > deadline) throw new Error('realtime.changes was not pruned');
      await sleep(50);
    }
  });

  it('caps the channels per connection', async () => {
    const socket = await RawSocket.open(url, t.server.anonKey);
    for (const ref of ['1', '2', '3']) socket.send(joinFrame(ref, `c${ref}`, { postgres_changes: [profiles()] }));
    expect((await socket.reply('2'))[4].status).toBe('ok');
    expect((await socket.reply('3'))[4]).toMatchObject({ status: 'error', response: { reason: expect.stringMatching(/Too many channels/) } });
    socket.close();
  });
});
