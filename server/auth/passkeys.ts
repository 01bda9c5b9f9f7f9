import type { Context, Hono } from 'hono';
import type { Queryable } from '../db/adapter.ts';
import { authenticate } from './authenticate.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { relyingParty, wellFormed, type RelyingParty } from './mfa-webauthn.ts';
import {
  assertedCredentialId, authenticationOptions, consumeChallenge, passkeyErrors, registrationOptions, storeChallenge,
  verifyPasskeyAssertion, verifyPasskeyCreation, type PasskeyRow,
} from './passkey-ceremony.ts';
import { passkeyManageRoutes, passkeyPolicy } from './passkey-manage.ts';
import { clientMeta, readJson } from './request.ts';
import { sendSecurityNotice } from './security-notice.ts';
import { createSession, sessionResponse } from './sessions.ts';
import { findUserById, isBanned } from './users.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The relying party passkeys use when they are on (AUTH_PASSKEYS and a site WebAuthn can name), else null. */
export function passkeyRelyingParty(env: AuthEnv): RelyingParty | null {
  return env.ctx.config.authPasskeys ? relyingParty(env.ctx.config.siteUrl, env.siteName) : null;
}

/** GoTrue's parsing of a verify body: a uuid challenge_id and a credential, else 400. */
async function verifyParams(c: Context): Promise<{ challengeId: string; credential: unknown }> {
  const body = await readJson(c);
  const challengeId = body.challenge_id;
  if (challengeId !== undefined && typeof challengeId !== 'string') throw errors.badJson('challenge_id must be a string');
  if (!challengeId) throw errors.validation('challenge_id is required');
  if (body.credential === undefined || body.credential === null) throw errors.validation('credential is required');
  if (!UUID_RE.test(challengeId)) throw errors.validation('challenge_id must be a valid UUID');
  return { challengeId: challengeId.toLowerCase(), credential: body.credential };
}

/**
 * /passkeys: passkeys as a first factor, as GoTrue's passkey_registration.go and
 * passkey_authentication.go. A passkey signs in at aal1 with the `passkey` amr claim, so the
 * site's aal2 policies still ask staff with a second step for it after a passkey sign-in.
 */
export function passkeyRoutes(app: Hono, env: AuthEnv, rp: RelyingParty): void {
  const { ctx, limits, devices } = env;
  const policy = passkeyPolicy();

  /** requireAuthentication + requireNotAnonymous, and GoTrue's aal rule for managing passkeys. */
  async function manager(c: Context, q: Queryable) {
    const { user, sessionId } = await authenticate(ctx, c, q);
    if (user.is_anonymous) throw new AuthError(403, 'no_anonymous', 'Anonymous user not allowed to perform these actions');
    await policy.requireManagementAal(q, user.id, sessionId);
    return user;
  }

  async function existingIds(q: Queryable, userId: string): Promise<Buffer[]> {
    const { rows } = await q.query<{ credential_id: Buffer }>(
      'select credential_id from auth.webauthn_credentials where user_id = $1 order by created_at', [userId]);
    return rows.map((r) => r.credential_id);
  }

  app.post('/passkeys/registration/options', async (c) => {
    await limits.consume('passkeyIp', clientIp(c, ctx.config.trustProxy));
    const user = await manager(c, ctx.db);
    await readJson(c);
    const existing = await existingIds(ctx.db, user.id);
    if (existing.length >= policy.maxPerUser) throw policy.tooMany();
    const options = await registrationOptions(rp, user, existing);
    const challenge = await storeChallenge(ctx.db, 'registration', user.id, options.challenge);
    return c.json({ challenge_id: challenge.id, options, expires_at: challenge.expiresAt });
  });

  app.post('/passkeys/registration/verify', async (c) => {
    const user = await manager(c, ctx.db);
    const { challengeId, credential } = await verifyParams(c);
    const challenge = await consumeChallenge(ctx.db, challengeId, 'registration', user.id);
    if (!wellFormed('create', credential)) throw passkeyErrors.invalidResponse();
    const made = await verifyPasskeyCreation(rp, challenge, credential);
    if (!made) throw passkeyErrors.verificationFailed();
    const created = await ctx.db.transaction(async (tx) => {
      // one registration of an account at a time, so parallel ones cannot pass the cap together
      await tx.query('select id from auth.users where id = $1 for update', [user.id]);
      if ((await existingIds(tx, user.id)).length >= policy.maxPerUser) throw policy.tooMany();
      const { rows } = await tx.query<{ id: string; friendly_name: string; created_at: string }>(
        `insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, aaguid, sign_count,
           transports, backup_eligible, backed_up, friendly_name)
         values ($1, $2, $3, $4, $5::uuid, $6, $7::jsonb, $8, $9, 'Passkey')
         on conflict (credential_id) do nothing
         returning id, friendly_name, to_jsonb(created_at) #>> '{}' as created_at`,
        [user.id, made.credentialId, made.publicKey, made.attestationType, made.aaguid, made.counter,
          JSON.stringify(made.transports), made.backupEligible, made.backedUp]);
      if (!rows[0]) throw new AuthError(422, 'webauthn_credential_exists', 'This credential is already registered');
      return rows[0];
    });
    sendSecurityNotice(env, user.email, 'passkey-added');
    return c.json({ id: created.id, friendly_name: created.friendly_name, created_at: created.created_at });
  });

  app.post('/passkeys/authentication/options', async (c) => {
    await limits.consume('passkeyIp', clientIp(c, ctx.config.trustProxy));
    await readJson(c);
    const options = await authenticationOptions(rp);
    const challenge = await storeChallenge(ctx.db, 'authentication', null, options.challenge);
    return c.json({ challenge_id: challenge.id, options, expires_at: challenge.expiresAt });
  });

  app.post('/passkeys/authentication/verify', async (c) => {
    await limits.consume('passkeyVerifyIp', clientIp(c, ctx.config.trustProxy));
    const { challengeId, credential } = await verifyParams(c);
    const challenge = await consumeChallenge(ctx.db, challengeId, 'authentication', null);
    if (!wellFormed('request', credential)) throw passkeyErrors.invalidResponse();
    const credentialId = assertedCredentialId(credential);
    const { rows } = credentialId
      ? await ctx.db.query<PasskeyRow>(
        `select id, user_id, credential_id, public_key, sign_count::text, transports
         from auth.webauthn_credentials where credential_id = $1`, [credentialId])
      : { rows: [] as PasskeyRow[] };
    const stored = rows[0];
    // an unknown or deleted credential is refused as a wrong signature is: the answer tells no more
    const asserted = stored ? await verifyPasskeyAssertion(rp, challenge, credential, stored) : null;
    if (!stored || !asserted) throw passkeyErrors.verificationFailed();
    const user = await findUserById(ctx.db, stored.user_id);
    if (!user) throw passkeyErrors.verificationFailed();
    if (user.email && !user.email_confirmed_at) throw new AuthError(403, 'email_not_confirmed', 'Email not confirmed');
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
    const session = await ctx.db.transaction(async (tx) => {
      // the counter moves only forward, also when two sign-ins with one passkey race
      const { rowCount } = await tx.query(
        `update auth.webauthn_credentials set sign_count = $2, backed_up = $3, last_used_at = now(), updated_at = now()
         where id = $1 and (sign_count < $2 or ($2 = 0 and sign_count = 0))`, [stored.id, asserted.counter, asserted.backedUp]);
      if (rowCount === 0) throw passkeyErrors.verificationFailed();
      const { sessionId, refreshToken } = await createSession(tx, user.id, 'passkey', clientMeta(c, ctx.config.trustProxy));
      const fresh = (await findUserById(tx, user.id))!;
      return sessionResponse(ctx, tx, fresh, sessionId, refreshToken);
    });
    devices.issue(c, user.id);
    return c.json(session);
  });

  passkeyManageRoutes(app, env, manager);
}
