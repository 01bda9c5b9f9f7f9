import type { Queryable } from './adapter.ts';
import { migrationFiles } from './migrate.ts';

/** Schemas the platform SQL (server/db/platform) must be able to change. */
const PLATFORM_SCHEMAS = ['auth', 'storage', 'realtime'];

/**
 * DATABASE_URL is either a PostgreSQL the operator owns, or a hosted Supabase project's, whose auth
 * and storage schemas belong to Supabase's own services (e.g. supabase_auth_admin): this server's
 * platform SQL would fail there half-way with "permission denied for schema auth". Says so.
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
    + 'it looks like a hosted Supabase project, whose own services run auth and storage. '
    + 'Apply the migrations there with "npx supabase db push" and start this server with SUPABASE_URL and SUPABASE_ANON_KEY '
    + 'beside DATABASE_URL: it then runs the mail workers and scheduled jobs on this database and renders pages from the project '
    + '(README "Deploy against a hosted Supabase project").';
}

export async function refuseForeignSchemas(db: Queryable): Promise<void> {
  const problem = await foreignSchemaProblem(db);
  if (problem) throw new Error(problem);
}

/**
 * Whether DATABASE_URL is a hosted Supabase project's database this server runs in front of:
 * its auth and storage belong to Supabase, and the project's API (SUPABASE_URL) serves them. The
 * server then changes nothing in the schema, so every migration must already be there
 * (`supabase db push`): its workers read the tables and queues they made.
 */
export async function hostedProject(db: Queryable, projectApiGiven: boolean): Promise<boolean> {
  const problem = await foreignSchemaProblem(db);
  if (!problem) return false;
  if (!projectApiGiven) throw new Error(problem);
  const recorded = (await db.query<{ table: string | null }>("select to_regclass('supabase_migrations.schema_migrations')::text as table")).rows[0].table;
  const { rows } = recorded ? await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations') : { rows: [] };
  const applied = new Set(rows.map((r) => r.version));
  const missing = (await migrationFiles()).filter((m) => !applied.has(m.version));
  if (missing.length > 0) {
    throw new Error(`The hosted project lacks ${missing.length} of this site's migrations (first: ${missing[0].version}_${missing[0].name}.sql). `
      + 'Apply them with "npx supabase db push", then start this server again.');
  }
  return true;
}
