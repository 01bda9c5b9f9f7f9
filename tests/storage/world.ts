/**
 * The server, accounts and signed-in clients the storage tests share. The bindings are live: they
 * are filled by the beforeAll that useStorageWorld() registers in the calling test file.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, signInAs, startTestServer, type TestServer, type TestUser, type TypedClient } from '../support/server.ts';
import { filesUnder } from './fixtures.ts';

export let server: TestServer;
export let admin: TestUser;
export let admin2: TestUser;
export let member: TestUser;
export let pending: TestUser;
export let adminClient: TypedClient;
export let admin2Client: TypedClient;
export let memberClient: TypedClient;
export let pendingClient: TypedClient;

export function useStorageWorld(): void {
  beforeAll(async () => {
    server = await startTestServer();
    [admin, admin2, member, pending] = await Promise.all([
      createUser(server, { role: 'admin' }),
      createUser(server, { role: 'superadmin' }),
      createUser(server, { role: 'user' }),
      createUser(server, { role: 'admin', status: 'pending' }),
    ]);
    [adminClient, admin2Client, memberClient, pendingClient] = await Promise.all(
      [admin, admin2, member, pending].map((u) => signInAs(server, u)),
    );
  });

  afterAll(async () => {
    await server?.stop();
  });
}

export const storageDir = () => path.join(server.dataDir, 'storage');
export const bucketFiles = (bucket: string) => filesUnder(path.join(storageDir(), bucket));

/** storage-js's error as the app sees it. */
export function expectStorageError(error: unknown, statusCode: string, message?: string | RegExp) {
  expect(error).toBeTruthy();
  const e = error as { status: number; statusCode: string; message: string };
  expect(e.status).toBe(Number(statusCode) >= 500 ? 500 : 400);
  expect(e.statusCode).toBe(statusCode);
  if (message !== undefined) expect(e.message).toMatch(message);
}

export async function rawFetch(pathname: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${server.url}${pathname}`, { ...init, headers: { apikey: server.anonKey, ...init.headers } });
}
