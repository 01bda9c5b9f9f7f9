import { isIP } from 'node:net';
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** GoTrue's WebAuthn ceremony timeout (go-webauthn's default). */
const TIMEOUT_MS = 60_000;

/**
 * The relying party is this site (SITE_URL), never what a client names: auth-js sends its own
 * rpId and rpOrigins, which GoTrue ignores too. Browsers refuse IP addresses as RP IDs, so a
 * loopback site is "localhost"; a site on another bare IP address cannot offer WebAuthn.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export function relyingParty(siteUrl: string, name: string): RelyingParty | null {
  const url = new URL(siteUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '127.0.0.1' || host === '::1') {
    return { id: 'localhost', name, origins: [`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`] };
  }
  if (isIP(host)) return null;
  return { id: host, name, origins: [url.origin] };
}

/** A factor's credential (auth.mfa_factors.web_authn_credential). */
export interface StoredCredential {
  id: string;
  public_key: string;
  counter: number;
  transports: string[];
  aaguid: string;
}

/** What a challenge remembers (auth.mfa_challenges.web_authn_session_data). */
export interface CeremonySession {
  type: 'create' | 'request';
  challenge: string;
}

export interface Ceremony {
  session: CeremonySession;
  /** GoTrue's credential_options: the options under `publicKey`, binary fields base64url. */
  credentialOptions: { publicKey: unknown };
}

const UUID_BYTES = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');

/** Registration for an unverified factor (other credentials of the account excluded), else an assertion of its own. */
export async function beginCeremony(rp: RelyingParty, user: { id: string; email: string | null }, credential: StoredCredential | null,
  otherCredentials: StoredCredential[]): Promise<Ceremony> {
  if (!credential) {
    const options = await generateRegistrationOptions({
      rpName: rp.name, rpID: rp.id, userID: UUID_BYTES(user.id), userName: user.email ?? user.id, userDisplayName: user.email ?? '',
      timeout: TIMEOUT_MS, attestationType: 'none',
      excludeCredentials: otherCredentials.map((c) => ({ id: c.id, transports: ['usb', 'nfc'] })),
      authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
    });
    return { session: { type: 'create', challenge: options.challenge }, credentialOptions: { publicKey: options } };
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id, timeout: TIMEOUT_MS, userVerification: 'preferred',
    allowCredentials: [{ id: credential.id, transports: credential.transports as never }],
  });
  return { session: { type: 'request', challenge: options.challenge }, credentialOptions: { publicKey: options } };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The shape GoTrue's protocol parser requires before any verification (else 400 Invalid credential_response). */
export function wellFormed(type: 'create' | 'request', value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { id, rawId, type: credType, response } = value as Record<string, unknown>;
  if (!isText(id) || !isText(rawId) || credType !== 'public-key' || typeof response !== 'object' || response === null) return false;
  const r = response as Record<string, unknown>;
  if (!isText(r.clientDataJSON)) return false;
  return type === 'create' ? isText(r.attestationObject) : isText(r.authenticatorData) && isText(r.signature);
}

/** A new credential if the attestation answers this challenge from this site, else null. */
export async function verifyCreation(rp: RelyingParty, session: CeremonySession, response: unknown): Promise<StoredCredential | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON, expectedChallenge: session.challenge,
      expectedOrigin: rp.origins, expectedRPID: rp.id, requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential, aaguid } = result.registrationInfo;
    return {
      id: credential.id, public_key: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter,
      transports: credential.transports ?? [], aaguid,
    };
  } catch {
    return null;
  }
}

/**
 * The authenticator's new signature counter if the assertion is by this credential, for this
 * challenge and site, and its counter moved on (a cloned or replayed authenticator does not); else null.
 */
export async function verifyAssertion(rp: RelyingParty, session: CeremonySession, response: unknown, credential: StoredCredential): Promise<number | null> {
  const assertion = response as AuthenticationResponseJSON;
  if (assertion.id !== credential.id) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion, expectedChallenge: session.challenge, expectedOrigin: rp.origins, expectedRPID: rp.id,
      requireUserVerification: false,
      credential: { id: credential.id, publicKey: Buffer.from(credential.public_key, 'base64url'), counter: credential.counter, transports: credential.transports as never },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
