/**
 * Forged tokens against every service. tests/rest/hostile.test.ts and tests/auth/approval.test.ts
 * cover a wrong secret, expiry and role "postgres" on /rest/v1; these are the algorithm and claim
 * tricks (alg none, HS512 with the real secret, no exp, privileged roles) on all four services.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();
let secret: Uint8Array;
let victimId: string;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  const stored = JSON.parse(readFileSync(path.join(t.server.dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string };
  secret = new TextEncoder().encode(stored.jwtSecret);
  victimId = (await t.createUser({ role: 'user', status: 'approved' })).id;
});

/** Tokens that must all be refused; each would grant more than anon if accepted. */
async function forgedTokens(): Promise<Record<string, string>> {
  const service = { iss: 'supabase', role: 'service_role', iat: now(), exp: now() + 3600 };
  const user = { sub: victimId, role: 'authenticated', aud: 'authenticated', iat: now(), exp: now() + 3600 };
  return {
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(service)}.`,
    algNoneUpper: `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(user)}.`,
    hs512RealSecret: await new SignJWT(service).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(secret),
    hs384RealSecret: await new SignJWT(user).setProtectedHeader({ alg: 'HS384', typ: 'JWT' }).sign(secret),
    noExp: await new SignJWT({ sub: victimId, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret),
    supabaseAdmin: await new SignJWT({ role: 'supabase_admin', exp: now() + 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(secret),
    authenticator: await new SignJWT({ role: 'authenticator', exp: now() + 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(secret),
    kidTrick: await new SignJWT(service).setProtectedHeader({ alg: 'HS256', kid: '../../../dev/null' })
      .sign(new TextEncoder().encode('')).catch(() => `${b64({ alg: 'HS256', kid: '../../../dev/null' })}.${b64(service)}.`),
  };
}

describe('forged tokens', () => {
  it('are refused by /rest/v1 and change nothing', async () => {
    for (const [name, token] of Object.entries(await forgedTokens())) {
      const read = await fetch(`${t.url}/rest/v1/profiles?select=id`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}` } });
      expect([401, 403], name).toContain(read.status);
      const del = await fetch(`${t.url}/rest/v1/profiles?id=eq.${victimId}`, {
        method: 'DELETE', headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}` },
      });
      expect([401, 403], name).toContain(del.status);
    }
    const { rows } = await t.server.ctx.db.query('select 1 from public.profiles where id = $1', [victimId]);
    expect(rows).toHaveLength(1);
  });

  it('are refused by /auth/v1/user', async () => {
    for (const [name, token] of Object.entries(await forgedTokens())) {
      const res = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}` } });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
    }
  });

  it('are refused by /storage/v1 for upload and delete', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    for (const [name, token] of Object.entries(await forgedTokens())) {
      const up = await fetch(`${t.url}/storage/v1/object/avatars/${victimId}-forged-${name}.png`, {
        method: 'POST', headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' }, body: png,
      });
      expect([400, 401, 403], name).toContain(up.status);
    }
    const { rows } = await t.server.ctx.db.query("select name from storage.objects where name like '%forged%'");
    expect(rows).toEqual([]);
  });

  it('cannot join a realtime channel, neither on connect nor as the join token', async () => {
    // control: the same join with the real anon key succeeds, so a refusal below means the token
    expect(await realtimeJoin(`${t.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(t.server.anonKey)}&vsn=1.0.0`, undefined)).toBe('ok');
    for (const [name, token] of Object.entries(await forgedTokens())) {
      // connection token
      const reply = await realtimeJoin(`${t.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(token)}&vsn=1.0.0`, undefined);
      expect(reply, `${name} as apikey`).not.toBe('ok');
      // anon connection, forged access_token in the join
      const reply2 = await realtimeJoin(`${t.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(t.server.anonKey)}&vsn=1.0.0`, token);
      expect(reply2, `${name} as access_token`).not.toBe('ok');
    }
  });
});

/** Joins a postgres_changes channel on profiles; the phx_reply status, or 'closed'. */
function realtimeJoin(url: string, accessToken: string | undefined): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const done = (value: string) => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      resolve(value);
    };
    const timer = setTimeout(() => done('timeout'), 5000);
    ws.on('error', () => done('closed'));
    ws.on('unexpected-response', () => done('closed'));
    ws.on('close', () => done('closed'));
    ws.on('open', () => {
      ws.send(JSON.stringify({
        topic: 'realtime:forged', event: 'phx_join', ref: '1', join_ref: '1',
        payload: {
          config: { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles' }] },
          ...(accessToken ? { access_token: accessToken } : {}),
        },
      }));
    });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { event: string; ref: string | null; payload: { status?: string } };
      if (message.event === 'phx_reply' && message.ref === '1') done(message.payload.status ?? 'unknown');
    });
  });
}
