import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/adapter.ts';
import type { Keys } from '../keys.ts';
import type { Change } from './feed.ts';
import { RealtimeService, subscriptionId, type Subscriber } from './service.ts';
import type { TableMeta } from './tables.ts';

describe('subscription ids', () => {
  it('are stable positive integers below 2^27 that differ by params', () => {
    const a = subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.1' });
    expect(subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.1' })).toBe(a);
    expect(subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.2' })).not.toBe(a);
    expect(Number.isInteger(a) && a > 0 && a < 2 ** 27).toBe(true);
  });
});

describe('delivery at token expiry', () => {
  const meta: TableMeta = {
    schema: 'public', table: 'profiles', qualified: '"public"."profiles"', rls: true, primaryKey: ['id'],
    columns: [{ name: 'id', type: 'uuid', sqlType: 'pg_catalog.uuid' }, { name: 'status', type: 'text', sqlType: 'pg_catalog.text' }],
  };
  const change: Change = {
    id: 1, schema: 'public', table: 'profiles', type: 'UPDATE', record: { id: 'u1', status: 'approved' }, oldRecord: { id: 'u1' },
    commitTimestamp: '2026-11-23T12:00:00.000Z',
  };

  afterEach(() => vi.restoreAllMocks());

  /** A service whose RLS check takes until `checkedAt` (the clock is moved there while it runs). */
  function service(start: number, checkedAt: number) {
    let clock = start;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const db = {
      query: vi.fn(async () => {
        clock = checkedAt;
        return { rows: [{ visible: [true] }] };
      }),
    } as unknown as Db;
    const realtime = new RealtimeService(db, {} as Keys);
    vi.spyOn(realtime.catalog, 'get').mockResolvedValue(meta);
    vi.spyOn(realtime.catalog, 'selectableColumns').mockResolvedValue(new Set(['id', 'status']));
    return realtime;
  }

  function subscriber(expiresAt: number): Subscriber {
    return {
      topic: 'realtime:own-profile',
      auth: { token: 't', claims: { role: 'authenticated', sub: 'u1' }, expiresAt },
      subscriptions: [{ id: 7, event: '*', schema: 'public', table: 'profiles', filter: undefined, conditions: [] }],
      send: vi.fn(),
      expire: vi.fn(),
    };
  }

  it('sends a change checked while the token is still valid', async () => {
    const realtime = service(1_000_000, 1_000_500);
    const watcher = subscriber(1_001_000);
    realtime.add(watcher);
    await realtime.deliver(change);
    expect(watcher.send).toHaveBeenCalledWith(expect.objectContaining({ ids: [7] }));
    expect(watcher.expire).not.toHaveBeenCalled();
  });

  it('ends the channel instead of sending when the token runs out while the change is checked', async () => {
    const realtime = service(1_000_000, 1_001_000);
    const watcher = subscriber(1_001_000);
    realtime.add(watcher);
    await realtime.deliver(change);
    expect(watcher.send).not.toHaveBeenCalled();
    expect(watcher.expire).toHaveBeenCalledOnce();
  });
});
