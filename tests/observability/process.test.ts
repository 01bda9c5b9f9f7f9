/**
 * The server as an operator runs it (its own process, LOG_LEVEL's default): what its log holds
 * after a sign-in and failing requests, and what SIGTERM does to a request still in flight and to
 * a realtime client.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { anonKeyOf, exited, startServerProcess } from '../support/server-process.ts';
import { createTemplateDatabase } from '../support/template-db.ts';
import { png } from '../storage/fixtures.ts';

const EMAIL = 'ops-admin@example.com';
const PASSWORD = 'sandi-rahasia-ops-771';
const COOKIE_SECRET = 'cookie-secret-value-5521';

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-ops-'));

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

interface LogLine { level: number; msg: string; reqId?: string; method?: string; path?: string; status?: number; ms?: number; role?: string; service?: string }

/** An upload whose body arrives in two halves, the second only when `finish` is called. */
function splitUpload(url: string, headers: Record<string, string>, body: Buffer) {
  const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } });
  const answer = new Promise<{ status: number; id: string | undefined; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, id: res.headers['x-request-id'] as string | undefined, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const started = new Promise<void>((resolve) => request.write(body.subarray(0, half), () => resolve()));
  return { started, answer, finish: () => request.end(body.subarray(half)) };
}

describe('the server process', () => {
  it('logs one JSON line per request without secrets, and on SIGTERM finishes the request in flight before it exits', async () => {
    const databaseUrl = await createTemplateDatabase(process.env.TEST_DATABASE_URL_BASE!);
    const server = await startServerProcess({
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', SERVE_SITE: 'true', DATABASE_URL: databaseUrl,
      SUPERADMIN_EMAIL: EMAIL, SUPERADMIN_PASSWORD: PASSWORD, LOG_LEVEL: '', TRUST_PROXY: '',
    });
    children.push(server.process);
    const { url } = server;
    const anonKey = await anonKeyOf(url);
    const api = { apikey: anonKey, 'content-type': 'application/json' };

    const wrong = await fetch(`${url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: api, body: JSON.stringify({ email: EMAIL, password: `${PASSWORD}-salah` }) });
    expect(wrong.status).toBe(400);
    const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { ...api, cookie: `sb=${COOKIE_SECRET}` }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as { access_token: string; refresh_token: string; user: { id: string } };
    const user = { ...api, authorization: `Bearer ${session.access_token}` };
    expect((await fetch(`${url}/auth/v1/user`, { headers: user })).status).toBe(200);
    const failing = await fetch(`${url}/rest/v1/no_such_table?select=*&apikey=${anonKey}`, { headers: user });
    expect(failing.status).toBe(404);
    const failingId = failing.headers.get('x-request-id');
    expect(failingId).toMatch(/^[0-9a-f-]{36}$/);
    // No TRUST_PROXY: a client cannot choose the id its request is logged under.
    const chosen = await fetch(`${url}/healthz`, { headers: { 'X-Request-Id': 'chosen-by-client' } });
    expect(chosen.headers.get('x-request-id')).not.toBe('chosen-by-client');

    const socket = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=1.0.0`);
    await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const upload = splitUpload(`${url}/storage/v1/object/article_images/${session.user.id}/in-flight.png`,
      { apikey: anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'image/png' }, png(8, 8, 400_000, 7));
    await upload.started;
    const exit = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    // Stopped accepting: a new connection is refused while the upload is still being received.
    await expect.poll(() => fetch(`${url}/healthz`).then(() => 'answered', () => 'refused')).toBe('refused');
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status, answer.body).toBe(200);
    // Closed after the request, with "going away": realtime-js reconnects on any close it did not ask for.
    expect(await socketClosed).toBe(1001);
    expect(await exit).toBe(0);

    const output = server.output.join('\n');
    for (const secret of [PASSWORD, session.access_token, session.refresh_token, COOKIE_SECRET, anonKey]) {
      expect(output).not.toContain(secret);
    }
    const lines = server.output.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine);
    const requests = lines.filter((l) => l.msg === 'request');
    const signInLines = requests.filter((l) => l.path === '/auth/v1/token?grant_type=password');
    expect(signInLines.map((l) => [l.status, l.role, l.service])).toEqual([[400, 'anon', 'auth'], [200, 'anon', 'auth']]);
    const failed = requests.find((l) => l.reqId === failingId);
    expect(failed).toMatchObject({ method: 'GET', path: '/rest/v1/no_such_table?select=*&apikey=[redacted]', status: 404, role: 'authenticated', service: 'rest' });
    expect(typeof failed!.ms).toBe('number');
    const uploaded = requests.find((l) => l.reqId === answer.id);
    expect(uploaded).toMatchObject({ method: 'POST', status: 200, role: 'authenticated', service: 'storage' });
    expect(lines.some((l) => l.msg === 'SIGTERM: shutting down')).toBe(true);
  });
});
