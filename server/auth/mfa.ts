import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context, Hono } from 'hono';
import type { Queryable } from '../db/adapter.ts';
import { authenticate } from './authenticate.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors, keyNameRefusal } from './errors.ts';
import { acceptedStep, generateTotp, openSecret, sealSecret } from './mfa-totp.ts';
import { beginCeremony, relyingParty, verifyAssertion, verifyCreation, wellFormed, type CeremonySession, type StoredCredential } from './mfa-webauthn.ts';
import { readJson, stringField } from './request.ts';
import { sendSecurityNotice } from './security-notice.ts';
import { raiseSessionToAal2, sessionResponse } from './sessions.ts';
import { findUserById, type UserRecord } from './users.ts';

/** GoTrue's MFA defaults: MaxEnrolledFactors, MaxVerifiedFactors, challenge and factor expiry. */
const MAX_FACTORS = 10;
const CHALLENGE_TTL_SECONDS = 300;
const UNVERIFIED_FACTOR_TTL_SECONDS = 300;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
  web_authn_credential: StoredCredential | null;
}

/** The signed-in user an MFA request acts for, with the session it came from. */
interface MfaSession {
  user: UserRecord;
  sessionId: string;
  aal: string;
}

const mfaErrors = {
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  insufficientAal: (status: 403 | 422, message: string) => new AuthError(status, 'insufficient_aal', message),
  verificationFailed: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  // GoTrue answers a refused WebAuthn ceremony as a server error (go-webauthn's error passes through)
  webauthnCreateFailed: () => new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
  webauthnRequestFailed: () => new AuthError(500, 'unexpected_failure', 'Failed to validate WebAuthn MFA response'),
};

/** The answers to a wrong code or a refused WebAuthn proof: these count against the failure limits. */
const wrongProofs = new WeakSet<AuthError>();
function wrongProof(error: AuthError): AuthError {
  wrongProofs.add(error);
  return error;
}

/** The client address a challenge is bound to, as inet (GoTrue's mfa_challenges.ip_address). */
function challengeIp(ip: string): string {
  return isIP(ip) ? ip : '0.0.0.0';
}

/**
 * /factors: enrol, challenge, verify and unenrol a TOTP factor, as GoTrue's internal/api/mfa.go
 * (the routes auth-js's `mfa.*` call). Beyond GoTrue: a code is accepted once only, wrong codes
 * are limited per account and per address, and secrets are sealed with a key of this server.
 */
export function mfaRoutes(app: Hono, env: AuthEnv): void {
  const { ctx, limits } = env;
  const secretKey = ctx.keys.deriveKey('mfa-factor-secret');
  const rp = relyingParty(ctx.config.siteUrl, env.siteName);

  /** requireAuthentication + requireNotAnonymous, and the session the token names. */
  async function caller(c: Context, q: Queryable): Promise<MfaSession> {
    const { user, sessionId } = await authenticate(ctx, c, q);
    if (!sessionId) throw errors.sessionNotFound();
    if (user.is_anonymous) throw new AuthError(403, 'no_anonymous', 'Anonymous user not allowed to perform these actions');
    const { rows } = await q.query<{ aal: string | null }>('select aal::text from auth.sessions where id = $1', [sessionId]);
    return { user, sessionId, aal: rows[0]?.aal ?? 'aal1' };
  }

  /** GoTrue's loadFactor: only the caller's own factors exist for them. */
  async function ownFactor(q: Queryable, c: Context, userId: string, lock = false): Promise<FactorRow> {
    const id = c.req.param('id') ?? '';
    if (!UUID_RE.test(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const { rows } = await q.query<FactorRow>(
      `select id, user_id, friendly_name, factor_type::text, status::text, secret, web_authn_credential from auth.mfa_factors
       where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
    if (!rows[0]) throw mfaErrors.factorNotFound();
    return rows[0];
  }

  app.post('/factors', async (c) => {
    const body = await readJson(c);
    const factorType = stringField(body, 'factor_type');
    const friendlyName = stringField(body, 'friendly_name');
    const requestedIssuer = stringField(body, 'issuer');
    // counted before the transaction (see AuthRateLimits.attempt)
    await limits.consume('mfaEnrollUser', (await authenticate(ctx, c, ctx.db)).user.id);
    const result = await ctx.db.transaction(async (tx) => {
      const { user, aal } = await caller(c, tx);
      if (factorType === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
      if (factorType === 'webauthn' && !rp) throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
      if (factorType !== 'totp' && factorType !== 'webauthn') throw errors.validation('factor_type needs to be totp, phone, or webauthn');
      // one enrolment of an account at a time, so parallel requests cannot pass the cap together
      await tx.query('select id from auth.users where id = $1 for update', [user.id]);
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
           and created_at < now() - make_interval(secs => $2)`, [user.id, UNVERIFIED_FACTOR_TTL_SECONDS]);
      const { rows: factors } = await tx.query<{ friendly_name: string | null; status: string }>(
        'select friendly_name, status::text from auth.mfa_factors where user_id = $1', [user.id]);
      if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
        throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
      }
      if (factors.length >= MAX_FACTORS) {
        throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      if (factors.some((f) => f.status === 'verified') && aal !== 'aal2') {
        throw mfaErrors.insufficientAal(403, 'AAL2 required to enroll a new factor');
      }
      const id = randomUUID();
      if (factorType === 'webauthn') {
        // the credential arrives with the verification of the first challenge
        await tx.query(
          `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
           values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`, [id, user.id, friendlyName]);
        return { id, type: 'webauthn', friendly_name: friendlyName };
      }
      const issuer = requestedIssuer || new URL(ctx.config.siteUrl).host;
      const totp = await generateTotp(issuer, user.email ?? '');
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, sealSecret(secretKey, id, totp.secret)]);
      return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri } };
    }).catch(keyNameRefusal);
    return c.json(result);
  });

  /**
   * Binding an unverified factor is enrolment: once the account has a verified factor it needs
   * aal2 (as POST /factors), and an unverified factor past its lifetime no longer exists. Without
   * this a password alone binds its own authenticator to a factor left unverified (issue 43).
   */
  async function bindableFactor(q: Queryable, c: Context, session: MfaSession, lock = false): Promise<FactorRow> {
    const factor = await ownFactor(q, c, session.user.id, lock);
    if (factor.status === 'verified') return factor;
    const { rows } = await q.query<{ expired: boolean; guarded: boolean }>(
      `select f.created_at < now() - make_interval(secs => $3) as expired,
         exists (select 1 from auth.mfa_factors v where v.user_id = $2 and v.status = 'verified') as guarded
       from auth.mfa_factors f where f.id = $1`, [factor.id, session.user.id, UNVERIFIED_FACTOR_TTL_SECONDS]);
    if (rows[0]?.expired) throw mfaErrors.factorNotFound();
    if (rows[0]?.guarded && session.aal !== 'aal2') throw mfaErrors.insufficientAal(403, 'AAL2 required to verify an unverified factor');
    return factor;
  }

  app.post('/factors/:id/challenge', async (c) => {
    const ip = clientIp(c, ctx.config.trustProxy);
    await limits.consume('mfaChallengeIp', ip);
    await readJson(c);
    const result = await ctx.db.transaction(async (tx) => {
      const session = await caller(c, tx);
      const { user } = session;
      const factor = await bindableFactor(tx, c, session);
      if (factor.factor_type !== 'totp' && factor.factor_type !== 'webauthn') {
        throw new AuthError(422, 'mfa_factor_not_found', 'Factor type is not supported');
      }
      const ceremony = factor.factor_type === 'webauthn' ? await webauthnCeremony(tx, user, factor) : null;
      const id = randomUUID();
      const { rows } = await tx.query<{ expires_at: number }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
         values ($1, $2, now(), $3::inet, $5) returning extract(epoch from created_at)::bigint + $4 as expires_at`,
        [id, factor.id, challengeIp(ip), CHALLENGE_TTL_SECONDS, ceremony && JSON.stringify(ceremony.session)]);
      const expiresAt = Number(rows[0].expires_at);
      if (!ceremony) return { id, type: 'totp', expires_at: expiresAt };
      return { id, type: 'webauthn', expires_at: expiresAt, webauthn: { type: ceremony.session.type, credential_options: ceremony.credentialOptions } };
    });
    return c.json(result);
  });

  async function webauthnCeremony(q: Queryable, user: UserRecord, factor: FactorRow) {
    if (!rp) throw new AuthError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
    const { rows } = await q.query<{ web_authn_credential: StoredCredential }>(
      `select web_authn_credential from auth.mfa_factors
       where user_id = $1 and factor_type = 'webauthn' and status = 'verified' and web_authn_credential is not null`, [user.id]);
    const own = factor.status === 'verified' ? factor.web_authn_credential : null;
    if (factor.status === 'verified' && !own) throw errors.unexpected();
    return beginCeremony(rp, user, own, rows.map((r) => r.web_authn_credential));
  }

  app.post('/factors/:id/verify', async (c) => {
    const ip = clientIp(c, ctx.config.trustProxy);
    await limits.consume('mfaVerifyIp', ip);
    const body = await readJson(c);
    const challengeId = stringField(body, 'challenge_id');
    const code = typeof body.code === 'number' ? String(body.code) : stringField(body, 'code');
    const webauthn = typeof body.webauthn === 'object' && body.webauthn !== null ? body.webauthn as Record<string, unknown> : null;
    if (!UUID_RE.test(challengeId)) throw errors.badJson('uuid: incorrect UUID length or format in challenge_id');
    // Each attempt holds a point of both failure limits from before its code is evaluated until
    // it is known not to be a wrong code: a parallel burst evaluates at most the limit's codes.
    const { user: account } = await authenticate(ctx, c, ctx.db);
    const attempt = await limits.attempt([{ name: 'mfaUserFailures', key: account.id }, { name: 'mfaIpFailures', key: ip }]);
    let enrolledEmail: string | null = null;
    let outcome: AuthError | Record<string, unknown>;
    try {
      outcome = await verifyFactor();
    } catch (error) {
      await attempt.passed();
      throw error;
    }
    if (outcome instanceof AuthError) {
      if (wrongProofs.has(outcome)) await attempt.failed();
      else await attempt.passed();
      throw outcome;
    }
    await attempt.passed();
    if (enrolledEmail) sendSecurityNotice(env, enrolledEmail, 'second-step-added');
    return c.json(outcome);

    function verifyFactor() {
      return ctx.db.transaction(async (tx) => {
        const session = await caller(c, tx);
        const { user, sessionId } = session;
        // the factor row serialises verifications, so one code cannot pass twice in parallel
        const factor = await bindableFactor(tx, c, session, true);
        const isWebauthn = factor.factor_type === 'webauthn';
        if (!isWebauthn && code === '') throw errors.validation('Code needs to be non-empty');
        if (isWebauthn) {
          if (!rp) throw new AuthError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
          if (!webauthn) throw errors.validation('WebAuthn config required');
          if (webauthn.type !== 'create' && webauthn.type !== 'request') throw errors.validation('WebAuthn type must be create or request');
          if (webauthn.credential_response === undefined || webauthn.credential_response === null) throw errors.validation('credential_response required');
        }
        const { rows } = await tx.query<{ verified: boolean; same_ip: boolean; expired: boolean; session: CeremonySession | null }>(
          `select verified_at is not null as verified, ip_address = $3::inet as same_ip, web_authn_session_data as session,
             created_at + make_interval(secs => $4) < now() as expired
           from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
          [challengeId, factor.id, challengeIp(ip), CHALLENGE_TTL_SECONDS]);
        const challenge = rows[0];
        if (!challenge) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
        if (challenge.verified || !challenge.same_ip) {
          throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
        }
        if (challenge.expired) {
          // committed although the request fails, as GoTrue destroys it
          await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
          return new AuthError(422, 'mfa_challenge_expired',
            `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`);
        }
        const refused = isWebauthn
          ? await acceptWebauthn(tx, factor, challengeId, challenge.session, webauthn!)
          : await acceptTotp(tx, factor, challengeId, code);
        if (refused) return refused;
        if (factor.status !== 'verified') enrolledEmail = user.email;
        const refreshToken = await raiseSessionToAal2(tx, sessionId, user.id, factor.id, isWebauthn ? 'mfa/webauthn' : 'totp');
        // GoTrue's InvalidateSessionsWithAALLessThan: a password alone no longer holds a session
        await tx.query(`delete from auth.sessions where user_id = $1 and coalesce(aal::text, 'aal1') < 'aal2'`, [user.id]);
        // every other unverified factor, of every type: none stays open for a password to bind later
        await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified'`, [user.id]);
        const fresh = (await findUserById(tx, user.id))!;
        return sessionResponse(ctx, tx, fresh, sessionId, refreshToken);
      });
    }
  });

  /** A right code for a time step after the last one used: the challenge is spent and the factor verified. */
  async function acceptTotp(tx: Queryable, factor: FactorRow, challengeId: string, code: string): Promise<AuthError | null> {
    const secret = openSecret(secretKey, factor.id, factor.secret ?? '');
    const step = acceptedStep(secret, code);
    const { rows: last } = await tx.query<{ step: string }>('select step from auth.mfa_totp_last_step where factor_id = $1', [factor.id]);
    if (step === null || (last[0] && step <= Number(last[0].step))) return wrongProof(mfaErrors.verificationFailed());
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeId]);
    await tx.query(
      `insert into auth.mfa_totp_last_step (factor_id, step) values ($1, $2)
       on conflict (factor_id) do update set step = excluded.step`, [factor.id, step]);
    if (factor.status !== 'verified') await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    return null;
  }

  /**
   * The credential made for (create) or signed by (request) this factor, for this challenge and
   * site: the challenge is spent (GoTrue destroys it), the credential or its counter stored.
   */
  async function acceptWebauthn(tx: Queryable, factor: FactorRow, challengeId: string, session: CeremonySession | null,
    params: Record<string, unknown>): Promise<AuthError | null> {
    const type = params.type as 'create' | 'request';
    if (!wellFormed(type, params.credential_response)) throw errors.validation('Invalid credential_response');
    const failed = () => wrongProof(type === 'create' ? mfaErrors.webauthnCreateFailed() : mfaErrors.webauthnRequestFailed());
    if (!session || session.type !== type || !rp) return failed();
    if (type === 'create') {
      if (factor.status === 'verified') return failed();
      const credential = await verifyCreation(rp, session, params.credential_response);
      if (!credential) return failed();
      await tx.query(
        `update auth.mfa_factors set status = 'verified', web_authn_credential = $2, web_authn_aaguid = $3::uuid, updated_at = now()
         where id = $1`, [factor.id, JSON.stringify(credential), credential.aaguid]);
    } else {
      if (!factor.web_authn_credential) return failed();
      const counter = await verifyAssertion(rp, session, params.credential_response, factor.web_authn_credential);
      if (counter === null) return failed();
      await tx.query(
        `update auth.mfa_factors set web_authn_credential = jsonb_set(web_authn_credential, '{counter}', to_jsonb($2::bigint)),
           last_challenged_at = now(), updated_at = now() where id = $1`, [factor.id, counter]);
    }
    await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
    return null;
  }

  app.delete('/factors/:id', async (c) => {
    const result = await ctx.db.transaction(async (tx) => {
      const { user, aal } = await caller(c, tx);
      const factor = await ownFactor(tx, c, user.id, true);
      if (factor.status === 'verified' && aal !== 'aal2') {
        throw mfaErrors.insufficientAal(422, 'AAL2 required to unenroll verified factor');
      }
      await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      // GoTrue's DowngradeSessionsToAAL1
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [user.id, factor.id]);
      return { id: factor.id, notify: factor.status === 'verified' ? user.email : null };
    });
    if (result.notify) sendSecurityNotice(env, result.notify, 'second-step-removed');
    return c.json({ id: result.id });
  });
}
