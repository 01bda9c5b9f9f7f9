import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type AuthenticatorTransport, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Queryable } from '../db/adapter.ts';
import { AuthError } from './errors.ts';
import type { RelyingParty } from './mfa-webauthn.ts';

/** GoTrue's WEBAUTHN_CHALLENGE_EXPIRY_DURATION default; the browser's ceremony may take as long. */
export const CHALLENGE_TTL_SECONDS = 300;

export type ChallengeType = 'registration' | 'authentication';

/** What a challenge remembers (auth.webauthn_challenges.session_data). */
interface SessionData {
  challenge: string;
}

/** A row of auth.webauthn_credentials, as the ceremonies need it. */
export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Buffer;
  public_key: Buffer;
  sign_count: string;
  transports: string[];
}

export const passkeyErrors = {
  challengeNotFound: () => new AuthError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used'),
  challengeExpired: () => new AuthError(400, 'webauthn_challenge_expired', 'Challenge has expired'),
  invalidResponse: () => new AuthError(400, 'webauthn_verification_failed', 'Invalid credential response'),
  verificationFailed: () => new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed'),
};

/**
 * Registration options for a discoverable credential (residentKey required), the account's
 * passkeys excluded. The user handle is the account id as text, as GoTrue's WebAuthnID, so the
 * credentials stay valid on a hosted project.
 */
export async function registrationOptions(rp: RelyingParty, user: { id: string; email: string | null }, existing: Buffer[]) {
  const options = await generateRegistrationOptions({
    rpName: rp.name, rpID: rp.id, userID: Buffer.from(user.id, 'utf8'),
    userName: user.email ?? user.id, userDisplayName: user.email ?? user.id,
    timeout: CHALLENGE_TTL_SECONDS * 1000, attestationType: 'none',
    excludeCredentials: existing.map((id) => ({ id: id.toString('base64url') })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return options;
}

/** Options for a discoverable sign-in: no allowCredentials, the authenticator offers its own. */
export function authenticationOptions(rp: RelyingParty) {
  return generateAuthenticationOptions({ rpID: rp.id, timeout: CHALLENGE_TTL_SECONDS * 1000, userVerification: 'preferred' });
}

/**
 * Stores a ceremony's challenge; its id and expiry go to the client. Challenges left unanswered
 * for an hour past their expiry go with it, so begun ceremonies cannot pile up (a late answer
 * within that hour is still told that it came too late).
 */
export async function storeChallenge(q: Queryable, type: ChallengeType, userId: string | null, challenge: string): Promise<{ id: string; expiresAt: number }> {
  const { rows } = await q.query<{ id: string; expires_at: string }>(
    `with stale as (delete from auth.webauthn_challenges where expires_at < now() - interval '1 hour')
     insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))
     returning id, extract(epoch from expires_at)::bigint as expires_at`,
    [userId, type, JSON.stringify({ challenge } satisfies SessionData), CHALLENGE_TTL_SECONDS]);
  return { id: rows[0].id, expiresAt: Number(rows[0].expires_at) };
}

/**
 * GoTrue's ConsumeWebAuthnChallengeByID: the challenge is deleted by the statement that reads it,
 * outside any transaction, so a refused or replayed answer has spent it as well. A registration
 * challenge exists only for the account that asked for it; a sign-in challenge only unbound.
 */
export async function consumeChallenge(q: Queryable, id: string, type: ChallengeType, userId: string | null): Promise<string> {
  const { rows } = await q.query<{ session_data: SessionData; expired: boolean }>(
    `delete from auth.webauthn_challenges
     where id = $1 and challenge_type = $2 and user_id is not distinct from $3::uuid
     returning session_data, expires_at < now() as expired`, [id, type, userId]);
  if (!rows[0]) throw passkeyErrors.challengeNotFound();
  if (rows[0].expired) throw passkeyErrors.challengeExpired();
  return rows[0].session_data.challenge;
}

export interface NewPasskey {
  credentialId: Buffer;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  aaguid: string;
  attestationType: string;
  backupEligible: boolean;
  backedUp: boolean;
}

/** The credential an attestation makes, if it answers this challenge from this site; else null. */
export async function verifyPasskeyCreation(rp: RelyingParty, challenge: string, response: unknown): Promise<NewPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON, expectedChallenge: challenge,
      expectedOrigin: rp.origins, expectedRPID: rp.id, requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential, aaguid, fmt, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: Buffer.from(credential.id, 'base64url'), publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter, transports: credential.transports ?? [], aaguid,
      attestationType: fmt === 'none' ? 'none' : fmt, backupEligible: credentialDeviceType === 'multiDevice', backedUp: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

/** The credential id an assertion names (its rawId), or null when it names none. */
export function assertedCredentialId(response: unknown): Buffer | null {
  const raw = (response as { rawId?: unknown }).rawId;
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(raw)) return null;
  return Buffer.from(raw, 'base64url');
}

/**
 * The new signature counter and backup state if the assertion is by this stored passkey, for this
 * challenge and site, with the owner's user handle (a discoverable credential names its account),
 * and a counter that moved on; else null.
 */
export async function verifyPasskeyAssertion(rp: RelyingParty, challenge: string, response: unknown, stored: PasskeyRow): Promise<{ counter: number; backedUp: boolean } | null> {
  const assertion = response as AuthenticationResponseJSON;
  const handle = assertion.response?.userHandle;
  if (typeof handle !== 'string' || Buffer.from(handle, 'base64url').toString('utf8') !== stored.user_id) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion, expectedChallenge: challenge, expectedOrigin: rp.origins, expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: stored.credential_id.toString('base64url'), publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.sign_count), transports: stored.transports as AuthenticatorTransport[],
      },
    });
    if (!result.verified) return null;
    return { counter: result.authenticationInfo.newCounter, backedUp: result.authenticationInfo.credentialBackedUp };
  } catch {
    return null;
  }
}
