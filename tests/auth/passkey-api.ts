/**
 * GoTrue's /passkeys ceremonies driven with a software passkey, over plain HTTP: for the vitest
 * files and for the e2e specs that need an account with passkeys (the site offers no way to add
 * one; an attacker with the password would use these same calls).
 */
import { SoftwareKey } from './webauthn-authenticator.ts';

export interface PasskeyServer {
  /** The server's base address (…/auth/v1 is added). */
  url: string;
  anonKey: string;
  /** The page a browser would be on: SITE_URL, a loopback one as localhost. */
  origin: string;
}

interface Options {
  challenge_id: string;
  options: { challenge: string; user?: { id: string } };
}

async function post(server: PasskeyServer, path: string, token: string | null, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: server.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const ceremony = (server: PasskeyServer, o: Options) => ({ challenge: o.options.challenge, origin: server.origin, rpId: new URL(server.origin).hostname });

/** Registers a new software passkey from `token`'s session: the key and the passkey's row id. */
export async function addPasskey(server: PasskeyServer, token: string): Promise<{ key: SoftwareKey; id: string }> {
  const key = new SoftwareKey();
  const start = await post(server, '/passkeys/registration/options', token, {});
  if (start.status !== 200) throw new Error(`passkey options: ${start.status} ${JSON.stringify(start.json)}`);
  const o = start.json as unknown as Options;
  const done = await post(server, '/passkeys/registration/verify', token, { challenge_id: o.challenge_id, credential: key.register(ceremony(server, o), o.options.user!.id) });
  if (done.status !== 200) throw new Error(`passkey verify: ${done.status} ${JSON.stringify(done.json)}`);
  return { key, id: done.json.id as string };
}

/** Signs in with `key`: the session's access token, or null when the server refuses it. */
export async function signInWithPasskey(server: PasskeyServer, key: SoftwareKey): Promise<string | null> {
  const o = (await post(server, '/passkeys/authentication/options', null, {})).json as unknown as Options;
  const res = await post(server, '/passkeys/authentication/verify', null, { challenge_id: o.challenge_id, credential: key.assert(ceremony(server, o)) });
  return res.status === 200 ? (res.json.access_token as string) : null;
}
