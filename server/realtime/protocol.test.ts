import { describe, expect, it } from 'vitest';
import { BinaryPayload, decodeBinary, decodeText, encode, ProtocolError } from './protocol.ts';

describe('framing', () => {
  it('decodes and encodes both protocol versions', () => {
    expect(decodeText('2.0.0', '["1","2","realtime:x","phx_join",{"a":1}]'))
      .toEqual({ joinRef: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: { a: 1 } });
    expect(decodeText('1.0.0', '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}'))
      .toEqual({ joinRef: null, ref: '3', topic: 'phoenix', event: 'heartbeat', payload: {} });
    const message = { joinRef: null, ref: '3', topic: 't', event: 'e', payload: {} };
    expect(encode('2.0.0', message)).toBe('[null,"3","t","e",{}]');
    expect(JSON.parse(encode('1.0.0', message) as string)).toEqual({ join_ref: null, ref: '3', topic: 't', event: 'e', payload: {} });
    for (const bad of ['nope', '[1,2,3]', '["1","2",3,"e",{}]', '{}']) expect(() => decodeText('2.0.0', bad)).toThrow(ProtocolError);
  });

  it('reads binary broadcast pushes (JSON and bytes) and writes user broadcasts for 2.0.0 only', () => {
    const strings = ['1', '2', 'realtime:x', 'ev', ''];
    const header = Buffer.from([3, ...strings.map((s) => s.length), 1]);
    const frame = Buffer.concat([header, Buffer.from(strings.join(''), 'latin1'), Buffer.from('{}')]);
    expect(decodeBinary(frame)).toEqual({
      joinRef: '1', ref: '2', topic: 'realtime:x', event: 'broadcast', payload: { type: 'broadcast', event: 'ev', payload: {} },
    });
    const bytes = Buffer.concat([Buffer.from([3, ...strings.map((s) => s.length), 0]), Buffer.from(strings.join(''), 'latin1'), Buffer.from([7, 8])]);
    const inner = (decodeBinary(bytes).payload as { payload: BinaryPayload }).payload;
    expect([...inner.bytes]).toEqual([7, 8]);
    const broadcast = { joinRef: null, ref: null, topic: 'realtime:x', event: 'broadcast', payload: { type: 'broadcast', event: 'ev', payload: inner } };
    expect(encode('2.0.0', broadcast)).toEqual(Buffer.concat([Buffer.from([4, 10, 2, 0, 0]), Buffer.from('realtime:xev'), Buffer.from([7, 8])]));
    expect(encode('1.0.0', broadcast)).toBeUndefined();
    expect(() => decodeBinary(Buffer.concat([header, Buffer.from(strings.join(''), 'latin1'), Buffer.from('{nope')]))).toThrow(ProtocolError);
    expect(() => decodeBinary(Buffer.from([3, 9, 9, 9, 9, 0, 1]))).toThrow(ProtocolError);
  });
});
