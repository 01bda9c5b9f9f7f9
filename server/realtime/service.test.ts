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

/** public.profiles with an id and one text column. */
function profiles(rls: boolean, column: string): TableMeta {
  return {
    schema: 'public', table: 'profiles', qualified: '"public"."profiles"', rls, primaryKey: ['id'],
    columns: [{ name: 'id', type: 'uuid', sqlType: 'pg_catalog.uuid' }, { name: column, type: 'text', sqlType: 'pg_catalog.text' }],
  };
}

function profileUpdate(record: Record<string, unknown>): Change {
  return { id: 1, schema: 'public', table: 'profiles', type: 'UPDATE', record, oldRecord: { id: record.id }, commitTimestamp: '2026-11-23T12:00:00.000Z' };
}

describe('delivery at token expiry', () => {
  const meta = profiles(true, 'status');
  const change = profileUpdate({ id: 'u1', status: 'approved' });

  afterEach(() => vi.restoreAllMocks());

  /** A service whose RLS check takes until `checkedAt` (the clock is moved there while it runs). */
  function service(start: number, checkedAt: number) {
    let clock = start;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const db = {
      once: vi.fn(async () => {
        clock = checkedAt;
        return { rows: [{ result: [true] }] };
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
      fail: vi.fn(), end: vi.fn(),
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

describe('filter evaluation', () => {
  const meta = profiles(false, 'full_name');
  const change = profileUpdate({ id: 'u1', full_name: 'Dewi' });
  interface Statement { sql: string; params: unknown[]; prologue: string }

  afterEach(() => vi.restoreAllMocks());

  /** A database that answers like PostgreSQL would, and fails any statement holding the value `bad` with `error`. */
  function service(bad?: { value: string; error: Error }) {
    const statements: Statement[] = [];
    const db = {
      once: vi.fn(async ({ text: sql, args }: { text: string; args: string[] }, options: { prologue: string }) => {
        const params = args.map((literal) => literal.slice(1, -1));
        statements.push({ sql, params, prologue: options.prologue });
        if (bad && params.includes(bad.value)) throw bad.error;
        // Visible, then each filter (full_name=eq.<value>, its value the parameter after the row's).
        const filters = sql.match(/coalesce\(/g)?.length ?? 0;
        return { rows: [{ result: [true, ...Array.from({ length: filters }, (_, i) => params[i + 1] === 'Dewi')] }] };
      }),
    } as unknown as Db;
    const realtime = new RealtimeService(db, {} as Keys, {}, { chunkSize: 50, timeoutMs: 500, concurrency: 2 });
    vi.spyOn(realtime.catalog, 'get').mockResolvedValue(meta);
    vi.spyOn(realtime.catalog, 'selectableColumns').mockResolvedValue(new Set(['id', 'full_name']));
    return { realtime, statements };
  }

  function subscriber(value: string): Subscriber {
    return {
      topic: `realtime:${value}`,
      auth: { token: 't', claims: { role: 'anon' }, expiresAt: Date.now() + 60_000 },
      subscriptions: [{ id: 7, event: '*', schema: 'public', table: 'profiles', filter: `full_name=eq.${value}`, conditions: [{ column: 'full_name', op: 'eq', value }] }],
      send: vi.fn(),
      expire: vi.fn(),
      fail: vi.fn(), end: vi.fn(),
    };
  }

  it('evaluates 1,700 distinct filters in statements of at most 50, as the role with a short timeout', async () => {
    const { realtime, statements } = service();
    const watcher = subscriber('Dewi');
    realtime.add(watcher);
    for (let i = 0; i < 1_700; i++) realtime.add(subscriber(`x${i}`));
    await realtime.deliver(change);
    expect(watcher.send).toHaveBeenCalledOnce();
    expect(statements).toHaveLength(Math.ceil(1_701 / 50));
    for (const { sql, prologue } of statements) {
      expect(sql.match(/coalesce\(/g)!.length).toBeLessThanOrEqual(50);
      expect(prologue).toContain("set_config('role', 'anon', true)");
      expect(prologue).toMatch(/set_config\('statement_timeout', '500', true\)$/);
    }
  });

  const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('still delivers to the subscribers whose filters shared a statement with one that failed, and ends the failing channel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { realtime } = service({ value: 'broken', error: pgError('column "nickname" does not exist', '42703') });
    const watcher = subscriber('Dewi');
    const broken = subscriber('broken');
    realtime.add(broken);
    realtime.add(watcher);
    await realtime.deliver(change);
    expect(watcher.send).toHaveBeenCalledWith(expect.objectContaining({ ids: [7] }));
    expect(watcher.fail).not.toHaveBeenCalled();
    // The filter at fault ends its channel, so it cannot cost the next change a second try.
    expect(broken.send).not.toHaveBeenCalled();
    expect(broken.fail).toHaveBeenCalledWith('Unable to evaluate filter full_name=eq.broken on public.profiles: column "nickname" does not exist');
  });

  it('still delivers to the others when one filter times out, and keeps the timed-out channel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { realtime } = service({ value: 'slow', error: pgError('canceling statement due to statement timeout', '57014') });
    const watcher = subscriber('Dewi');
    const slow = subscriber('slow');
    realtime.add(slow);
    realtime.add(watcher);
    await realtime.deliver(change);
    expect(watcher.send).toHaveBeenCalledWith(expect.objectContaining({ ids: [7] }));
    expect(slow.send).not.toHaveBeenCalled();
    expect(slow.fail).not.toHaveBeenCalled();
  });
});

describe('subscribers with different claims', () => {
  const meta = profiles(true, 'full_name');
  const change = profileUpdate({ id: 'u1', full_name: 'Dewi' });

  afterEach(() => vi.restoreAllMocks());

  function subscriber(sub: string): Subscriber {
    return {
      topic: `realtime:${sub}`,
      auth: { token: 't', claims: { role: 'authenticated', sub }, expiresAt: Date.now() + 60_000 },
      subscriptions: [{ id: 7, event: '*', schema: 'public', table: 'profiles', filter: undefined, conditions: [] }],
      send: vi.fn(),
      expire: vi.fn(),
      fail: vi.fn(), end: vi.fn(),
    };
  }

  /** One shared statement answering `batch`, or failing; each group alone sees the row when its sub is `visible`. */
  function service(batch: unknown[] | Error, visible: string) {
    const texts: string[] = [];
    const db = {
      once: vi.fn(async ({ text }: { text: string }, options: { prologue: string }) => {
        texts.push(text);
        if (text.includes('evaluate_as_subscribers')) {
          if (batch instanceof Error) throw batch;
          return { rows: [{ results: batch }] };
        }
        return { rows: [{ result: [options.prologue.includes(`"sub":"${visible}"`)] }] };
      }),
    } as unknown as Db;
    const realtime = new RealtimeService(db, {} as Keys);
    vi.spyOn(realtime.catalog, 'get').mockResolvedValue(meta);
    vi.spyOn(realtime.catalog, 'selectableColumns').mockResolvedValue(new Set(['id', 'full_name']));
    return { realtime, texts };
  }

  it('are checked in one statement, each as itself', async () => {
    const { realtime, texts } = service([[true], [false]], 'u1');
    const [owner, other] = [subscriber('u1'), subscriber('u2')];
    realtime.add(owner);
    realtime.add(other);
    await realtime.deliver(change);
    expect(texts).toHaveLength(1);
    expect(owner.send).toHaveBeenCalledOnce();
    expect(other.send).not.toHaveBeenCalled();
  });

  it('are checked one group at a time when the shared statement fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { realtime, texts } = service(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }), 'u1');
    const [owner, other] = [subscriber('u1'), subscriber('u2')];
    realtime.add(owner);
    realtime.add(other);
    await realtime.deliver(change);
    expect(texts).toHaveLength(3);
    expect(owner.send).toHaveBeenCalledOnce();
    expect(other.send).not.toHaveBeenCalled();
  });
});
