import { request } from 'node:http';
import { expect } from 'vitest';
import type { StoredMail } from '../../server/mail/mailer.ts';
import type { TestServer } from '../support/server.ts';
import type { TestServerHandle } from '../support/use-test-server.ts';

let counter = 0;
export function uniqueEmail(prefix = 'daftar'): string {
  return `${prefix}-${process.pid}-${Date.now()}-${counter++}@example.com`;
}

export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}${process.pid}_${Date.now() % 1e8}_${counter++}`.slice(0, 30);
}

export async function mailbox(server: TestServer): Promise<StoredMail[]> {
  const res = await fetch(`${server.url}/_dev/mail`);
  expect(res.status).toBe(200);
  return (await res.json()) as StoredMail[];
}

/** The confirmation link of the newest mail to `to`, pointed at the test server instead of SITE_URL. */
export async function confirmationLink(server: TestServer, to: string): Promise<URL> {
  const mail = (await mailbox(server)).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no verify link in: ${mail.text}`);
  const link = new URL(match[0]);
  const local = new URL(server.url);
  link.protocol = local.protocol;
  link.host = local.host;
  return link;
}

/** Opens a verify link like a browser's first hop (no apikey) and returns the 303 target. */
export async function openLink(link: URL | string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? 'about:blank');
  return { status: res.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

/** A raw auth call as supabase-js makes it (apikey + API version header). */
export async function authFetch(server: TestServer, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', server.anonKey);
  headers.set('X-Supabase-Api-Version', '2024-01-01');
  headers.set('Authorization', `Bearer ${init.token ?? server.anonKey}`);
  if (init.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json;charset=UTF-8');
  return fetch(`${server.url}/auth/v1${path}`, { ...init, headers });
}

/**
 * A password sign-in sent from another loopback address (127.0.0.2, ...), as a second client
 * on another machine would be seen by the server. Returns the HTTP status.
 */
export function signInFrom(
  server: TestServer, localAddress: string, email: string, password: string, extraHeaders: Record<string, string> = {},
  onHeaders?: (headers: Record<string, string | string[] | undefined>) => void,
): Promise<number> {
  const url = new URL(`${server.url}/auth/v1/token?grant_type=password`);
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      localAddress,
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...extraHeaders },
    }, (res) => {
      onHeaders?.(res.headers);
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Signs in through supabase-js as the site does; the client and the session it received. */
export async function signInWithSession(t: TestServerHandle, user: { email: string; password: string }) {
  const client = t.anon();
  const { data, error } = await client.auth.signInWithPassword(user);
  expect(error).toBeNull();
  return { client, session: data.session! };
}
