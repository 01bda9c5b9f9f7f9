/**
 * Two servers over one PostgreSQL (DATABASE_URL), the second started with an empty DATA_DIR: it
 * verifies the first's tokens and signs with the same current key, and `npm run keys -- rotate`
 * run beside neither of them moves both to the new key without a restart.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../../server/cli/keys.ts';
import { createUser, startTestServer, type TestServer, type TestUser } from '../support/server.ts';

let first: TestServer;
let second: TestServer;
let user: TestUser;

beforeAll(async () => {
  first = await startTestServer();
  user = await createUser(first, { role: 'user', status: 'approved' });
  second = await startTestServer({ databaseUrl: first.ctx.config.databaseUrl });
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

async function signIn(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST', headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const userStatus = async (server: TestServer, token: string) =>
  (await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey, Authorization: `Bearer ${token}` } })).status;

describe('keys shared through the database', () => {
  it('a second server with an empty DATA_DIR accepts the first one\'s tokens and API keys, and signs with the same key', async () => {
    expect(second.anonKey).toBe(first.anonKey);
    expect(second.serviceKey).toBe(first.serviceKey);
    const fromFirst = await signIn(first);
    expect(await userStatus(second, fromFirst)).toBe(200);
    const fromSecond = await signIn(second);
    expect(decodeProtectedHeader(fromSecond).kid).toBe(decodeProtectedHeader(fromFirst).kid);
    expect(await userStatus(first, fromSecond)).toBe(200);
    // the rows the service key reads on the second server are the first one's
    const rows = await fetch(`${second.url}/rest/v1/profiles?select=id&id=eq.${user.id}`, {
      headers: { apikey: second.serviceKey, Authorization: `Bearer ${second.serviceKey}` },
    });
    expect(await rows.json()).toEqual([{ id: user.id }]);
    // DATA_DIR keeps a copy for backups and operator scripts
    const copy = JSON.parse(readFileSync(path.join(second.dataDir, 'signing-keys.json'), 'utf8')) as { keys: { kid: string }[] };
    expect(copy.keys.map((k) => k.kid)).toContain(decodeProtectedHeader(fromFirst).kid);
  });

  it('a rotation from a third machine reaches both servers without a restart', async () => {
    const before = await signIn(first);
    const operatorDir = mkdtempSync(path.join(os.tmpdir(), 'skd-keys-'));
    try {
      const out = await runKeys(['rotate'], { DATA_DIR: operatorDir, DATABASE_URL: first.ctx.config.databaseUrl });
      const kid = out.match(/New current key (\S+);/)?.[1];
      expect(kid).toBeTruthy();
      expect(kid).not.toBe(decodeProtectedHeader(before).kid);
      for (const server of [first, second]) {
        await expect.poll(async () => decodeProtectedHeader(await signIn(server)).kid, { timeout: 10_000, interval: 300 }).toBe(kid);
        // the key before still verifies until it is retired
        expect(await userStatus(server, before)).toBe(200);
      }
    } finally {
      rmSync(operatorDir, { recursive: true, force: true });
    }
  });
});
