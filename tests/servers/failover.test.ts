/**
 * Two server processes behind deploy/haproxy.cfg over one PostgreSQL (DATABASE_URL) and one S3
 * (s3rver), writes (contact messages) and photo uploads going on through the balancer and realtime
 * subscribers on it, then `kill -9` of one server: every acknowledged write and upload is readable
 * through the survivor, requests fail at most until the balancer's check takes the dead server
 * out, and the subscribers come back, catch up on the changes made while they were away (realtime
 * does not replay them: joinWithCatchUp, which the admin screens use, re-reads on every rejoin)
 * and receive changes again.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { loadKeys } from '../../server/keys.ts';
import { waitFor } from '../realtime/helpers.ts';
import { haproxyMissing, startHaproxy, type Balancer } from '../support/haproxy.ts';
import { exited, startServerProcess } from '../support/server-process.ts';
import { startS3rver, type S3Server } from '../support/s3rver.ts';
import { createTemplateDatabase } from '../support/template-db.ts';
import { joinWithCatchUp } from '../../src/lib/realtime/catch-up.ts';
import { png } from '../storage/fixtures.ts';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 90_000 });

const missing = haproxyMissing();
const contact = (name: string) => ({ name, email: 'warga@example.com', message: 'Pesan uji alih server.' });
const dirs: string[] = [];
const children: ChildProcess[] = [];
let balancer: Balancer | undefined;
let s3: S3Server | undefined;
let dataDir1: string;
let serverUrls: string[];

afterAll(async () => {
  await balancer?.stop();
  await s3?.stop();
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(missing)(`failover behind HAProxy${missing ? ` (skipped: ${missing})` : ''}`, () => {
  beforeAll(async () => {
    const databaseUrl = await createTemplateDatabase(process.env.TEST_DATABASE_URL_BASE!);
    s3 = await startS3rver();
    const servers = [];
    for (const name of ['satu', 'dua']) {
      const dir = mkdtempSync(path.join(os.tmpdir(), `skd-failover-${name}-`));
      dirs.push(dir);
      const server = await startServerProcess({
        PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: databaseUrl, SEED_DEMO: 'false', SERVE_SITE: 'false',
        TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn', INTEGRITY_INTERVAL: '0', ...s3.env({ STORAGE_BACKEND: 's3', STORAGE_S3_BUCKET: 'skd-failover' }),
      });
      children.push(server.process);
      servers.push(server);
    }
    dataDir1 = dirs[0];
    const address = (url: string) => url.replace(/^http:\/\//, '');
    serverUrls = servers.map((server) => server.url);
    balancer = await startHaproxy(address(servers[0].url), address(servers[1].url));
  });

  it('keeps every acknowledged write, fails requests only until the check takes the dead server out, and realtime comes back', async () => {
    const lb = balancer!;
    const { serviceKey } = await loadKeys(dataDir1, undefined);
    const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' };
    // realtime clients through the balancer, until each server holds at least one
    const received: string[][] = [];
    // what each subscriber knows: the changes it received and what its catch-up reads found
    const known: Set<string>[] = [];
    const absences: { from: number; to?: number }[][] = [];
    const catchUps: Promise<void>[] = [];
    // as the admin screens' queries do, a read that fails (a request still sent to the dead server) is tried again
    const readAll = async (into: Set<string>) => {
      for (let attempt = 0; attempt < 40; attempt++) {
        const res = await fetch(`${lb.url}/rest/v1/contacts?select=name&name=like.tulis-*`, { headers }).catch(() => undefined);
        if (res?.status === 200) return void ((await res.json()) as { name: string }[]).forEach((row) => into.add(row.name));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('the catch-up read never succeeded');
    };
    const channels: RealtimeChannel[] = [];
    const sockets = async (url: string) => Number(/^realtime_sockets (\d+)$/m.exec(await (await fetch(`${url}/metrics`)).text())?.[1]);
    for (let i = 0; i < 8 && (i < 3 || (await sockets(serverUrls[0])) === 0 || (await sockets(serverUrls[1])) === 0); i++) {
      // a client's connections may fall in step with round robin and all land on one server: shift it by one request
      if (i >= 3) await fetch(`${lb.url}/healthz`);
      const list: string[] = [];
      received.push(list);
      known.push(new Set());
      absences.push([]);
      const client = createClient(lb.url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
      const channel = client.channel(`alih-${i}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'contacts' },
        (payload) => { list.push((payload.new as { name: string }).name); known[i].add((payload.new as { name: string }).name); });
      await new Promise<void>((resolve) => joinWithCatchUp(channel, {
        what: `alih-${i}`,
        catchUp: () => { catchUps.push(readAll(known[i])); resolve(); },
        onLive: (live) => {
          const last = absences[i].at(-1);
          if (!live && (!last || last.to !== undefined)) absences[i].push({ from: performance.now() });
          if (live && last && last.to === undefined) last.to = performance.now();
        },
      }));
      channels.push(channel);
    }

    const results: { title: string; ok: boolean; at: number }[] = [];
    const uploads: { name: string; bytes: Buffer; ok: boolean; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const title = `tulis-${n}`;
        // a request is judged by when it was sent: one sent before the balancer's check took the
        // dead server out may come back later on a loaded machine
        const at = performance.now();
        const ok = await fetch(`${lb.url}/rest/v1/contacts`, { method: 'POST', headers, body: JSON.stringify(contact(title)) })
          .then((res) => res.status === 201, () => false);
        results.push({ title, ok, at });
        if (n % 5 !== 0) continue;
        const bytes = png(8, 8, 20_000, n);
        const name = `alih/${n}.png`;
        const sentAt = performance.now();
        const uploaded = await fetch(`${lb.url}/storage/v1/object/article_images/${name}`, {
          method: 'POST', headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'image/png' }, body: new Uint8Array(bytes),
        }).then((res) => res.status === 200, () => false);
        uploads.push({ name, bytes, ok: uploaded, at: sentAt });
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const killedAt = performance.now();
    children[0].kill('SIGKILL');
    const down = await waitFor(() => lb.lines.find((line) => /app1 is DOWN/.test(line.text)), 10_000, 'HAProxy marking app1 down');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    writing = false;
    await writer;

    const acknowledged = results.filter((r) => r.ok).map((r) => r.title);
    const failed = results.filter((r) => !r.ok);
    const read = await fetch(`${lb.url}/rest/v1/contacts?select=name&name=like.tulis-*`, { headers });
    expect(read.status, `${await read.clone().text()}\n${lb.lines.map((l) => l.text).join('\n')}`).toBe(200);
    const titles = ((await read.json()) as { name: string }[]).map((r) => r.name);
    for (const title of acknowledged) expect(titles).toContain(title);
    expect(uploads.filter((u) => u.ok).length).toBeGreaterThan(5);
    for (const upload of uploads.filter((u) => u.ok)) {
      const res = await fetch(`${lb.url}/storage/v1/object/public/article_images/${upload.name}`);
      expect(res.status, upload.name).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(upload.bytes), upload.name).toBe(true);
    }
    for (const failure of uploads.filter((u) => !u.ok)) expect(failure.at).toBeLessThan(down.at + 500);
    const switchMs = down.at - killedAt;
    expect(switchMs).toBeLessThan(3500);
    for (const failure of failed) expect(failure.at).toBeLessThan(down.at + 500);
    expect(results.filter((r) => r.at > down.at + 500).every((r) => r.ok)).toBe(true);

    // every subscriber is (again) on the survivor and receives what is written now
    const after = await fetch(`${lb.url}/rest/v1/contacts`, { method: 'POST', headers, body: JSON.stringify(contact('setelah-alih')) });
    expect(after.status).toBe(201);
    for (const list of received) await waitFor(() => list.includes('setelah-alih'), 20_000, `a subscriber receiving after the failover: ${JSON.stringify(received.map((l) => [l.length, l.slice(-3)]))}`);
    // a subscriber on the killed server was away and came back; what was written meanwhile it knows from its catch-up
    await Promise.all(catchUps);
    const away = absences.flatMap((list, i) => list.map((absence) => ({ i, ...absence })));
    expect(away.length, `a subscriber on the killed server\n${lb.lines.map((l) => `${Math.round(l.at - killedAt)} ${l.text}`).join('\n')}`).toBeGreaterThan(0);
    for (const { i, from, to } of away) {
      expect(to, `subscriber ${i} rejoined`).toBeDefined();
      const meanwhile = results.filter((r) => r.ok && r.at > from && r.at < to!).map((r) => r.title);
      expect(meanwhile.length, `writes acknowledged while subscriber ${i} was away`).toBeGreaterThan(0);
      for (const title of meanwhile) expect(known[i].has(title), `subscriber ${i} knows ${title}, written while it was away`).toBe(true);
    }
    for (const [i, set] of known.entries()) for (const title of acknowledged) expect(set.has(title), `subscriber ${i} knows ${title}`).toBe(true);
    for (const channel of channels) await channel.unsubscribe();

    const load = readFileSync('/proc/loadavg', 'utf8').trim();
    console.log(`failover: kill -9 -> HAProxy marks the server down in ${Math.round(switchMs)} ms; ${results.length} writes, ${acknowledged.length} acknowledged, `
      + `${failed.length} failed (all before the mark); ${uploads.length} uploads to S3, ${uploads.filter((u) => u.ok).length} acknowledged; `
      + `${received.length} subscribers, ${away.length} away and back after ${away.map((a) => Math.round(a.to! - a.from)).join(', ')} ms, caught up; loadavg ${load}`);
  });
});
