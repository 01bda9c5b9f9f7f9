/**
 * Issue 43, point 4: retiring a signing key with `--now` (it leaked) ends the realtime channels
 * joined with its tokens within seconds, including a token forged with the leaked key whose `exp`
 * lies years ahead; a channel joined with the new key's token keeps streaming. And a forged token
 * cannot pick its own `exp`: a session's token keeps a channel at most JWT_EXPIRY from its issue.
 */
import { createPrivateKey } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { runKeys } from '../../server/cli/keys.ts';
import { databaseKeyStore } from '../../server/key-store.ts';
import { useTestServer } from '../support/use-test-server.ts';

vi.setConfig({ testTimeout: 60_000 });

const t = useTestServer();
/** `npm run keys` as the operator runs it beside this server. */
const keysEnv = () => ({ DATA_DIR: t.server.dataDir, DATABASE_URL: t.server.ctx.config.databaseUrl });

interface Joined {
  /** The system messages the channel got after joining. */
  closes: string[];
  ws: WebSocket;
}

/** A socket with one broadcast channel joined with `token`. */
function join(token: string, topic: string): Promise<Joined> {
  const url = `${t.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(t.server.anonKey)}&vsn=1.0.0`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const joined: Joined = { closes: [], ws };
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({
      topic: `realtime:${topic}`, event: 'phx_join', ref: '1', join_ref: '1',
      payload: { config: { broadcast: { self: false } }, access_token: token },
    })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { event: string; ref: string | null; payload: { status?: string; message?: string } };
      if (message.event === 'phx_reply' && message.ref === '1') {
        if (message.payload.status === 'ok') resolve(joined);
        else reject(new Error(`join refused: ${JSON.stringify(message.payload)}`));
      }
      if (message.event === 'system' && message.payload.status === 'error') joined.closes.push(message.payload.message ?? '');
    });
  });
}

describe('retiring a key with --now', () => {
  it('ends the channels its tokens joined, a forged far-future token too; the new key\'s channels stay', async () => {
    const user = await t.createUser({ status: 'approved' });
    const issued = (await (await t.signInAs(user)).auth.getSession()).data.session!.access_token;
    // the test server runs on a database URL, so its keys live in the database (decision 0043)
    const store = databaseKeyStore(t.server.ctx.db, t.server.dataDir, undefined);
    const [current] = (await store.keys()).filter((k) => k.status === 'current');
    const leaked = createPrivateKey({ key: current.private_jwk as never, format: 'jwk' });
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ ...decodeJwt(issued), exp: undefined })
      .setProtectedHeader({ alg: 'ES256', kid: current.kid, typ: 'JWT' })
      .setIssuedAt(now).setExpirationTime(now + 10 * 365 * 24 * 3600).sign(leaked);

    const withForged = await join(forged, 'ruang-a');
    const withIssued = await join(issued, 'ruang-b');

    await runKeys(['rotate'], keysEnv());
    await t.server.ctx.keys.reload();
    const fresh = (await (await t.signInAs(user)).auth.getSession()).data.session!.access_token;
    const withFresh = await join(fresh, 'ruang-c');

    await runKeys(['retire', '--now'], keysEnv());
    await t.server.ctx.keys.reload();

    await vi.waitUntil(() => withForged.closes.length > 0 && withIssued.closes.length > 0, { timeout: 5_000, interval: 50 });
    expect(withForged.closes[0]).toBe('JwtSignatureError: Failed to validate JWT signature');
    expect(withIssued.closes[0]).toBe('JwtSignatureError: Failed to validate JWT signature');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(withFresh.closes).toEqual([]);
    for (const s of [withForged, withIssued, withFresh]) s.ws.terminate();
  });

  it('a forged token keeps its channel no longer than JWT_EXPIRY from its issue, whatever exp it names', async () => {
    const user = await t.createUser({ status: 'approved' });
    const issued = (await (await t.signInAs(user)).auth.getSession()).data.session!.access_token;
    // the test server runs on a database URL, so its keys live in the database (decision 0043)
    const store = databaseKeyStore(t.server.ctx.db, t.server.dataDir, undefined);
    const [current] = (await store.keys()).filter((k) => k.status === 'current');
    const key = createPrivateKey({ key: current.private_jwk as never, format: 'jwk' });
    const now = Math.floor(Date.now() / 1000);
    const lifetime = t.server.ctx.config.jwtExpirySeconds;
    const forged = await new SignJWT({ ...decodeJwt(issued), exp: undefined })
      .setProtectedHeader({ alg: 'ES256', kid: current.kid, typ: 'JWT' })
      .setIssuedAt(now - lifetime + 2).setExpirationTime(now + 10 * 365 * 24 * 3600).sign(key);
    const joined = await join(forged, 'ruang-d');
    await vi.waitUntil(() => joined.closes.length > 0, { timeout: 8_000, interval: 50 });
    expect(joined.closes[0]).toMatch(/^Token has expired \d+ seconds ago$/);
    joined.ws.terminate();
  });
});
