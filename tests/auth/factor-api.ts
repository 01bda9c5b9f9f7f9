import { beforeAll } from 'vitest';
import { relyingParty } from '../../server/auth/mfa-webauthn.ts';
import type { TestUser } from '../support/server.ts';
import type { TestServerHandle } from '../support/use-test-server.ts';

export interface FactorApi {
  /** The page the browser would be on: SITE_URL (a loopback one is reached as localhost); set in beforeAll. */
  readonly origin: string;
  call(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  /** A password-only access token (aal1) for `user`. */
  passwordToken(user: Pick<TestUser, 'email' | 'password'>): Promise<string>;
}

/** Raw GoTrue calls for the /factors tests of one test file's server. */
export function useFactorApi(t: TestServerHandle): FactorApi {
  let origin = '';
  beforeAll(() => {
    origin = relyingParty(t.server.ctx.config.siteUrl, '')!.origins[0];
  });
  return {
    get origin() { return origin; },
    async call(method, path, token, body) {
      const res = await fetch(`${t.url}/auth/v1${path}`, {
        method,
        headers: { apikey: t.server.anonKey, Authorization: `Bearer ${token}`, 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    async passwordToken(user) {
      const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
        method: 'POST', headers: { apikey: t.server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    },
  };
}
