import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { Connection } from '../../server/realtime/connection.ts';
import { FilterError, parseFilter } from '../../server/realtime/filters.ts';
import { decodeBinary, decodeText, encode, ProtocolError } from '../../server/realtime/protocol.ts';
import type { RealtimeService } from '../../server/realtime/service.ts';
import { subscriptionId } from '../../server/realtime/service.ts';

describe('filter parsing', () => {
  it('reads what realtime-js filter builder writes', () => {
    expect(parseFilter('id=eq.42')).toEqual([{ column: 'id', op: 'eq', negate: false, value: '42' }]);
    expect(parseFilter('name=eq."a,b (c)"')).toEqual([{ column: 'name', op: 'eq', negate: false, value: 'a,b (c)' }]);
    expect(parseFilter('name=eq."say \\"hi\\""')[0].value).toBe('say "hi"');
    expect(parseFilter('status=in.(approved,"re,jected")')[0].value).toEqual(['approved', 're,jected']);
    expect(parseFilter('a=gt.1,b=not.is.null')).toEqual([
      { column: 'a', op: 'gt', negate: false, value: '1' },
      { column: 'b', op: 'is', negate: true, value: 'null' },
    ]);
    // Only the first dot separates operator and value.
    expect(parseFilter('ts=lt.2024-01-01T00:00:00.5Z')[0].value).toBe('2024-01-01T00:00:00.5Z');
  });

  it.each(['id', 'id=42', 'id=like', 'id=between.1', 'id=in.1,2', 'id=is.maybe', 'id=eq."open', '=eq.1'])(
    'refuses %s', (filter) => {
      expect(() => parseFilter(filter)).toThrow(FilterError);
    },
  );
});

describe('framing', () => {
  it('decodes and encodes both protocol versions', () => {
    expect(decodeText('2.0.0', '["1","2","realtime:x","phx_join",{"a":1}]'))
      .toEqual({ joinRef: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: { a: 1 } });
    expect(decodeText('1.0.0', '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}'))
      .toEqual({ joinRef: null, ref: '3', topic: 'phoenix', event: 'heartbeat', payload: {} });
    const message = { joinRef: null, ref: '3', topic: 't', event: 'e', payload: {} };
    expect(encode('2.0.0', message)).toBe('[null,"3","t","e",{}]');
    expect(JSON.parse(encode('1.0.0', message))).toEqual({ join_ref: null, ref: '3', topic: 't', event: 'e', payload: {} });
    for (const bad of ['nope', '[1,2,3]', '["1","2",3,"e",{}]', '{}']) expect(() => decodeText('2.0.0', bad)).toThrow(ProtocolError);
  });

  it('reads the refs and topic of a binary broadcast push so it can be answered', () => {
    const strings = ['1', '2', 'realtime:x', 'ev', ''];
    const header = Buffer.from([3, ...strings.map((s) => s.length), 1]);
    const frame = Buffer.concat([header, Buffer.from(strings.join(''), 'latin1'), Buffer.from('{}')]);
    expect(decodeBinary(frame)).toMatchObject({ joinRef: '1', ref: '2', topic: 'realtime:x', event: 'broadcast' });
    expect(() => decodeBinary(Buffer.from([3, 9, 9, 9, 9, 0, 1]))).toThrow(ProtocolError);
  });
});

describe('subscription ids', () => {
  it('are stable positive integers below 2^27 that differ by params', () => {
    const a = subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.1' });
    expect(subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.1' })).toBe(a);
    expect(subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.2' })).not.toBe(a);
    expect(Number.isInteger(a) && a > 0 && a < 2 ** 27).toBe(true);
  });
});

describe('backpressure', () => {
  function fakeSocket(bufferedAmount: number) {
    const ws = Object.assign(new EventEmitter(), {
      readyState: 1, bufferedAmount, send: vi.fn(), terminate: vi.fn(), close: vi.fn(),
    });
    const service = { remove: vi.fn(), keys: {} } as unknown as RealtimeService;
    const auth = { token: 't', claims: { role: 'anon' }, expiresAt: Date.now() + 60_000 };
    const limits = { maxBufferedBytes: 1024, maxChannels: 10, maxPendingMessages: 10 };
    const connection = new Connection(ws as unknown as WebSocket, '2.0.0', auth, service, Promise.resolve(), limits);
    return { ws, connection };
  }
  const message = { joinRef: null, ref: null, topic: 'realtime:x', event: 'postgres_changes', payload: {} };

  it('sends while the client keeps up', () => {
    const { ws, connection } = fakeSocket(100);
    connection.send(message);
    expect(ws.send).toHaveBeenCalledOnce();
    expect(ws.terminate).not.toHaveBeenCalled();
  });

  it('drops a client whose unsent bytes pass the limit instead of queueing more', () => {
    const { ws, connection } = fakeSocket(4096);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    connection.send(message);
    connection.send(message);
    expect(ws.send).not.toHaveBeenCalled();
    expect(ws.terminate).toHaveBeenCalledOnce();
  });
});
