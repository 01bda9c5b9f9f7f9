/**
 * The server, accounts and signed-in clients the storage tests share. The bindings are live: they
 * are filled by the beforeAll that useStorageWorld() registers in the calling test file.
 */
import path from 'node:path';
import { beforeAll, expect } from 'vitest';
import type { TestServer, TestUser, TypedClient } from '../support/server.ts';
import { useTestServer } from '../support/use-test-server.ts';
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
  const t = useTestServer();
  beforeAll(async () => {
    server = t.server;
    [admin, admin2, member, pending] = await Promise.all([
      t.createUser({ role: 'admin' }),
      t.createUser({ role: 'superadmin' }),
      t.createUser({ role: 'user' }),
      t.createUser({ role: 'admin', status: 'pending' }),
    ]);
    [adminClient, admin2Client, memberClient, pendingClient] = await Promise.all(
      [admin, admin2, member, pending].map((u) => t.signInAs(u)),
    );
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
