/**
 * Asymmetric access tokens (ES256 with kid): JWKS, every service accepting them, tokens of the
 * legacy secret still accepted, rotation and retirement, forged and confused tokens refused with
 * GoTrue's and PostgREST's answers, and supabase-js's getClaims verifying without asking the server.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runKeys } from '../../server/cli/keys.ts';
import { useTestServer } from '../support/use-test-server.ts';
import type { TestUser } from '../support/server.ts';

const t = useTestServer();
let user: TestUser;
let secret: Uint8Array;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  user = await t.createUser({ role: 'user', status: 'approved' });
  const stored = JSON.parse(readFileSync(path.join(t.server.dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string };
  secret = new TextEncoder().encode(stored.jwtSecret);
});

async function signIn(): Promise<string> {
  const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
    method: 'POST', headers: { apikey: t.server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const authUser = (token: string) =>
  fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}`, 'X-Supabase-Api-Version': '2024-01-01' } });
const restRead = (token: string) =>
  fetch(`${t.url}/rest/v1/profiles?select=id&id=eq.${user.id}`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}` } });
const storageList = (token: string) =>
  fetch(`${t.url}/storage/v1/object/list/avatars`, {
    method: 'POST', headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prefix: '' }),
  });

async function jwks(): Promise<{ keys: Record<string, unknown>[] }> {
  const res = await fetch(`${t.url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: t.server.anonKey } });
  expect(res.status).toBe(200);
  return (await res.json()) as { keys: Record<string, unknown>[] };
}

/** Joins a postgres_changes channel with `token` as the join's access_token: the phx_reply status. */
function realtimeJoin(token: string): Promise<string> {
  const url = `${t.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(t.server.anonKey)}&vsn=1.0.0`;
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const done = (value: string) => {
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      resolve(value);
    };
    ws.on('error', () => done('closed'));
    ws.on('close', () => done('closed'));
    ws.on('open', () => ws.send(JSON.stringify({
      topic: 'realtime:keys', event: 'phx_join', ref: '1', join_ref: '1',
      payload: { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles' }] }, access_token: token },
    })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { event: string; ref: string | null; payload: { status?: string } };
      if (message.event === 'phx_reply' && message.ref === '1') done(message.payload.status ?? 'unknown');
    });
  });
}

async function expectBadJwt(token: string, detail: string) {
  const res = await authUser(token);
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ code: 'bad_jwt', message: `invalid JWT: unable to parse or verify signature, ${detail}` });
  const rest = await restRead(token);
  expect(rest.status).toBe(401);
  expect(((await rest.json()) as { code: string }).code).toBe('PGRST301');
}

describe('ES256 access tokens', () => {
  it('are issued with the kid of the one published key, whose private half stays in DATA_DIR (0600)', async () => {
    const token = await signIn();
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    const { keys } = await jwks();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: header.kid, use: 'sig', key_ops: ['verify'] });
    expect(keys[0]).not.toHaveProperty('d');
    expect(statSync(path.join(t.server.dataDir, 'signing-keys.json')).mode & 0o777).toBe(0o600);
  });

  it('are accepted by auth, REST, storage and realtime', async () => {
    const token = await signIn();
    expect((await authUser(token)).status).toBe(200);
    const rest = await restRead(token);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual([{ id: user.id }]);
    expect((await storageList(token)).status).toBe(200);
    expect(await realtimeJoin(token)).toBe('ok');
  });

  it('HS256 tokens of the legacy secret, and the anon and service keys, keep working', async () => {
    const { rows } = await t.server.ctx.db.query<{ id: string }>(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (gen_random_uuid(), $1, now(), now(), 'aal1') returning id`, [user.id]);
    const legacy = await new SignJWT({ sub: user.id, role: 'authenticated', aud: 'authenticated', session_id: rows[0].id, exp: now() + 600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    expect((await authUser(legacy)).status).toBe(200);
    expect(await (await restRead(legacy)).json()).toEqual([{ id: user.id }]);
    expect(await realtimeJoin(legacy)).toBe('ok');
    expect(decodeProtectedHeader(t.server.anonKey)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { error } = await t.service().from('profiles').select('id').limit(1);
    expect(error).toBeNull();
  });

  it("supabase-js's getClaims verifies locally: the JWKS once, never GET /user", async () => {
    const requests: string[] = [];
    const client = createClient(t.url, t.server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: { fetch: (input, init) => { requests.push(new URL(String(input instanceof Request ? input.url : input)).pathname); return fetch(input, init); } },
    });
    expect((await client.auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    requests.length = 0;
    const first = await client.auth.getClaims();
    expect(first.error).toBeNull();
    expect(first.data?.claims.sub).toBe(user.id);
    expect(first.data?.header.alg).toBe('ES256');
    const second = await client.auth.getClaims();
    expect(second.data?.claims.sub).toBe(user.id);
    expect(requests).toEqual(['/auth/v1/.well-known/jwks.json']);

    const tampered = (await client.auth.getSession()).data.session!.access_token.split('.');
    tampered[1] = b64({ ...decodeJwt(tampered.join('.')), role: 'service_role' });
    const forged = await client.auth.getClaims(tampered.join('.'));
    expect(forged.data).toBeNull();
    expect(forged.error?.message).toBe('Invalid JWT signature');
  });
});

describe('forged and confused tokens', () => {
  const claims = () => ({ sub: '', role: 'authenticated', aud: 'authenticated', exp: now() + 600 });

  it('another key under the real kid, an unknown kid, HS256 signed with the public key, alg none: refused', async () => {
    const body = { ...claims(), sub: user.id };
    const kid = decodeProtectedHeader(await signIn()).kid as string;
    const { privateKey: otherKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const realPublic = createPublicKey({ key: (await jwks()).keys[0] as never, format: 'jwk' });
    const publicPem = new TextEncoder().encode(realPublic.export({ type: 'spki', format: 'pem' }) as string);

    await expectBadJwt(await new SignJWT(body).setProtectedHeader({ alg: 'ES256', kid }).sign(otherKey),
      'token signature is invalid: signature is invalid');
    await expectBadJwt(await new SignJWT(body).setProtectedHeader({ alg: 'ES256', kid: 'not-a-key' }).sign(otherKey),
      'token is unverifiable: error while executing keyfunc: unrecognized JWT kid not-a-key for algorithm ES256');
    await expectBadJwt(await new SignJWT(body).setProtectedHeader({ alg: 'ES256' }).sign(otherKey),
      'token is unverifiable: error while executing keyfunc: unrecognized JWT kid <nil> for algorithm ES256');
    await expectBadJwt(await new SignJWT(body).setProtectedHeader({ alg: 'HS256', kid }).sign(publicPem),
      'token signature is invalid: key is of invalid type');
    await expectBadJwt(await new SignJWT(body).setProtectedHeader({ alg: 'HS256' }).sign(publicPem),
      'token signature is invalid: signature is invalid');
    await expectBadJwt(`${b64({ alg: 'none', kid })}.${b64(body)}.`, 'token signature is invalid: signing method none is invalid');
    await expectBadJwt(await new SignJWT(body).setProtectedHeader({ alg: 'ES384', kid }).sign(generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey),
      'token signature is invalid: signing method ES384 is invalid');
  });
});

/** `npm run keys` as the operator runs it beside this server. */
const keysEnv = () => ({ DATA_DIR: t.server.dataDir, DATABASE_URL: t.server.ctx.config.databaseUrl });

describe('rotation', () => {
  it('a new key signs, the previous one verifies until retired; the retired one is refused everywhere', async () => {
    const before = await signIn();
    const oldKid = decodeProtectedHeader(before).kid;
    expect((await restRead(before)).status).toBe(200);

    const out = await runKeys(['rotate'], keysEnv());
    expect(out).toMatch(/^New current key [0-9a-f-]{36}; 1 previous key\(s\) still verify/);
    await t.server.ctx.keys.reload();
    const after = await signIn();
    expect(decodeProtectedHeader(after).kid).not.toBe(oldKid);
    expect((await jwks()).keys.map((k) => k.kid).sort()).toEqual([oldKid, decodeProtectedHeader(after).kid].sort());
    expect((await authUser(before)).status).toBe(200);
    expect((await restRead(before)).status).toBe(200);

    // within JWT_EXPIRY of the rotation the operator is stopped, and nothing changes
    await expect(runKeys(['retire'], keysEnv())).rejects.toThrow(/stopped signing less than 3600 s/);
    await t.server.ctx.keys.reload();
    expect((await authUser(before)).status).toBe(200);

    expect(await runKeys(['retire', '--now'], keysEnv())).toBe(`Retired ${oldKid}: tokens they signed are refused.`);
    await t.server.ctx.keys.reload();
    await expectBadJwt(before, `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${oldKid} for algorithm ES256`);
    expect((await storageList(before)).status).toBe(400);
    expect(await realtimeJoin(before)).toBe('error');
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([decodeProtectedHeader(after).kid]);
    expect((await restRead(after)).status).toBe(200);
    expect(await runKeys(['list'], keysEnv())).toMatch(new RegExp(`${oldKid}  ES256  retired`));
  });

  it('a running server picks a rotation up by itself', async () => {
    const kid = (await runKeys(['rotate'], keysEnv())).match(/New current key (\S+);/)?.[1];
    await expect.poll(async () => decodeProtectedHeader(await signIn()).kid, { timeout: 15_000, interval: 500 }).toBe(kid);
  });
});
