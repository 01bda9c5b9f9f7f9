import type { Context, Hono } from 'hono';
import type { Queryable } from '../db/adapter.ts';
import { authenticate } from './authenticate.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors, keyNameRefusal } from './errors.ts';
import { readJson } from './request.ts';
import { sendSecurityNotice } from './security-notice.ts';
import { findUserById, type UserRecord } from './users.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** GoTrue's PASSKEY_MAX_PASSKEYS_PER_USER default. */
const MAX_PER_USER = 10;
const FRIENDLY_NAME_MAX = 120;

const passkeyNotFound = () => new AuthError(404, 'validation_failed', 'Passkey not found');

interface PasskeyItemRow {
  id: string;
  friendly_name: string;
  created_at: string;
  last_used_at: string | null;
}

/** GoTrue's PasskeyListItem: an empty name and a passkey never used leave their fields out. */
function itemJson(row: PasskeyItemRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    created_at: row.created_at,
    ...(row.last_used_at ? { last_used_at: row.last_used_at } : {}),
  };
}

/** Timestamps as GoTrue's JSON writes them (to_jsonb: ISO 8601 with the offset), as for users and factors. */
const ITEM_COLUMNS = `id, friendly_name, to_jsonb(created_at) #>> '{}' as created_at, to_jsonb(last_used_at) #>> '{}' as last_used_at`;

async function listFor(q: Queryable, userId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await q.query<PasskeyItemRow>(
    `select ${ITEM_COLUMNS} from auth.webauthn_credentials where user_id = $1 order by created_at, id`, [userId]);
  return rows.map(itemJson);
}

/** The passkey :passkey_id of `userId`; another account's passkey does not exist for them. */
function passkeyId(c: Context): string {
  const id = c.req.param('passkey_id') ?? '';
  if (!UUID_RE.test(id)) throw passkeyNotFound();
  return id.toLowerCase();
}

async function deletePasskey(q: Queryable, id: string, userId: string): Promise<void> {
  const { rowCount } = await q.query('delete from auth.webauthn_credentials where id = $1 and user_id = $2', [id, userId]);
  if (rowCount === 0) throw passkeyNotFound();
}

/** The rules shared by registration and removal (GoTrue's passkey_webauthn.go). */
export function passkeyPolicy() {
  return {
    maxPerUser: MAX_PER_USER,
    tooMany: () => new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached'),
    /**
     * GoTrue's requirePasskeyManagementAAL: an account with a verified second step adds or removes
     * passkeys only from an aal2 session, so a stolen password cannot plant a way back in.
     * The session row decides, as for the password change.
     */
    async requireManagementAal(q: Queryable, userId: string, sessionId: string | null): Promise<void> {
      const { rows } = await q.query<{ enrolled: boolean; aal: string | null }>(
        `select exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified') as enrolled,
           (select aal::text from auth.sessions where id = $2::uuid and user_id = $1) as aal`, [userId, sessionId]);
      if (rows[0]?.enrolled && rows[0].aal !== 'aal2') {
        throw new AuthError(403, 'insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
      }
    },
  };
}

/** GET /passkeys, PATCH and DELETE /passkeys/:passkey_id (GoTrue's passkey_manage.go), for the signed-in owner. */
export function passkeyManageRoutes(app: Hono, env: AuthEnv, manager: (c: Context, q: Queryable) => Promise<UserRecord>): void {
  const { ctx } = env;

  const list = async (c: Context) => {
    const { user } = await authenticate(ctx, c, ctx.db);
    return c.json(await listFor(ctx.db, user.id));
  };
  app.get('/passkeys', list);
  app.get('/passkeys/', list);

  app.patch('/passkeys/:passkey_id', async (c) => {
    const { user } = await authenticate(ctx, c, ctx.db);
    const id = passkeyId(c);
    const body = await readJson(c);
    const name = body.friendly_name;
    if (name !== undefined && typeof name !== 'string') throw errors.badJson('friendly_name must be a string');
    if (!name) throw errors.validation('friendly_name is required');
    if (name.length > FRIENDLY_NAME_MAX) throw errors.validation(`friendly_name must be ${FRIENDLY_NAME_MAX} characters or less`);
    const { rows } = await ctx.db.query<PasskeyItemRow>(
      `update auth.webauthn_credentials set friendly_name = $3, updated_at = now() where id = $1 and user_id = $2
       returning ${ITEM_COLUMNS}`, [id, user.id, name]).catch(keyNameRefusal);
    if (!rows[0]) throw passkeyNotFound();
    return c.json(itemJson(rows[0]));
  });

  app.delete('/passkeys/:passkey_id', async (c) => {
    const user = await manager(c, ctx.db);
    await deletePasskey(ctx.db, passkeyId(c), user.id);
    sendSecurityNotice(env, user.email, 'passkey-removed');
    return c.body(null, 204);
  });
}

/**
 * GET /admin/users/:id/passkeys and DELETE /admin/users/:id/passkeys/:passkey_id (GoTrue's
 * passkey_admin.go). Served whatever AUTH_PASSKEYS says, as GoTrue does; the admin check
 * (403 not_admin) runs before them for every /admin path.
 */
export function adminPasskeyRoutes(app: Hono, env: AuthEnv): void {
  const { ctx } = env;

  async function loadUser(c: Context): Promise<UserRecord> {
    const id = c.req.param('id') ?? '';
    if (!UUID_RE.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await findUserById(ctx.db, id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  }

  const list = async (c: Context) => c.json(await listFor(ctx.db, (await loadUser(c)).id));
  app.get('/admin/users/:id/passkeys', list);
  app.get('/admin/users/:id/passkeys/', list);

  app.delete('/admin/users/:id/passkeys/:passkey_id', async (c) => {
    const user = await loadUser(c);
    await deletePasskey(ctx.db, passkeyId(c), user.id);
    sendSecurityNotice(env, user.email, 'passkey-removed');
    return c.body(null, 204);
  });
}
