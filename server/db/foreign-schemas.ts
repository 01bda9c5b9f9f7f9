import type { Queryable } from './adapter.ts';

/** Schemas the platform SQL (server/db/platform) must be able to change. */
const PLATFORM_SCHEMAS = ['auth', 'storage', 'realtime'];

/**
 * DATABASE_URL must be a PostgreSQL the operator owns. In a hosted Supabase project the auth and
 * storage schemas belong to Supabase's own services (e.g. supabase_auth_admin), and this server's
 * platform SQL would fail half-way with "permission denied for schema auth". Say what to do instead.
 */
export async function foreignSchemaProblem(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ schema: string; owner: string; me: string }>(
    `select n.nspname as schema, pg_catalog.pg_get_userbyid(n.nspowner) as owner, current_user as me
       from pg_catalog.pg_namespace n
      where n.nspname = any($1::text[]) and not pg_catalog.pg_has_role(current_user, n.nspowner, 'USAGE')
      order by n.nspname`,
    [PLATFORM_SCHEMAS],
  );
  if (rows.length === 0) return undefined;
  const owned = rows.map((r) => `${r.schema} (owner ${r.owner})`).join(', ');
  return `This database's ${owned} schema${rows.length > 1 ? 's belong' : ' belongs'} to another role than ${rows[0].me}: `
    + 'it looks like a hosted Supabase project, whose own services run auth and storage. This server cannot serve it through DATABASE_URL. '
    + 'Apply the migrations there with "npx supabase db push" and start this server with SUPABASE_URL and SUPABASE_ANON_KEY '
    + '(README "Deploy against a hosted Supabase project"); DATABASE_URL is for a PostgreSQL you own.';
}

export async function refuseForeignSchemas(db: Queryable): Promise<void> {
  const problem = await foreignSchemaProblem(db);
  if (problem) throw new Error(problem);
}
