/**
 * PostgREST's schema cache, reduced to what /rest/v1 needs: tables and views of the exposed schema
 * with their columns, primary keys and foreign-key relationships, and the functions callable as RPC.
 * Every identifier a request names is checked against this before it reaches SQL.
 */
import type { Queryable } from '../db/adapter.ts';
import { loadViewColumns, viewRelationships } from './view-relationships.ts';

export interface Column {
  name: string;
  /** format_type() text, e.g. `text[]`, `timestamp with time zone`, `app_role`. */
  type: string;
  nullable: boolean;
  /** Default expression as PostgreSQL prints it, or null. */
  default: string | null;
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o';

export interface Relationship {
  table: string;
  foreignTable: string;
  constraint: string;
  /** [column of `table`, column of `foreignTable`] pairs. */
  columns: [string, string][];
  cardinality: Cardinality;
  isSelf: boolean;
  /** The foreign end is a view: embedded by its name only, never by constraint or column (PostgREST issue 2277). */
  foreignIsView?: boolean;
  /** Many-to-many through a junction table: `columns` is empty, the joins are these. */
  junction?: Junction;
  /**
   * A computed relationship (PostgREST 11+): the function of the exposed schema that takes a row of
   * `table` and returns rows of `foreignTable`, embedded by the function's name; `columns` is empty.
   */
  computed?: string;
}

export interface Junction {
  table: string;
  /** [column of the origin table, column of the junction] pairs. */
  toOrigin: [string, string][];
  /** [column of the junction, column of the foreign table] pairs. */
  toTarget: [string, string][];
}

export interface Table {
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  pk: string[];
  /**
   * Computed fields: functions of the exposed schema taking only a row of this table and returning
   * a value, selected, filtered and ordered by name like columns (never part of `*`).
   */
  computed: Map<string, Column>;
}

export interface RoutineParam { name: string; type: string; required: boolean; variadic: boolean }

export interface Routine {
  name: string;
  params: RoutineParam[];
  volatility: 'i' | 's' | 'v';
  returnsSet: boolean;
  /** Returns a plain value (not a row type / table). */
  returnsScalar: boolean;
  returnsVoid: boolean;
  /** Name of the returned table when it returns rows of a table in the schema (for embedding). */
  returnTable: string | undefined;
  /** Columns of the result rows (OUT/TABLE parameters or the returned table's columns). */
  columns: Column[];
}

export interface SchemaCache {
  schema: string;
  tables: Map<string, Table>;
  /** Relationships keyed by origin table name. */
  relationships: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
  /** Type names usable in `::cast` (pg_type names in pg_catalog and the schema). */
  types: Set<string>;
  /** Aggregate functions in `select` are allowed (PostgREST's db-aggregates-enabled). */
  aggregates: boolean;
  /** The plan media type is answered (PostgREST's db-plan-enabled). */
  plan: boolean;
}

const TABLES_SQL = `
select c.relname as name, c.relkind in ('v','m') as is_view
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r','v','m','f','p')`;

const COLUMNS_SQL = `
select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
       not a.attnotnull as nullable,
       -- an identity column's default is its sequence, as PostgREST's column cache reads it (missing=default)
       coalesce(pg_get_expr(d.adbin, d.adrelid), case when a.attidentity = 'd' then
         format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)) end) as default_expr
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = $1 and c.relkind in ('r','v','m','f','p') and a.attnum > 0 and not a.attisdropped
order by c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype as type, c.relname as table_name, fc.relname as ftable_name,
       fn.nspname as fschema,
       to_json(array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord)) as cols,
       to_json(array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord)) as fcols
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class fc on fc.oid = con.confrelid
left join pg_namespace fn on fn.oid = fc.relnamespace
where n.nspname = $1 and con.contype in ('p','u','f') and con.conparentid = 0
order by c.relname, con.conname`;

const ROUTINES_SQL = `
select p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
       p.pronargdefaults as n_defaults, p.pronargs as n_args,
       rt.typtype as ret_typtype, rt.typrelid <> 0 as ret_composite, rt.oid = 'void'::regtype as ret_void,
       case when rt.typrelid <> 0 and rn.nspname = $1 then (select relname from pg_class where oid = rt.typrelid) end as ret_table,
       coalesce(p.proargmodes::text[] && array['o','t','b'], false) as has_out,
       coalesce((
         select json_agg(json_build_object('name', coalesce(p.proargnames[i], ''),
                                           'type', format_type(p.proallargtypes[i], null),
                                           'mode', p.proargmodes[i]::text) order by i)
         from generate_subscripts(p.proallargtypes, 1) i), (
         select json_agg(json_build_object('name', coalesce(p.proargnames[i + 1], ''),
                                           'type', format_type(p.proargtypes[i], null),
                                           'mode', 'i') order by i)
         from generate_series(0, p.pronargs - 1) i), '[]') as args
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
join pg_namespace rn on rn.oid = rt.typnamespace
where n.nspname = $1 and p.prokind = 'f'`;

/**
 * Functions taking one row of a table or view of the schema: computed fields when they return a
 * value, computed relationships when they return rows of a table or view of the schema (a single
 * row when not SETOF, or SETOF declared ROWS 1, as PostgREST's allComputedRels decides).
 */
const ROW_FUNCTIONS_SQL = `
select p.proname as name, ac.relname as arg_table, format_type(p.prorettype, null) as ret_type,
       case when rn.nspname = $1 then rc.relname end as ret_table, rc.oid is not null as ret_row,
       not p.proretset or p.prorows = 1 as single_row
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relkind in ('r','v','m','f','p')
join pg_namespace an on an.oid = ac.relnamespace
left join pg_class rc on rc.reltype = p.prorettype and rc.relkind in ('r','v','m','f','p')
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = $1 and an.nspname = $1 and p.pronargs = 1 and p.prokind = 'f'`;

/**
 * PostgREST 12's many-to-many: two different many-to-one keys of one table whose columns all belong
 * to its primary key make it a junction between the tables they reference.
 */
function junctionRelationships(keys: Relationship[], tables: Map<string, Table>): Relationship[] {
  const out: Relationship[] = [];
  for (const a of keys) {
    for (const b of keys) {
      if (a.table !== b.table || a.constraint === b.constraint || a.cardinality !== 'm2o' || b.cardinality !== 'm2o') continue;
      const pk = tables.get(a.table)?.pk ?? [];
      if (![...a.columns, ...b.columns].every(([col]) => pk.includes(col))) continue;
      out.push({
        table: a.foreignTable, foreignTable: b.foreignTable, constraint: a.table, columns: [], cardinality: 'o2m',
        isSelf: a.foreignTable === b.foreignTable,
        junction: { table: a.table, toOrigin: a.columns.map(([j, o]): [string, string] => [o, j]), toTarget: b.columns },
      });
    }
  }
  return out;
}

const TYPES_SQL = `
select distinct t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
where n.nspname in ('pg_catalog', $1) and t.typname !~ '^(pg_|_)'`;

interface ArgRow { name: string; type: string; mode: string }

const WHOLE_BODY_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/**
 * PostgREST's in-database configuration: `alter role authenticator set pgrst.db_aggregates_enabled
 * to 'true'` (or on the role this server connects as) overrides REST_AGGREGATES, as it overrides
 * PostgREST's own setting; `pgrst.db_plan_enabled` likewise REST_PLAN.
 */
const DB_SETTING_SQL = `
select split_part(setting, '=', 2) as value
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) setting
where r.rolname in (current_user, 'authenticator') and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and split_part(setting, '=', 1) = $1
order by r.rolname = current_user, s.setdatabase desc limit 1`;

async function dbSwitch(db: Queryable, name: string, fallback: boolean): Promise<boolean> {
  const value = (await db.query<{ value: string }>(DB_SETTING_SQL, [name])).rows[0]?.value;
  return value === undefined ? fallback : /^(true|on|1|yes)$/i.test(value.trim());
}

export interface CacheOptions { aggregates: boolean; plan: boolean }

export async function loadSchemaCache(db: Queryable, schema = 'public', options: CacheOptions = { aggregates: false, plan: false }): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  for (const row of (await db.query<{ name: string; is_view: boolean }>(TABLES_SQL, [schema])).rows) {
    tables.set(row.name, { name: row.name, isView: row.is_view, columns: new Map(), pk: [], computed: new Map() });
  }
  const columns = await db.query<{ table_name: string; name: string; type: string; nullable: boolean; default_expr: string | null }>(COLUMNS_SQL, [schema]);
  for (const row of columns.rows) {
    tables.get(row.table_name)?.columns.set(row.name, {
      name: row.name, type: row.type, nullable: row.nullable, default: row.default_expr,
    });
  }

  const constraints = (await db.query<{
    name: string; type: string; table_name: string; ftable_name: string | null; fschema: string | null; cols: string[]; fcols: string[];
  }>(CONSTRAINTS_SQL, [schema])).rows;
  const uniques = new Map<string, string[][]>();
  for (const con of constraints) {
    if (con.type === 'p') {
      const table = tables.get(con.table_name);
      if (table) table.pk = con.cols;
    }
    if (con.type === 'p' || con.type === 'u') {
      uniques.set(con.table_name, [...(uniques.get(con.table_name) ?? []), [...con.cols].sort()]);
    }
  }
  const relationships = new Map<string, Relationship[]>();
  const add = (rel: Relationship) => relationships.set(rel.table, [...(relationships.get(rel.table) ?? []), rel]);
  const keys: Relationship[] = [];
  for (const con of constraints) {
    // Only foreign keys between two tables of the exposed schema count (an FK to auth.users does not).
    if (con.type !== 'f' || con.fschema !== schema || !con.ftable_name || !tables.has(con.ftable_name)) continue;
    const sortedCols = [...con.cols].sort().join('\u0000');
    const oneToOne = (uniques.get(con.table_name) ?? []).some((u) => u.join('\u0000') === sortedCols);
    const pairs = con.cols.map((c, i): [string, string] => [c, con.fcols[i]]);
    const isSelf = con.table_name === con.ftable_name;
    const key: Relationship = { table: con.table_name, foreignTable: con.ftable_name, constraint: con.name, columns: pairs, cardinality: oneToOne ? 'o2o' : 'm2o', isSelf };
    keys.push(key);
    add(key);
    add({
      table: con.ftable_name, foreignTable: con.table_name, constraint: con.name,
      columns: pairs.map(([a, b]): [string, string] => [b, a]), cardinality: oneToOne ? 'o2o' : 'o2m', isSelf,
    });
  }
  for (const rel of viewRelationships(keys, await loadViewColumns(db, schema))) add(rel);
  for (const rel of junctionRelationships(keys, tables)) add(rel);

  const rowFunctions = (await db.query<{
    name: string; arg_table: string; ret_type: string; ret_table: string | null; ret_row: boolean; single_row: boolean;
  }>(ROW_FUNCTIONS_SQL, [schema])).rows;
  for (const fn of rowFunctions) {
    const origin = tables.get(fn.arg_table);
    if (!origin) continue;
    if (!fn.ret_row) {
      if (!origin.columns.has(fn.name)) origin.computed.set(fn.name, { name: fn.name, type: fn.ret_type, nullable: true, default: null });
    } else if (fn.ret_table && tables.has(fn.ret_table)) {
      add({
        table: fn.arg_table, foreignTable: fn.ret_table, constraint: fn.name, columns: [],
        cardinality: fn.single_row ? 'm2o' : 'o2m', isSelf: fn.arg_table === fn.ret_table, computed: fn.name,
      });
    }
  }

  const routines = new Map<string, Routine[]>();
  const routineRows = (await db.query<{
    name: string; volatility: 'i' | 's' | 'v'; returns_set: boolean; n_defaults: number; n_args: number; ret_typtype: string;
    ret_composite: boolean; ret_void: boolean; ret_table: string | null; has_out: boolean; args: ArgRow[] | string;
  }>(ROUTINES_SQL, [schema])).rows;
  for (const row of routineRows) {
    const args: ArgRow[] = typeof row.args === 'string' ? JSON.parse(row.args) : row.args;
    const inputs = args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    // PostgREST can call a function with unnamed parameters only when that is its single one and
    // takes a whole body (json, jsonb, text, xml, bytea); others are not in its cache at all
    const unnamed = inputs.filter((a) => a.name === '');
    if (unnamed.length > 1 || (unnamed.length === 1 && !WHOLE_BODY_TYPES.has(unnamed[0].type))) continue;
    const firstDefault = inputs.length - Number(row.n_defaults);
    const routine: Routine = {
      name: row.name,
      params: inputs.map((a, i) => ({ name: a.name, type: a.type, required: i < firstDefault, variadic: a.mode === 'v' })),
      volatility: row.volatility,
      returnsSet: row.returns_set,
      returnsScalar: !row.ret_composite && !(row.ret_typtype === 'p' && row.has_out) && !row.ret_void,
      returnsVoid: row.ret_void,
      returnTable: row.ret_table ?? undefined,
      columns: args.filter((a) => a.mode === 'o' || a.mode === 't' || a.mode === 'b')
        .map((a) => ({ name: a.name, type: a.type, nullable: true, default: null })),
    };
    if (routine.returnTable) routine.columns = [...(tables.get(routine.returnTable)?.columns.values() ?? [])];
    routines.set(row.name, [...(routines.get(row.name) ?? []), routine]);
  }

  const types = new Set((await db.query<{ name: string }>(TYPES_SQL, [schema])).rows.map((r) => r.name));
  const aggregates = await dbSwitch(db, 'pgrst.db_aggregates_enabled', options.aggregates);
  const plan = await dbSwitch(db, 'pgrst.db_plan_enabled', options.plan);
  return { schema, tables, relationships, routines, types, aggregates, plan };
}
