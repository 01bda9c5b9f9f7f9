import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';

/** An auth.users row as to_jsonb() gives it: timestamps are ISO-8601 strings with a zone. */
export interface UserRecord {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  confirmed_at: string | null;
  confirmation_token: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  invited_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
  identities: IdentityRecord[];
  factors: FactorRecord[];
}

/** An auth.mfa_factors row without its secret. */
export interface FactorRecord {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

export interface IdentityRecord {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

const USER_SELECT = `
  select to_jsonb(u) || jsonb_build_object('identities', coalesce(
    (select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id), '[]'::jsonb),
    'factors', coalesce((select jsonb_agg(to_jsonb(f) - 'secret' - 'web_authn_credential' - 'last_webauthn_challenge_data'
      order by f.created_at) from auth.mfa_factors f where f.user_id = u.id), '[]'::jsonb)) as record
  from auth.users u`;

export async function findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRecord | null> {
  const { rows } = await q.query<{ record: UserRecord }>(`${USER_SELECT} where u.id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0]?.record ?? null;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRecord | null> {
  const { rows } = await q.query<{ record: UserRecord }>(
    `${USER_SELECT} where lower(u.email) = lower($1) and u.is_sso_user = false`, [email]);
  return rows[0]?.record ?? null;
}

/**
 * One page of users, newest first (GoTrue's FindUsersInAudience), and how many match in all.
 * `filter` matches the e-mail or the full name, as GoTrue's admin list filter does.
 */
export async function listUsers(q: Queryable, page: { limit: number; offset: number; filter: string }): Promise<{ users: UserRecord[]; total: number }> {
  const where = `where u.aud = 'authenticated' and ($1 = '' or u.email ilike '%' || $1 || '%'
    or u.raw_user_meta_data ->> 'full_name' ilike '%' || $1 || '%')`;
  const pattern = page.filter.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const { rows } = await q.query<{ record: UserRecord }>(
    `${USER_SELECT} ${where} order by u.created_at desc, u.id limit $2 offset $3`, [pattern, page.limit, page.offset]);
  const count = await q.query<{ total: string }>(`select count(*)::text as total from auth.users u ${where}`, [pattern]);
  return { users: rows.map((r) => r.record), total: Number(count.rows[0]?.total ?? 0) };
}

/** Banned as GoTrue means it: banned_until in the future. */
export function isBanned(user: UserRecord): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();
}

function omitNull(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, v]) => v !== null && v !== undefined));
}

/** The user object as GoTrue serialises models.User (null timestamps left out). */
export function userJson(user: UserRecord): Record<string, unknown> {
  return omitNull([
    ['id', user.id],
    ['aud', user.aud ?? ''],
    ['role', user.role ?? ''],
    ['email', user.email ?? ''],
    ['email_confirmed_at', user.email_confirmed_at],
    ['phone', user.phone ?? ''],
    ['phone_confirmed_at', user.phone_confirmed_at],
    ['confirmation_sent_at', user.confirmation_sent_at],
    ['confirmed_at', user.confirmed_at],
    ['recovery_sent_at', user.recovery_sent_at],
    ['invited_at', user.invited_at],
    // models.User's `new_email,omitempty`: a pending change of address
    ['new_email', user.email_change || null],
    ['email_change_sent_at', user.email_change_sent_at],
    ['last_sign_in_at', user.last_sign_in_at],
    ['app_metadata', user.raw_app_meta_data ?? {}],
    ['user_metadata', user.raw_user_meta_data ?? {}],
    ['identities', user.identities.map(identityJson)],
    // models.User's `factors,omitempty`: absent for an account without any
    ['factors', user.factors.length ? user.factors.map(factorJson) : null],
    ['created_at', user.created_at],
    ['updated_at', user.updated_at],
    ['banned_until', user.banned_until],
    ['deleted_at', user.deleted_at],
    ['is_anonymous', user.is_anonymous],
  ]);
}

export function factorJson(factor: FactorRecord): Record<string, unknown> {
  return {
    id: factor.id,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at,
    updated_at: factor.updated_at,
    last_challenged_at: factor.last_challenged_at,
  };
}

function identityJson(identity: IdentityRecord): Record<string, unknown> {
  // GoTrue's JSON names are historical: the row id is identity_id, provider_id is id
  return omitNull([
    ['identity_id', identity.id],
    ['id', identity.provider_id],
    ['user_id', identity.user_id],
    ['identity_data', identity.identity_data],
    ['provider', identity.provider],
    ['last_sign_in_at', identity.last_sign_in_at],
    ['created_at', identity.created_at],
    ['updated_at', identity.updated_at],
    ['email', identity.email],
  ]);
}

export interface NewAuthUser {
  /** A chosen id (the admin API's `id`); a random one otherwise. */
  id?: string;
  email: string;
  passwordHash: string;
  data: Record<string, unknown>;
  confirmed: boolean;
  confirmationToken?: string;
}

/**
 * Inserts auth.users and its e-mail identity on `tx`. The caller owns the transaction, so a
 * failing trigger (handle_new_user) rolls back both rows. raw_user_meta_data is the signup data
 * already at INSERT time, as triggers expect.
 */
export async function insertAuthUser(tx: Queryable, input: NewAuthUser): Promise<string> {
  const id = input.id ?? randomUUID();
  const email = input.email.toLowerCase();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, is_super_admin,
       created_at, updated_at, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4::boolean then now() end, $5::text, case when $5::text <> '' then now() end,
       '{"provider":"email","providers":["email"]}'::jsonb, $6::jsonb, false, now(), now(), false, false)`,
    [id, email, input.passwordHash, input.confirmed, input.confirmationToken ?? '', JSON.stringify(input.data)],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now())`,
    [id, JSON.stringify({ sub: id, email, email_verified: input.confirmed, phone_verified: false })],
  );
  return id;
}

/** Sets what verifying the e-mail sets in GoTrue: the time, and email_verified in the metadata. */
export async function markEmailVerified(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified":true}'::jsonb,
       updated_at = now()
     where id = $1`, [id]);
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified":true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`, [id]);
}
