/**
 * The contact form's flood guard counts per sender (e-mail, and the client address the API passes
 * in request.headers), never for the whole site: many visitors writing at once are all heard.
 */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../src/lib/database.types.ts';
import { useTestServer } from '../support/use-test-server.ts';

// the test client stands in for a reverse proxy at 127.0.0.1 that reports each visitor's address
const t = useTestServer({ trustProxy: ['127.0.0.1'] });
const direct = useTestServer();
let counter = 0;

function visitorAt(address: string, server = t) {
  return createClient<Database>(server.url, server.server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { 'X-Forwarded-For': address } },
  });
}

const send = (client: ReturnType<typeof visitorAt>, email = `warga-${process.pid}-${counter++}@example.com`) =>
  client.from('contacts').insert({ name: 'Warga', email, message: 'Halo' });

describe('contact flood guard', () => {
  it('keeps the form open for everyone when many visitors write within a minute', async () => {
    for (let i = 0; i < 65; i++) expect((await send(visitorAt(`198.51.100.${i}`))).error).toBeNull();
    const { error } = await send(visitorAt('203.0.113.7'));
    expect(error).toBeNull();
  });

  it('stops one client address after sixty messages in ten minutes, whatever the e-mail', async () => {
    const visitor = visitorAt('192.0.2.44');
    for (let i = 0; i < 60; i++) expect((await send(visitor)).error).toBeNull();
    const { error, status } = await send(visitor);
    expect(status).toBe(400);
    expect(error?.message).toMatch(/Terlalu banyak pesan/);
    // another visitor is not affected
    expect((await send(visitorAt('192.0.2.45'))).error).toBeNull();
  });

  it('does not believe an X-Forwarded-For the client wrote itself', async () => {
    let n = 0;
    const statuses: (number | null)[] = [];
    for (let i = 0; i < 61; i++) {
      const { error } = await send(visitorAt(`203.0.113.${n++}`, direct));
      statuses.push(error ? 400 : null);
    }
    expect(statuses.slice(0, 60).every((s) => s === null)).toBe(true);
    expect(statuses[60]).toBe(400);
  });

  it('on a hosted project counts the address Cloudflare reports, not the X-Forwarded-For the sender wrote', async () => {
    // Hosted: PostgREST hands the trigger the gateway's headers as they are, as anon; Cloudflare
    // overwrites CF-Connecting-IP and only appends the real address to X-Forwarded-For.
    const real = '198.51.100.201';
    const sendAsHosted = (forged: string) => t.server.ctx.db.transaction(async (tx) => {
      await tx.query('set local role anon');
      await tx.query(`select set_config('request.headers', $1, true)`,
        [JSON.stringify({ 'x-forwarded-for': `${forged}, ${real}`, 'cf-connecting-ip': real })]);
      await tx.query(`insert into public.contacts (name, email, message) values ('Warga', $1, 'Halo')`,
        [`warga-${process.pid}-${counter++}@example.com`]);
    }).then(() => null, (error: Error) => error.message);
    for (let i = 0; i < 60; i++) expect(await sendAsHosted(`203.0.113.${i}`)).toBeNull();
    expect(await sendAsHosted('203.0.113.99')).toMatch(/Terlalu banyak pesan/);
    const { rows } = await t.server.ctx.db.query('select count(*)::int as n from public.contacts where sender_address = $1', [real]);
    expect(rows[0].n).toBe(60);
  });
});
