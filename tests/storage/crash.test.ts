import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Db } from '../../server/db/adapter.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { anonKeyOf, exited, startServerProcess } from '../support/server-process.ts';
import { createTemplateDatabase } from '../support/template-db.ts';
import { asFile, filesUnder, md5, png } from './fixtures.ts';

const EMAIL = 'crash-admin@example.com';
const PASSWORD = 'rahasia-crash-123';

let anonKey = '';

function client(url: string) {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}


/** An upload that sends half its bytes and then stalls, so the kill lands in the middle of a stream. */
function stalledUpload(url: string, token: string, name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(`${url}/storage/v1/object/article_images/${name}`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png', 'content-length': String(2_000_000) },
    });
    request.on('error', () => resolve());
    request.on('response', () => resolve());
    request.write(png(4, 4, 2_000_000, 99).subarray(0, 1_000_000), () => resolve());
  });
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-crash-'));

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('after kill -9 during uploads, every acknowledged upload is intact and no orphan file or row exists', async () => {
    const databaseUrl = await createTemplateDatabase(process.env.TEST_DATABASE_URL_BASE!);
    const env: Record<string, string> = {
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', SERVE_SITE: 'true',
      SUPERADMIN_EMAIL: EMAIL, SUPERADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl,
    };

    let child = await startServerProcess(env);
    children.push(child.process);
    anonKey = await anonKeyOf(child.url);
    const admin = client(child.url);
    const { data: session, error: signInError } = await admin.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    expect(signInError).toBeNull();
    const uid = session.user!.id;
    const token = session.session!.access_token;

    const acknowledged = new Map<string, string>();
    let attempted = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const bytes = png(4, 4, 150_000 + ((w * 7919 + i * 104_729) % 400_000), w * 1000 + i);
        const name = `${uid}/w${w}-${i}.png`;
        attempted++;
        try {
          const { error } = await admin.storage.from('article_images').upload(name, asFile(bytes, 'x.png', 'image/png'));
          if (!error) acknowledged.set(name, md5(bytes));
        } catch {
          // the connection died with the server: not acknowledged
        }
      }
    };
    const workers = [0, 1, 2, 3].map((w) => worker(w));
    while (acknowledged.size < 25) await new Promise((r) => setTimeout(r, 20));
    await stalledUpload(child.url, token, `${uid}/stalled.png`);
    child.process.kill('SIGKILL');
    stop = true;
    await exited(child.process);
    await Promise.all(workers);
    expect(attempted).toBeGreaterThan(acknowledged.size);

    child = await startServerProcess(env);
    children.push(child.process);
    // the anon key is re-signed at every start (same secret, new iat), so read it again
    anonKey = await anonKeyOf(child.url);
    const after = client(child.url);
    // listing needs the folder's owner: visitors list nothing
    expect((await after.auth.signInWithPassword({ email: EMAIL, password: PASSWORD })).error).toBeNull();
    // any storage request waits for the start-up recovery
    const { data: listed, error: listError } = await after.storage.from('article_images').list(uid, { limit: 1000 });
    expect(listError).toBeNull();
    const listedNames = new Set(listed!.map((e) => `${uid}/${e.name}`));
    for (const [name, hash] of acknowledged) {
      expect(listedNames.has(name), name).toBe(true);
      const response = await fetch(after.storage.from('article_images').getPublicUrl(name).data.publicUrl);
      expect(response.status, name).toBe(200);
      expect(md5(Buffer.from(await response.arrayBuffer())), name).toBe(hash);
    }
    expect(listedNames.has(`${uid}/stalled.png`)).toBe(false);

    child.process.kill('SIGTERM');
    await exited(child.process);

    // with the server stopped, compare rows and files directly
    const db: Db = await openPostgres(databaseUrl);
    try {
      const { rows } = await db.query<{ name: string; version: string; metadata: { eTag: string; size: number } }>(
        "select name, version, metadata from storage.objects where bucket_id = 'article_images'");
      const storage = path.join(dataDir, 'storage');
      expect(filesUnder(path.join(storage, '.tmp'))).toEqual([]);
      expect(filesUnder(path.join(storage, 'article_images')).sort()).toEqual(rows.map((r) => r.version).sort());
      for (const row of rows) {
        const bytes = readFileSync(path.join(storage, 'article_images', row.version));
        expect(bytes.length, row.name).toBe(row.metadata.size);
        expect(`"${createHash('md5').update(bytes).digest('hex')}"`, row.name).toBe(row.metadata.eTag);
      }
      expect(rows.length).toBeGreaterThanOrEqual(acknowledged.size);
    } finally {
      await db.close();
    }
  }, 300_000);
});
