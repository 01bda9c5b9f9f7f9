/**
 * A request that cannot get a database connection within the pool's acquisition timeout gets
 * PostgREST's 504 PGRST003 instead of waiting without end; the pool serves again once freed.
 */
import { describe, expect, test } from 'vitest';
import type { Db } from '../../server/db/adapter.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ dbPoolSize: 2, dbAnonConcurrency: 1, dbPoolAcquisitionTimeoutMs: 300 });

function anonGet(path: string) {
  const key = t.server.anonKey;
  return fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
}

/** Holds connections in open transactions until the returned function is called. */
async function hold(db: Db, count: number, anonymous: boolean): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const started: Promise<void>[] = [];
  const done: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    let begun!: () => void;
    started.push(new Promise<void>((resolve) => { begun = resolve; }));
    done.push(db.transaction(async () => { begun(); await gate; }, { anonymous }));
  }
  await Promise.all(started);
  return async () => { release(); await Promise.all(done); };
}

const TIMED_OUT = { code: 'PGRST003', details: null, hint: null, message: 'Timed out acquiring connection from connection pool.' };

describe('pool acquisition timeout', () => {
  test('every connection taken: 504 PGRST003, then served again once one is free', async () => {
    const free = await hold(t.server.ctx.db, 2, false);
    try {
      const res = await anonGet('articles?select=id');
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual(TIMED_OUT);
    } finally {
      await free();
    }
    expect((await anonGet('articles?select=id')).status).toBe(200);
  });

  test("the anonymous requests' share taken: 504 PGRST003 for the next anonymous one", async () => {
    const free = await hold(t.server.ctx.db, 1, true);
    try {
      const res = await anonGet('articles?select=id');
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual(TIMED_OUT);
    } finally {
      await free();
    }
    expect((await anonGet('articles?select=id')).status).toBe(200);
  });
});
