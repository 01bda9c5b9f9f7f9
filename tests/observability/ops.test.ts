/**
 * What an operator (and an attacker) sees of /metrics, /healthz, /readyz and X-Request-Id on a
 * running server: the metrics after real traffic, who may read them, readiness when the database
 * goes away.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { archiveName } from '../../server/backup/manifest.ts';
import { checkReadiness } from '../../server/observability/readiness.ts';
import { useTestServer } from '../support/use-test-server.ts';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';
const t = useTestServer({ readCache: true, trustProxy: ['127.0.0.1'], metricsToken: METRICS_TOKEN });

const anonGet = (p: string, headers: Record<string, string> = {}) => fetch(`${t.url}${p}`, { headers: { apikey: t.server.anonKey, ...headers } });

/** The value of one sample line, e.g. sample(text, 'http_requests_total{service="rest",method="GET",status="200"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  test('from loopback: Prometheus text with requests by service, latency, pool, caches, sockets, mail queue and process metrics', async () => {
    for (let i = 0; i < 3; i++) expect((await anonGet('/rest/v1/articles?select=id')).status).toBe(200);
    expect((await anonGet('/rest/v1/no_such_table')).status).toBe(404);
    expect((await anonGet('/auth/v1/settings')).status).toBe(200);
    expect((await anonGet('/storage/v1/bucket')).status).toBe(200);
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.server.anonKey}&vsn=1.0.0`);
    await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
    const refused = new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.server.anonKey}&vsn=9`);
    await new Promise((resolve) => refused.once('error', resolve));

    const response = await fetch(`${t.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    socket.close();

    // The second and third identical anonymous reads came from memory; this scrape is in flight.
    const exact = {
      'http_requests_total{service="rest",method="GET",status="200"}': 3,
      'http_requests_total{service="rest",method="GET",status="404"}': 1,
      'http_requests_total{service="auth",method="GET",status="200"}': 1,
      'http_requests_total{service="storage",method="GET",status="200"}': 1,
      // Websocket upgrades never reach the request listener; they are counted all the same.
      'http_requests_total{service="realtime",method="GET",status="101"}': 1,
      'http_requests_total{service="realtime",method="GET",status="400"}': 1,
      'http_request_duration_seconds_count{service="rest",method="GET"}': 4,
      'http_requests_in_flight{service="ops"}': 1,
      'cache_requests_total{cache="read",result="hit"}': 2,
      'cache_requests_total{cache="page",result="hit"}': 0,
      'db_pool_waiting{queue="pool"}': 0,
      'db_pool_waiting{queue="anonymous"}': 0,
      'db_pool_anonymous_in_use': 0,
      'realtime_sockets': 1,
      'mail_queue_notices{state="pending"}': 0,
      'mail_queue_notices{state="failed"}': 0,
    };
    expect(Object.fromEntries(Object.keys(exact).map((series) => [series, sample(text, series)]))).toEqual(exact);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",service="rest",method="GET"}');
    expect(sample(text, 'cache_requests_total{cache="read",result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  test('the mail queue counts notices waiting in the outbox', async () => {
    const user = await t.createUser({ role: 'admin' });
    const db = new pg.Client({ connectionString: t.server.ctx.config.databaseUrl });
    await db.connect();
    try {
      // Stopped, so the notice stays queued as it would behind an SMTP server that is down.
      await t.server.notices.stop();
      await db.query("insert into private.account_notices (profile_id, kind) values ($1, 'approved')", [user.id]);
      await db.query("insert into private.account_notices (profile_id, kind, attempts) values ($1, 'approved', 5)", [user.id]);
      const text = await (await fetch(`${t.url}/metrics`)).text();
      expect(sample(text, 'mail_queue_notices{state="pending"}')).toBe(1);
      expect(sample(text, 'mail_queue_notices{state="failed"}')).toBe(1);
    } finally {
      await db.end();
    }
  });

  test('the age of the newest backup in BACKUP_DIR, absent while there is none', async () => {
    const { backupDir } = t.server.ctx.config;
    expect(await (await fetch(`${t.url}/metrics`)).text()).not.toMatch(/^backup_age_seconds /m);
    mkdirSync(backupDir, { recursive: true });
    writeFileSync(path.join(backupDir, archiveName(new Date(Date.now() - 3_600_000))), 'x');
    const age = sample(await (await fetch(`${t.url}/metrics`)).text(), 'backup_age_seconds');
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3700);
  });

  test('from another address (a client behind the trusted proxy) is 403, with the token 200', async () => {
    const outside = { 'X-Forwarded-For': '203.0.113.7' };
    const refused = await fetch(`${t.url}/metrics`, { headers: outside });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('http_requests_total');
    expect((await fetch(`${t.url}/metrics`, { headers: { ...outside, Authorization: 'Bearer wrong-token-wrong-token-wrong' } })).status).toBe(403);
    expect((await fetch(`${t.url}/metrics`, { headers: { ...outside, Authorization: `Bearer ${t.server.anonKey}` } })).status).toBe(403);
    const allowed = await fetch(`${t.url}/metrics`, { headers: { ...outside, Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('http_requests_total');
  });
});

describe('request ids', () => {
  test('every answer carries one, also a read answered from memory; a trusted proxy\'s id is kept', async () => {
    const ids = new Set<string>();
    for (const p of ['/rest/v1/articles?select=id', '/rest/v1/articles?select=id', '/auth/v1/settings', '/healthz', '/nowhere']) {
      const id = (await anonGet(p)).headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(5);
    // This server trusts 127.0.0.1 as its proxy (TRUST_PROXY), as it would trust Caddy.
    const kept = await anonGet('/rest/v1/articles?select=id', { 'X-Request-Id': 'caddy-5f1c0e2a' });
    expect(kept.headers.get('x-request-id')).toBe('caddy-5f1c0e2a');
    const odd = await anonGet('/healthz', { 'X-Request-Id': 'has spaces<and>markup' });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/healthz and /readyz', () => {
  test('/healthz answers while the process runs; /readyz checks the database, migrations and storage', async () => {
    const health = await fetch(`${t.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
  });

  test('/readyz is 503 while the database refuses connections, and 200 again after', async () => {
    const url = t.server.ctx.config.databaseUrl!;
    const name = decodeURIComponent(new URL(url.replace(/^postgres(ql)?:\/\/[^/]*/, 'http://h')).pathname.slice(1));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL_BASE });
    await admin.connect();
    try {
      await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections false`);
      // The pool's connections; the change listener has its own name and reconnects by itself.
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'skadron'", [name]);
      // Answers are shared for a second, so the first after the change may still be the old one.
      await expect.poll(async () => (await fetch(`${t.url}/readyz`)).status, { timeout: 5000 }).toBe(503);
      const down = await fetch(`${t.url}/readyz`);
      expect(await down.json()).toMatchObject({ status: 'unavailable', checks: { database: 'unreachable', storage: 'ok' } });
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    } finally {
      await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections true`);
      await admin.end();
    }
    await expect.poll(async () => (await fetch(`${t.url}/readyz`)).status, { timeout: 5000 }).toBe(200);
  });

  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  test('a migration not yet applied and a storage directory that takes no file fail their checks', async () => {
    const migrations = mkdtempSync(path.join(os.tmpdir(), 'skd-migrations-'));
    dirs.push(migrations);
    writeFileSync(path.join(migrations, '99990101000000_future.sql'), 'select 1;');
    const missing = path.join(migrations, 'no-such-data-dir');
    const result = await checkReadiness(t.server.ctx.db, missing, migrations);
    expect(result).toEqual({ ok: false, checks: { database: 'ok', migrations: '1 pending', storage: 'not writable' } });
  });
});
