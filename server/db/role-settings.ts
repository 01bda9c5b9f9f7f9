import type { Db } from './adapter.ts';
import { API_ROLES } from './api-roles.ts';

/** Per API role, its `alter role ... set` settings (statement_timeout and the like). */
export type RoleSettings = Map<string, [string, string][]>;

const loaded = new WeakMap<Db, RoleSettings>();

// PostgREST reads the same catalog when it loads its schema cache (pg_db_role_setting), with the
// database-specific setting winning over the all-databases one.
const SQL = `
select r.rolname as role, s.setconfig as config
from pg_db_role_setting s
join pg_roles r on r.oid = s.setrole
where r.rolname = any($1) and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by r.rolname, s.setdatabase`;

/** Reads the API roles' settings; call when the schema cache (re)loads. */
export async function loadRoleSettings(db: Db): Promise<RoleSettings> {
  const { rows } = await db.query<{ role: string; config: string[] }>(SQL, [[...API_ROLES]]);
  const settings: RoleSettings = new Map();
  for (const { role, config } of rows) {
    const merged = new Map(settings.get(role) ?? []);
    for (const entry of config) {
      const eq = entry.indexOf('=');
      if (eq > 0) merged.set(entry.slice(0, eq), entry.slice(eq + 1));
    }
    settings.set(role, [...merged]);
  }
  loaded.set(db, settings);
  return settings;
}

const NONE: [string, string][] = [];

/** The role's settings; the same array until they are read again (callers may cache by it). */
export function roleSettings(db: Db, role: string): [string, string][] {
  return loaded.get(db)?.get(role) ?? NONE;
}
