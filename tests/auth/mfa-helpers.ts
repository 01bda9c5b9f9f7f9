import { request } from 'node:http';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestServer, TestUser, TypedClient } from '../support/server.ts';
import type { TestServerHandle } from '../support/use-test-server.ts';

/** The code an authenticator app shows for `secret`, `offsetSteps` periods from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** A code for `secret` that is right now but is not `used` (the next period's, within the drift). */
export function freshCode(secret: string, used: string): string {
  const now = totpCode(secret);
  return now === used ? totpCode(secret, 1) : now;
}

export interface Enrolled {
  user: TestUser;
  client: TypedClient;
  factorId: string;
  secret: string;
  /** The code that completed the enrolment (never accepted again). */
  usedCode: string;
}

/** A signed-in account that enrolled and verified a TOTP factor through supabase-js; its session is aal2. */
export async function enrolledUser(t: TestServerHandle, options: Parameters<TestServerHandle['createUser']>[0] = {}): Promise<Enrolled> {
  const { user, client } = await t.signedIn({ role: 'admin', status: 'approved', ...options });
  const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Ponsel' });
  expect(error).toBeNull();
  const usedCode = totpCode(factor!.totp.secret);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: usedCode });
  expect(verified.error).toBeNull();
  return { user, client, factorId: factor!.id, secret: factor!.totp.secret, usedCode };
}

/** Signs in with the password only: the aal1 session an attacker holding the password gets. */
export async function passwordOnly(t: TestServerHandle, user: { email: string; password: string }): Promise<TypedClient> {
  return t.signInAs(user);
}

/** An auth API call from another loopback address (another machine, as the server sees it). */
export function authCallFrom(
  server: TestServer, localAddress: string, method: string, path: string, token: string, body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const url = new URL(`${server.url}/auth/v1${path}`);
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      localAddress,
      headers: {
        apikey: server.anonKey, Authorization: `Bearer ${token}`, 'X-Supabase-Api-Version': '2024-01-01',
        'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload),
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) as Record<string, unknown> : {} }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
