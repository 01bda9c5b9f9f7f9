import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import type { Db, Queryable } from '../db/adapter.ts';
import { hashPassword } from './password.ts';

export const ROLES = ['superadmin', 'admin', 'user'] as const;
export const STATUSES = ['approved', 'pending', 'rejected'] as const;
export type AppRole = (typeof ROLES)[number];
export type AccountStatus = (typeof STATUSES)[number];

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
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
  identities: IdentityRecord[];
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
    (select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id), '[]'::jsonb)) as record
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
    ['last_sign_in_at', user.last_sign_in_at],
    ['app_metadata', user.raw_app_meta_data ?? {}],
    ['user_metadata', user.raw_user_meta_data ?? {}],
    ['identities', user.identities.map(identityJson)],
    ['created_at', user.created_at],
    ['updated_at', user.updated_at],
    ['banned_until', user.banned_until],
    ['deleted_at', user.deleted_at],
    ['is_anonymous', user.is_anonymous],
  ]);
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
  const id = randomUUID();
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

export interface CreateUserInput {
  email: string;
  password: string;
  role?: AppRole;
  status?: AccountStatus;
  fullName?: string;
  confirmed?: boolean;
  /** Extra user metadata (username, phone_number) besides full_name. */
  data?: Record<string, unknown>;
}

export class UserExistsError extends Error {
  constructor(email: string) {
    super(`A user with e-mail ${email} already exists`);
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Service-side account creation (CLI, seeding, tests): a confirmed login by default, whose
 * profile then gets the given role and status. The profile row itself comes from the app's
 * handle_new_user trigger, exactly as for a signup.
 */
export async function createUser(db: Db, input: CreateUserInput): Promise<{ id: string }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL_RE.test(email) || email.length > 255) throw new Error(`Invalid e-mail address: ${input.email}`);
  if (input.password.length < 6) throw new Error('Password must be at least 6 characters');
  if (input.password.length > 72) throw new Error('Password cannot be longer than 72 characters');
  const passwordHash = await hashPassword(input.password);
  const data = { ...(input.data ?? {}), ...(input.fullName ? { full_name: input.fullName } : {}) };
  const confirmed = input.confirmed ?? true;
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw new UserExistsError(email);
    const id = await insertAuthUser(tx, { email, passwordHash, data, confirmed });
    if (confirmed) await markEmailVerified(tx, id);
    await setProfile(tx, id, { role: input.role ?? 'user', status: input.status ?? 'pending' });
    return { id };
  });
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

async function setProfile(tx: Queryable, id: string, fields: { role?: AppRole; status?: AccountStatus }): Promise<void> {
  const result = await tx.query(
    `update public.profiles set role = coalesce($2::public.app_role, role),
       status = coalesce($3::public.account_status, status) where id = $1`,
    [id, fields.role ?? null, fields.status ?? null],
  );
  if (result.rowCount === 0) {
    // an account created before the profiles trigger existed
    await tx.query(
      `insert into public.profiles (id, email, full_name, role, status)
       select u.id, u.email, u.raw_user_meta_data ->> 'full_name', coalesce($2::public.app_role, 'user'),
         coalesce($3::public.account_status, 'pending')
       from auth.users u where u.id = $1`,
      [id, fields.role ?? null, fields.status ?? null],
    );
  }
}

export class UserNotFoundError extends Error {
  constructor(email: string) {
    super(`No user with e-mail ${email}`);
  }
}

async function idByEmail(tx: Queryable, email: string): Promise<string> {
  const user = await findUserByEmail(tx, email.trim());
  if (!user) throw new UserNotFoundError(email);
  return user.id;
}

/** Operator password reset: also ends every session, since a reset usually means "lost control". */
export async function setPassword(db: Db, email: string, password: string): Promise<void> {
  if (password.length < 6) throw new Error('Password must be at least 6 characters');
  if (password.length > 72) throw new Error('Password cannot be longer than 72 characters');
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const id = await idByEmail(tx, email);
    await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [id, hash]);
    await tx.query('delete from auth.sessions where user_id = $1', [id]);
  });
}

export async function setRole(db: Db, email: string, role: AppRole): Promise<void> {
  await db.transaction(async (tx) => setProfile(tx, await idByEmail(tx, email), { role }));
}

export async function setStatus(db: Db, email: string, status: AccountStatus): Promise<void> {
  await db.transaction(async (tx) => setProfile(tx, await idByEmail(tx, email), { status }));
}

/**
 * SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD at start: make sure that account exists, is confirmed
 * and is an approved superadmin. An existing password is never overwritten, so changing it in
 * the UI survives a restart with the old environment.
 */
export async function ensureSuperadmin(ctx: Pick<ServerContext, 'config' | 'db'>): Promise<{ id: string; created: boolean } | null> {
  const { superadminEmail: email, superadminPassword: password } = ctx.config;
  if (!email || !password) return null;
  const existing = await findUserByEmail(ctx.db, email);
  if (!existing) {
    const { id } = await createUser(ctx.db, { email, password, role: 'superadmin', status: 'approved', fullName: 'Superadmin', confirmed: true });
    return { id, created: true };
  }
  await ctx.db.transaction(async (tx) => {
    if (!existing.email_confirmed_at) await markEmailVerified(tx, existing.id);
    await setProfile(tx, existing.id, { role: 'superadmin', status: 'approved' });
  });
  return { id: existing.id, created: false };
}
