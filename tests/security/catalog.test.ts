/**
 * The database catalog after every migration, checked for the properties Supabase's linter
 * (splinter) asks of an exposed schema. A new function or policy that breaks one fails here,
 * before a hosted project's advisor reports it.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();
/** The schemas PostgREST exposes (config `db_schemas` on Supabase). */
const EXPOSED = ['public', 'graphql_public'];
/** Schemas whose policies the app writes. */
const APP_SCHEMAS = ['public', 'storage'];

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await t.server.ctx.db.query<T & Record<string, unknown>>(sql, params)).rows;
}

interface Policy {
  schemaname: string;
  tablename: string;
  policyname: string;
  permissive: string;
  roles: string[];
  cmd: string;
  qual: string | null;
  with_check: string | null;
}

const policies = () =>
  rows<Policy>(
    `select schemaname, tablename, policyname, permissive, roles::text[] as roles, cmd, qual, with_check
     from pg_catalog.pg_policies where schemaname = any($1)`, [APP_SCHEMAS]);

describe('database catalog', () => {
  it('has no SECURITY DEFINER function in an exposed schema that anon or authenticated can execute', async () => {
    const exposed = await rows<{ fn: string; role: string }>(
      `select p.oid::regprocedure::text as fn, r.role
       from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       cross join unnest(array['anon', 'authenticated']) as r(role)
       where p.prosecdef and n.nspname = any($1) and has_function_privilege(r.role, p.oid, 'EXECUTE')`, [EXPOSED]);
    expect(exposed).toEqual([]);
  });

  it('keeps the role helpers only in the private schema', async () => {
    const copies = await rows<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_catalog.pg_proc p
       where p.pronamespace = 'public'::regnamespace
         and p.proname in ('is_staff', 'is_superadmin', 'is_approved', 'current_profile_role')`);
    expect(copies).toEqual([]);
    const helpers = await rows<{ proname: string }>(
      `select proname from pg_catalog.pg_proc where pronamespace = 'private'::regnamespace
         and proname in ('is_staff', 'is_superadmin', 'is_approved', 'current_profile_role') order by 1`);
    expect(helpers.map((h) => h.proname)).toEqual(['current_profile_role', 'is_approved', 'is_staff', 'is_superadmin']);
  });

  it('calls auth functions and role helpers in policies only through a sub-select', async () => {
    const call = /\b(auth\.(?:uid|jwt|role|email)|private\.\w+|current_setting)\s*\(/gi;
    const offenders: string[] = [];
    for (const p of await policies()) {
      for (const expr of [p.qual, p.with_check]) {
        if (!expr) continue;
        for (const match of expr.matchAll(call)) {
          const before = expr.slice(0, match.index).trimEnd();
          if (!/\bselect$/i.test(before)) offenders.push(`${p.schemaname}.${p.tablename} "${p.policyname}": ${match[1]}()`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  // storage.objects keeps one policy per bucket, as Supabase's guides write them; splinter skips it too
  it('has at most one permissive policy per table, role and action in public', async () => {
    const seen = new Map<string, string[]>();
    for (const p of await policies()) {
      if (p.permissive !== 'PERMISSIVE' || p.schemaname !== 'public') continue;
      const actions = p.cmd === 'ALL' ? ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] : [p.cmd];
      const roles = p.roles.includes('public') ? ['anon', 'authenticated'] : p.roles;
      for (const role of roles) {
        for (const action of actions) {
          const key = `${p.schemaname}.${p.tablename} ${role} ${action}`;
          seen.set(key, [...(seen.get(key) ?? []), p.policyname]);
        }
      }
    }
    const doubled = [...seen].filter(([, names]) => names.length > 1).map(([key, names]) => `${key}: ${names.join(', ')}`);
    expect(doubled).toEqual([]);
  });

  it('has no write policy whose check is always true', async () => {
    const open = (await policies()).filter((p) => {
      if (p.cmd === 'SELECT') return false;
      const check = (p.with_check ?? (p.cmd === 'INSERT' ? 'true' : p.qual ?? 'true')).replace(/[\s()]/g, '').toLowerCase();
      return check === 'true' || check === '1=1';
    });
    expect(open.map((p) => `${p.schemaname}.${p.tablename} "${p.policyname}"`)).toEqual([]);
  });

  it('enables row-level security on every table in public', async () => {
    const open = await rows<{ relname: string }>(
      `select relname from pg_catalog.pg_class where relnamespace = 'public'::regnamespace
         and relkind in ('r', 'p') and not relrowsecurity`);
    expect(open).toEqual([]);
  });
});
