/**
 * Operator account management: what the `npm run user` command and the first-superadmin seeding
 * do to accounts, outside the public API (no rate limits, no confirmation mail).
 */
import type { ServerContext } from '../context.ts';
import type { Db, Queryable } from '../db/adapter.ts';
import { hashPassword } from './password.ts';
import { findUserByEmail, insertAuthUser, markEmailVerified } from './users.ts';

export const ROLES = ['superadmin', 'admin', 'user'] as const;
export const STATUSES = ['approved', 'pending', 'rejected', 'suspended'] as const;
export type AppRole = (typeof ROLES)[number];
export type AccountStatus = (typeof STATUSES)[number];

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

/**
 * Operator reset of the second step (a lost phone, or a superadmin locked out of their own):
 * the factors go with every session, the audit log records it as the operator's, and the member
 * is mailed (through the outbox the running server drains).
 */
export async function resetSecondStep(db: Db, email: string): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await idByEmail(tx, email);
    const { rowCount: factors } = await tx.query('delete from auth.mfa_factors where user_id = $1', [id]);
    // a passkey planted with a stolen password is a way back in as much as a factor
    const { rows: [{ passkeys }] } = await tx.query<{ passkeys: number }>('select private.end_passkeys($1) as passkeys', [id]);
    const rowCount = (factors ?? 0) + passkeys;
    await tx.query('delete from auth.sessions where user_id = $1', [id]);
    await tx.query(
      `select private.write_audit('user.mfa_reset', 'user', $1, coalesce(nullif(btrim(p.full_name), ''), p.email), '{}'::jsonb)
       from public.profiles p where p.id = $1`, [id]);
    if (rowCount) {
      await tx.query(`insert into private.account_notices (profile_id, kind) values ($1, 'second_step_reset')`, [id]);
      await tx.query(`select pg_notify('account_notices', '')`);
    }
    return rowCount;
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
