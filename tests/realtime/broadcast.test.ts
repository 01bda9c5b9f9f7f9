import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { clientFor, joined, listen } from './channels.ts';
import { heartbeat, waitFor } from './helpers.ts';

// Broadcast through supabase-js (realtime-js), in both protocol versions.
const t = useTestServer();
const clients: TypedClient[] = [];
const keep = (client: TypedClient) => (clients.push(client), client);
let member: TypedClient;
let outsider: TypedClient;

beforeAll(async () => {
  // The project's policies, as a Supabase project writes them: signed-in users read every room-*
  // channel and may send on room-w* ones.
  await t.server.ctx.db.exec(`
    create policy "read rooms" on realtime.messages for select to authenticated using (realtime.topic() like 'room-%');
    create policy "write rooms" on realtime.messages for insert to authenticated with check (realtime.topic() like 'room-w%');`);
  member = keep((await t.signedIn({ status: 'approved' })).client);
  outsider = keep((await t.signedIn({ status: 'approved' })).client);
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
});

describe.each(['1.0.0', '2.0.0'] as const)('public broadcast, vsn %s', (vsn) => {
  const anon = () => keep(clientFor(t.url, t.server.anonKey, vsn));

  it('reaches the other subscribers, and the sender only with self, acknowledged with ack', async () => {
    const name = `lobby-${vsn}`;
    const other = await listen(anon(), name);
    const quiet = await listen(anon(), name);
    const loud = await listen(anon(), name, { broadcast: { self: true, ack: true } });
    expect(await quiet.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'quiet' } })).toBe('ok');
    expect(await loud.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'loud' } })).toBe('ok');
    await waitFor(() => other.received.length === 2, 2_000, 'both broadcasts');
    expect(other.received).toEqual([
      { type: 'broadcast', event: 'hello', payload: { from: 'quiet' } },
      { type: 'broadcast', event: 'hello', payload: { from: 'loud' } },
    ]);
    await waitFor(() => loud.received.length === 2 && quiet.received.length === 1, 2_000, 'the echo to self');
    expect(loud.received.map((m) => m.payload)).toEqual([{ from: 'quiet' }, { from: 'loud' }]);
    expect(quiet.received.map((m) => m.payload)).toEqual([{ from: 'loud' }]);
  });

  it('keeps a private and a public channel of one name apart', async () => {
    const open = await listen(anon(), `room-wsplit-${vsn}`);
    const client = keep((await t.signedIn({ status: 'approved' })).client);
    const closed = await listen(client, `room-wsplit-${vsn}`, { private: true, broadcast: { self: true } });
    await open.channel.send({ type: 'broadcast', event: 'public', payload: {} });
    await closed.channel.httpSend('private', { secret: true });
    await waitFor(() => closed.received.length === 1, 2_000, 'the private message');
    await heartbeat(client);
    expect(closed.received.map((m) => m.event)).toEqual(['private']);
    expect(open.received).toEqual([]);
  });
});

describe('private channels (RLS on realtime.messages)', () => {
  it('refuses a join no SELECT policy allows, with Realtime\'s reason', async () => {
    await expect(joined(member.channel('elsewhere', { config: { private: true } })))
      .rejects.toThrow('Unauthorized: You do not have permissions to read from this Channel topic: elsewhere');
    await expect(joined(keep(t.anon()).channel('room-anon', { config: { private: true } })))
      .rejects.toThrow(/You do not have permissions to read from this Channel topic: room-anon/);
  });

  it('delivers what an INSERT policy allows and drops what it does not, without an ack', async () => {
    const reader = await listen(outsider, 'room-write', { private: true });
    const writer = await listen(member, 'room-write', { private: true, broadcast: { ack: true } });
    expect(await writer.channel.send({ type: 'broadcast', event: 'allowed', payload: { n: 1 } })).toBe('ok');
    await waitFor(() => reader.received.length === 1, 2_000, 'the allowed broadcast');

    const readOnly = await listen(member, 'room-read', { private: true, broadcast: { ack: true } });
    const watcher = await listen(outsider, 'room-read', { private: true });
    expect(await readOnly.channel.send({ type: 'broadcast', event: 'refused', payload: {} }, { timeout: 500 })).toBe('timed out');
    await heartbeat(outsider);
    expect(watcher.received).toEqual([]);
  });
});

describe('bytes (vsn 2.0.0 binary frames)', () => {
  it('carries an ArrayBuffer payload from socket and REST senders to 2.0.0 subscribers', async () => {
    const receiver = await listen(keep(clientFor(t.url, t.server.anonKey, '2.0.0')), 'bytes');
    const sender = await listen(keep(clientFor(t.url, t.server.anonKey, '2.0.0')), 'bytes');
    await sender.channel.send({ type: 'broadcast', event: 'socket', payload: new Uint8Array([1, 2, 3]).buffer });
    expect(await sender.channel.httpSend('rest', new Uint8Array([4, 5]))).toEqual({ success: true });
    await waitFor(() => receiver.received.length === 2, 2_000, 'both byte broadcasts');
    expect(receiver.received.map((m) => [m.event, [...new Uint8Array(m.payload as ArrayBuffer)]])).toEqual([['socket', [1, 2, 3]], ['rest', [4, 5]]]);
  });
});

describe('REST broadcast (httpSend, send before subscribe)', () => {
  it('delivers to public and permitted private channels and answers 202', async () => {
    const open = await listen(keep(t.anon()), 'news');
    const sender = keep(t.anon()).channel('news');
    expect(await sender.httpSend('json', { hello: 'public' })).toEqual({ success: true });
    expect(await sender.send({ type: 'broadcast', event: 'batched', payload: { n: 2 } })).toBe('ok');
    await waitFor(() => open.received.length === 2, 2_000, 'both REST broadcasts');
    expect(open.received).toEqual([
      expect.objectContaining({ type: 'broadcast', event: 'json', payload: { hello: 'public' } }),
      expect.objectContaining({ type: 'broadcast', event: 'batched', payload: { n: 2 } }),
    ]);

    // Anyone may write public rows through this endpoint: none is kept once delivered.
    const { rows } = await t.server.ctx.db.query<{ n: number }>(`select count(*)::int as n from realtime.messages where topic = 'news'`);
    expect(rows[0].n).toBe(0);

    const secret = await listen(outsider, 'room-wrest', { private: true });
    const permitted = member.channel('room-wrest', { config: { private: true } });
    expect(await permitted.httpSend('ok', { a: 1 })).toEqual({ success: true });
    await waitFor(() => secret.received.length === 1, 2_000, 'the private REST broadcast');
    // Realtime answers 202 for a private message no policy lets through, and drops it.
    const hidden = await listen(outsider, 'room-rest', { private: true });
    expect(await member.channel('room-rest', { config: { private: true } }).httpSend('no', {})).toEqual({ success: true });
    // The service role passes every policy; the database delivers in order, so once its message
    // has arrived the refused one would have too.
    expect(await keep(t.service()).channel('room-rest', { config: { private: true } }).httpSend('marker', {})).toEqual({ success: true });
    await waitFor(() => hidden.received.length > 0, 2_000, 'the marker');
    expect(hidden.received.map((m) => m.event)).toEqual(['marker']);
  });

  it('answers bad requests with Realtime\'s statuses', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}) => fetch(`${t.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: t.server.anonKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    expect((await post({ messages: [] })).status).toBe(422);
    const missing = await post({ messages: [{ topic: 'x', event: 'e' }] });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ errors: { messages: [{ payload: ["can't be blank"] }] } });
    expect((await post({ messages: [{ topic: 'x', event: 'e', payload: {} }] }, { authorization: 'Bearer forged.token.here' })).status).toBe(401);
    expect((await post({ messages: [{ topic: 'x', event: 'e', payload: {} }] }, { apikey: '' })).status).toBe(401);
    const huge = await post({ messages: [{ topic: 'x', event: 'e', payload: { text: 'x'.repeat(300 * 1024) } }] });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: 'Payload size exceeds tenant limit' });
  });
});

describe('broadcast from the database', () => {
  it('delivers realtime.send() to public and readable private channels, broadcast_changes() to private ones', async () => {
    const open = await listen(keep(t.anon()), 'from-db');
    const closed = await listen(member, 'room-db', { private: true });
    await t.server.ctx.db.exec(`
      select realtime.send('{"n": 1}', 'public-event', 'from-db', false);
      select realtime.send('{"n": 2}', 'private-event', 'room-db');
      select realtime.send('{"n": 3}', 'never', 'room-db', false);`);
    await waitFor(() => open.received.length === 1 && closed.received.length === 1, 2_000, 'both database broadcasts');
    expect(open.received[0]).toMatchObject({ event: 'public-event', payload: { n: 1, id: expect.any(String) } });
    expect(closed.received[0]).toMatchObject({ event: 'private-event', payload: { n: 2 } });

    await t.server.ctx.db.exec(`
      create table public.rt_probe (id int primary key, label text);
      create function public.rt_probe_changed() returns trigger language plpgsql as $$
      begin
        perform realtime.broadcast_changes('room-db', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger rt_probe_changed after insert on public.rt_probe for each row execute function public.rt_probe_changed();
      insert into public.rt_probe values (1, 'satu');`);
    // broadcast_changes sends private messages, as on Supabase.
    await waitFor(() => closed.received.length === 2, 2_000, 'the row change');
    expect(closed.received[1]).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table: 'rt_probe', schema: 'public', record: { id: 1, label: 'satu' }, old_record: null },
    });
  });

  it('turns a send the policies refuse into a warning, never an error for the caller', async () => {
    await t.server.ctx.db.exec(`set local role anon; select realtime.send('{"x": 1}', 'e', 'room-x');`);
    const { rows } = await t.server.ctx.db.query<{ n: number }>(`select count(*)::int as n from realtime.messages where topic = 'room-x'`);
    expect(rows[0].n).toBe(0);
  });
});
