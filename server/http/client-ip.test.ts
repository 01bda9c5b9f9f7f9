import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAddress, type PlainRequest } from './client-ip.ts';

function request(peer: string, forwardedFor?: string): PlainRequest {
  return { socket: { remoteAddress: peer } as Socket, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} };
}

describe('clientAddress of a plain request (the realtime upgrade)', () => {
  it('takes the client behind a trusted proxy, skipping trusted hops', () => {
    expect(clientAddress(request('::ffff:10.0.0.2', '198.51.100.7, 10.0.0.3'), ['10.0.0.2', '10.0.0.3'])).toBe('198.51.100.7');
  });

  it('ignores the header of a client that is no trusted proxy', () => {
    expect(clientAddress(request('203.0.113.9', '127.0.0.1'), ['10.0.0.2'])).toBe('203.0.113.9');
  });
});
