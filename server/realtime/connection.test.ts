import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { Connection } from './connection.ts';
import { DEFAULT_LIMITS, SubscriptionBudget } from './limits.ts';
import type { RealtimeService } from './service.ts';
import { Rooms } from './rooms.ts';
import type { Db } from '../db/adapter.ts';
import { log } from '../observability/log.ts';

describe('backpressure', () => {
  function fakeSocket(bufferedAmount: number) {
    const ws = Object.assign(new EventEmitter(), {
      readyState: 1, bufferedAmount, send: vi.fn(), terminate: vi.fn(), close: vi.fn(),
    });
    const service = { remove: vi.fn(), keys: {} } as unknown as RealtimeService;
    const auth = { token: 't', claims: { role: 'anon' }, expiresAt: Date.now() + 60_000 };
    const limits = { maxBufferedBytes: 1024, maxPendingMessages: 10 };
    const connection = new Connection(ws as unknown as WebSocket, '2.0.0', auth, service, Promise.resolve(), limits, new SubscriptionBudget(DEFAULT_LIMITS), '127.0.0.1', new Rooms({} as Db));
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
    vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    connection.send(message);
    connection.send(message);
    expect(ws.send).not.toHaveBeenCalled();
    expect(ws.terminate).toHaveBeenCalledOnce();
  });
});
