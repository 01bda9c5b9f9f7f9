import { createHash, randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Queryable } from '../db/adapter.ts';
import { checkPasswordHash, mergeMetadata, readAdminUserParams, type AdminUserParams } from './admin-params.ts';
import { ensureEmailIdentity, makePermanent } from './anonymous.ts';
import { authenticate, bearerClaims } from './authenticate.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { hashPassword } from './password.ts';
import { checkPasswordStrength, readJson, validateEmail, type Body } from './request.ts';
import { sendSecurityNotice } from './security-notice.ts';
import { factorJson, findUserByEmail, findUserById, insertAuthUser, listUsers, markEmailVerified, userJson, type UserRecord } from './users.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** GoTrue's JWT_ADMIN_ROLES default. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
const DEFAULT_PER_PAGE = 50;

/**
 * GoTrue's requireAdminCredentials: a valid token whose role is an admin role; a token naming a
 * session must name one that still exists. Everyone else gets 403 not_admin.
 */
export async function requireAdmin(env: AuthEnv, c: Context): Promise<void> {
  const claims = await bearerClaims(env.ctx, c);
  const sid = claims.session_id;
  if (typeof sid === 'string' && sid !== '' && sid !== NIL_UUID) await authenticate(env.ctx, c, env.ctx.db);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw errors.notAdmin();
}

/** GoTrue's loadUser: the :id of the path, as a user. */
async function loadUser(q: Queryable, c: Context, forUpdate = false): Promise<UserRecord> {
  const id = c.req.param('id') ?? '';
  if (!UUID_RE.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(q, id, forUpdate);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

function pageNumber(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    throw errors.validation(`Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  }
  return Math.max(1, Number(raw));
}

/** GoTrue's addPaginationHeaders: Link (next, last) with the query re-encoded in Go's sorted order, and X-Total-Count. */
function paginationHeaders(c: Context, page: number, perPage: number, total: number): void {
  const totalPages = Math.ceil(total / perPage);
  const url = new URL(c.req.url);
  const linkTo = (target: number) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('page', String(target));
    query.sort();
    return `<${url.pathname}?${query.toString()}>`;
  };
  let header = '';
  if (totalPages > page) header += `${linkTo(page + 1)}; rel="next", `;
  header += `${linkTo(totalPages)}; rel="last"`;
  c.header('Link', header);
  c.header('X-Total-Count', String(total));
}

/** GoTrue's obfuscated address of a soft-deleted account: nobody can sign in or sign up with it. */
function obfuscated(id: string, value: string): string {
  return createHash('sha256').update(id + value).digest('hex');
}

/** /admin/users and its factors, as GoTrue's internal/api/admin.go, for the service role only. */
export function adminRoutes(app: Hono, env: AuthEnv): void {
  const { ctx } = env;

  app.use('/admin/*', async (c, next) => {
    await requireAdmin(env, c);
    await next();
  });

  app.get('/admin/users', async (c) => {
    const page = pageNumber(c.req.query('page'), 1);
    const perPage = pageNumber(c.req.query('per_page'), DEFAULT_PER_PAGE);
    const { users, total } = await listUsers(ctx.db, { limit: perPage, offset: (page - 1) * perPage, filter: c.req.query('filter') ?? '' });
    paginationHeaders(c, page, perPage, total);
    return c.json({ users: users.map(userJson), aud: 'authenticated' });
  });

  app.post('/admin/users', async (c) => {
    const params = readAdminUserParams(await readJson(c));
    if (params.email === '' && params.phone === '') throw errors.validation('Cannot create a user without either an email or phone');
    if (params.phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    const email = validateEmail(params.email);
    if (params.password !== undefined && params.passwordHash !== '') {
      throw errors.validation('Only a password or a password hash should be provided');
    }
    if (params.passwordHash !== '') checkPasswordHash(params.passwordHash);
    if (params.password) checkPasswordStrength(params.password);
    if (params.id !== '' && !UUID_RE.test(params.id)) throw errors.validation('ID must conform to the uuid v4 format');
    if (params.id === NIL_UUID) throw errors.validation('ID cannot be a nil uuid');
    // an account without a chosen password gets an unguessable one, as in GoTrue
    const passwordHash = params.passwordHash || (await hashPassword(params.password || randomBytes(48).toString('base64url')));
    const id = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw errors.emailExists();
      if (params.id !== '' && (await findUserById(tx, params.id))) throw errors.emailExists();
      // the profile comes from the site's signup trigger: pending, so the approval flow still holds
      const newId = await insertAuthUser(tx, {
        id: params.id || undefined, email, passwordHash, data: params.userMetadata ?? {}, confirmed: params.emailConfirm,
      });
      await applyUpdates(tx, newId, { ...params, email: '', password: undefined });
      return newId;
    });
    return c.json(userJson((await findUserById(ctx.db, id))!));
  });

  app.get('/admin/users/:id', async (c) => c.json(userJson(await loadUser(ctx.db, c))));

  app.put('/admin/users/:id', async (c) => {
    const params = readAdminUserParams(await readJson(c));
    if (params.phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (params.password) checkPasswordStrength(params.password);
    const result = await ctx.db.transaction(async (tx) => {
      const user = await loadUser(tx, c, true);
      await applyUpdates(tx, user.id, params);
      return (await findUserById(tx, user.id))!;
    });
    if (params.password) sendSecurityNotice(env, result.email, 'password-changed');
    return c.json(userJson(result));
  });

  /**
   * Everything an admin create or update may set besides the row itself. A new password or a ban
   * ends every session of the account, as the site's own suspension and password reset do.
   */
  async function applyUpdates(tx: Queryable, id: string, params: AdminUserParams): Promise<void> {
    if (params.email !== '') {
      const email = validateEmail(params.email);
      const other = await findUserByEmail(tx, email);
      if (other && other.id !== id) throw errors.emailExists();
      await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
           updated_at = now() where user_id = $1 and provider = 'email'`, [id, email, params.emailConfirm]);
      // an anonymous user given an address: a new identity, and with email_confirm a permanent account
      await ensureEmailIdentity(tx, id, email, params.emailConfirm);
      if (params.emailConfirm) await makePermanent(tx, id, email);
    }
    if (params.role !== '') await tx.query('update auth.users set role = $2, updated_at = now() where id = $1', [id, params.role]);
    if (params.emailConfirm) await markEmailVerified(tx, id);
    if (params.password) {
      await tx.query(`update auth.users set encrypted_password = $2, recovery_token = '', updated_at = now() where id = $1`,
        [id, await hashPassword(params.password)]);
      await tx.query('delete from auth.sessions where user_id = $1', [id]);
    }
    const current = await findUserById(tx, id);
    if (params.appMetadata) {
      await tx.query('update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1',
        [id, JSON.stringify(mergeMetadata(current!.raw_app_meta_data, params.appMetadata))]);
    }
    if (params.userMetadata) {
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
        [id, JSON.stringify(mergeMetadata(current!.raw_user_meta_data, params.userMetadata))]);
    }
    if (params.banSeconds !== undefined) {
      await tx.query(
        `update auth.users set banned_until = case when $2::float8 = 0 then null else now() + make_interval(secs => $2) end,
           updated_at = now() where id = $1`, [id, params.banSeconds]);
      if (params.banSeconds > 0) await tx.query('delete from auth.sessions where user_id = $1', [id]);
    }
  }

  app.delete('/admin/users/:id', async (c) => {
    const body: Body = await readJson(c);
    const soft = body.should_soft_delete;
    if (soft !== undefined && soft !== null && typeof soft !== 'boolean') throw errors.badJson('field "should_soft_delete" must be a boolean');
    await ctx.db.transaction(async (tx) => {
      const user = await loadUser(tx, c, true);
      if (!soft) {
        // the profile goes with it (cascade), and the site's audit trigger records user.delete
        await tx.query('delete from auth.users where id = $1', [user.id]);
        return;
      }
      if (user.deleted_at) return;
      await tx.query(
        `update auth.users set email = $2, phone = null, encrypted_password = null, email_change = '', confirmation_token = '',
           recovery_token = '', email_change_token_current = '', email_change_token_new = '', reauthentication_token = '',
           deleted_at = now(), updated_at = now() where id = $1`, [user.id, obfuscated(user.id, user.email ?? '')]);
      await tx.query(`update auth.identities set identity_data = identity_data - 'email', updated_at = now() where user_id = $1`, [user.id]);
      await tx.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
      // as GoTrue's soft delete: a passkey must not sign in to the emptied account
      await tx.query('delete from auth.webauthn_credentials where user_id = $1', [user.id]);
      await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    });
    return c.json({});
  });

  app.get('/admin/users/:id/factors', async (c) => c.json((await loadUser(ctx.db, c)).factors.map(factorJson)));

  app.on(['PUT', 'DELETE'], '/admin/users/:id/factors/:factorId', async (c) => {
    const body = c.req.method === 'PUT' ? await readJson(c) : {};
    const friendlyName = body.friendly_name;
    if (friendlyName !== undefined && typeof friendlyName !== 'string') throw errors.badJson('field "friendly_name" must be a string');
    const factor = await ctx.db.transaction(async (tx) => {
      const user = await loadUser(tx, c);
      const factorId = c.req.param('factorId') ?? '';
      if (!UUID_RE.test(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
      const found = user.factors.find((f) => f.id === factorId);
      if (!found) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
      if (c.req.method === 'PUT') {
        if (friendlyName) await tx.query('update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1', [factorId, friendlyName]);
        return (await findUserById(tx, user.id))!.factors.find((f) => f.id === factorId)!;
      }
      await tx.query('delete from auth.mfa_factors where id = $1', [factorId]);
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [user.id, factorId]);
      // recorded and told to the member as the operator's reset of the second step (npm run user -- reset-mfa)
      await tx.query(
        `select private.write_audit('user.mfa_reset', 'user', $1, coalesce(nullif(btrim(p.full_name), ''), p.email),
           jsonb_build_object('factor_id', $2::text)) from public.profiles p where p.id = $1`, [user.id, factorId]);
      if (found.status === 'verified') {
        await tx.query(`insert into private.account_notices (profile_id, kind) values ($1, 'second_step_reset')`, [user.id]);
        await tx.query(`select pg_notify('account_notices', '')`);
      }
      return found;
    });
    return c.json(factorJson(factor));
  });
}
