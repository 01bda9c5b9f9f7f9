import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/adapter.ts';
import { AuthError, OAuthError, errors } from './errors.ts';
import { findUserById, isBanned, userJson, type UserRecord } from './users.ts';

/** The first-factor methods this server signs in with (GoTrue's amr names). */
export type AuthMethod = 'password' | 'otp' | 'passkey' | 'anonymous';

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Opaque refresh token; GoTrue's v1 tokens are short alphanumerics, ours are longer. */
export function newRefreshToken(length = 32): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (const byte of bytes) {
    // 248 = 4 * 62: dropping larger bytes keeps every character equally likely
    if (byte < 248) out += ALPHANUMERIC[byte % 62];
    if (out.length === length) break;
  }
  return out.length === length ? out : newRefreshToken(length);
}

async function insertRefreshToken(
  tx: Queryable,
  t: { token: string; userId: string; sessionId: string; parent: string | null },
): Promise<void> {
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [t.token, t.userId, t.parent, t.sessionId],
  );
}

export async function createSession(tx: Queryable, userId: string, method: AuthMethod, meta: ClientMeta): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
    [sessionId, userId, meta.userAgent?.slice(0, 1000) ?? null, isIP(meta.ip) ? meta.ip : null],
  );
  await insertRefreshToken(tx, { token: refreshToken, userId, sessionId, parent: null });
  // GoTrue keeps the sign-in method of each session for the `amr` claim
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)`,
    [sessionId, method],
  );
  // GoTrue's issueRefreshToken records the sign-in on the user and its identity
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
  return { sessionId, refreshToken };
}

/** Sign-in methods GoTrue counts as a second factor (models.AMRClaim.IsAAL2Claim). */
const AAL2_METHODS = new Set(['totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn']);

/** The session's `amr` claim, newest first as GoTrue orders it, and the level it gives. */
async function loadAmr(q: Queryable, sessionId: string): Promise<{ aal: 'aal1' | 'aal2'; amr: { method: string; timestamp: number }[] }> {
  const { rows: claims } = await q.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::int as ts
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`, [sessionId]);
  if (claims.length) {
    const amr = claims.map((r) => ({ method: r.method, timestamp: Number(r.ts) }));
    return { aal: amr.some((entry) => AAL2_METHODS.has(entry.method)) ? 'aal2' : 'aal1', amr };
  }
  const { rows } = await q.query<{ ts: number }>(
    'select extract(epoch from created_at)::int as ts from auth.sessions where id = $1', [sessionId]);
  return { aal: 'aal1', amr: [{ method: 'password', timestamp: Number(rows[0]?.ts ?? Math.floor(Date.now() / 1000)) }] };
}

/**
 * GoTrue's updateMFASessionAndClaims: the session gains the factor's method (`totp`,
 * `mfa/webauthn`) and aal2, and its refresh token is swapped for a new one (the old one no longer refreshes).
 */
export async function raiseSessionToAal2(tx: Queryable, sessionId: string, userId: string, factorId: string,
  method: 'totp' | 'mfa/webauthn' = 'totp'): Promise<string> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`, [sessionId, method]);
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId]);
  const { rows } = await tx.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
     where session_id = $1 and revoked = false returning token`, [sessionId]);
  const token = newRefreshToken();
  await insertRefreshToken(tx, { token, userId, sessionId, parent: rows.at(-1)?.token ?? null });
  return token;
}

export function issuer(ctx: ServerContext): string {
  return `${ctx.config.siteUrl}/auth/v1`;
}

/** The access token (GoTrue's AccessTokenClaims) and the session JSON around it. */
export async function sessionResponse(ctx: ServerContext, q: Queryable, user: UserRecord, sessionId: string, refreshToken: string): Promise<Record<string, unknown>> {
  const expiresIn = ctx.config.jwtExpirySeconds;
  const now = Math.floor(Date.now() / 1000);
  const { aal, amr } = await loadAmr(q, sessionId);
  const accessToken = await ctx.keys.sign({
    iss: issuer(ctx),
    sub: user.id,
    aud: user.aud || 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  }, expiresIn);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  reusable: boolean;
  session_exists: boolean;
  session_expired: boolean;
}

/**
 * grant_type=refresh_token, following GoTrue's RefreshTokenGrant: the token rotates; a revoked
 * token is still honoured if it is the parent of the active one (the client lost the answer) or
 * was revoked within the reuse interval (parallel refreshes); any later replay ends the whole
 * session (every token of the family) and fails with refresh_token_already_used.
 */
export async function refreshGrant(ctx: ServerContext, token: string): Promise<Record<string, unknown>> {
  if (!token) throw new OAuthError('invalid_request', 'refresh_token required');
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      `select rt.id::text, rt.token, rt.user_id, rt.revoked, rt.parent, rt.session_id::text,
         rt.updated_at + make_interval(secs => $2) > now() as reusable,
         s.id is not null as session_exists,
         coalesce(s.not_after < now(), false) as session_expired
       from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
       where rt.token = $1 for update of rt`,
      [token, ctx.config.refreshTokenReuseInterval],
    );
    const row = rows[0];
    if (!row) return errors.refreshNotFound();
    const user = await findUserById(tx, row.user_id);
    if (!user) return errors.refreshNotFound();
    if (isBanned(user)) return new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
    if (!row.session_exists || !row.session_id) return errors.refreshNoSession();
    if (row.session_expired) return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    // serialises concurrent refreshes of one session
    await tx.query('select id from auth.sessions where id = $1 for update', [row.session_id]);

    let issued: string | undefined;
    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false
         order by id desc limit 1`, [row.session_id]);
      if (active.rows[0]?.parent === row.token) {
        issued = active.rows[0].token;
      } else if (!row.reusable) {
        // A stolen token is being replayed, or the real owner is. GoTrue only marks the family
        // revoked, which leaves its access tokens working until they expire and, since that
        // also touches updated_at, the newest token reusable for the reuse interval. Ending
        // the session closes both gaps. Committed on purpose although the request fails.
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
        return errors.refreshAlreadyUsed();
      }
    }
    if (!issued) {
      issued = newRefreshToken();
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      await insertRefreshToken(tx, { token: issued, userId: row.user_id, sessionId: row.session_id, parent: row.token });
    }
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [row.session_id]);
    return sessionResponse(ctx, tx, user, row.session_id, issued);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
