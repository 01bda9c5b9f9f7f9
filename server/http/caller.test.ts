import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadKeys, type Keys } from '../keys.ts';
import { CallerError, callerToken, identifyCaller } from './caller.ts';

let dir: string;
let keys: Keys;
let other: Keys;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'caller-'));
  keys = await loadKeys(dir, 'caller-test-secret-with-at-least-32-characters');
  // another project: its own DATA_DIR, so its own signing key as well as its own secret
  other = await loadKeys(path.join(dir, 'other'), 'another-secret-that-is-also-32-characters-long');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const headers = (h: Record<string, string>) => new Headers(h);

async function failure(h: Record<string, string>, k = keys): Promise<CallerError> {
  try {
    await identifyCaller(k, headers(h));
  } catch (error) {
    if (error instanceof CallerError) return error;
    throw error;
  }
  throw new Error('expected the caller to be refused');
}

describe('which token speaks for the caller', () => {
  test('the bearer token wins over the apikey', () => {
    expect(callerToken(headers({ authorization: 'Bearer  user.jwt ', apikey: 'anon.key' }))).toBe('user.jwt');
  });

  test('without Authorization the apikey header, then the apikey parameter, stands in', () => {
    expect(callerToken(headers({ apikey: 'anon.key' }), 'query.key')).toBe('anon.key');
    expect(callerToken(headers({}), 'query.key')).toBe('query.key');
  });

  test('an Authorization header that is not a bearer token carries no token', () => {
    expect(callerToken(headers({ authorization: 'Basic dXNlcjpwYXNz', apikey: 'anon.key' }))).toBe('');
  });
});

describe('identifyCaller', () => {
  test('no token is anon, unauthenticated', async () => {
    expect(await identifyCaller(keys, headers({}))).toEqual({ claims: { role: 'anon' }, authenticated: false });
  });

  test('the anon key as apikey is the anon role; the service key is service_role', async () => {
    expect(await identifyCaller(keys, headers({ apikey: keys.anonKey }))).toMatchObject({ claims: { role: 'anon' }, authenticated: false });
    expect(await identifyCaller(keys, headers({ apikey: keys.serviceKey }))).toMatchObject({ claims: { role: 'service_role' }, authenticated: true });
  });

  test('a user token gives its claims', async () => {
    const token = await keys.sign({ sub: 'u1', role: 'authenticated' }, 60);
    const caller = await identifyCaller(keys, headers({ authorization: `Bearer ${token}`, apikey: keys.anonKey }));
    expect(caller.claims).toMatchObject({ sub: 'u1', role: 'authenticated' });
    expect(caller.authenticated).toBe(true);
  });

  test('a token signed with another secret is refused, even after this one was accepted', async () => {
    const token = await keys.sign({ sub: 'u1', role: 'authenticated' }, 60);
    await identifyCaller(keys, headers({ authorization: `Bearer ${token}` }));
    expect((await failure({ authorization: `Bearer ${token}` }, other)).jwt?.reason).toBe('invalid_signature');
  });

  test('expired, malformed and foreign-role tokens are refused with the reason', async () => {
    const expired = await keys.sign({ role: 'authenticated' }, -3600);
    expect((await failure({ authorization: `Bearer ${expired}` })).jwt?.reason).toBe('expired');
    expect((await failure({ authorization: 'Bearer not-a-jwt' })).jwt).toBeInstanceOf(Error);
    const postgres = await keys.sign({ role: 'postgres' }, 60);
    expect((await failure({ apikey: postgres })).role).toBe('postgres');
  });
});
