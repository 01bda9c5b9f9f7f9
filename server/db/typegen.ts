import type { Queryable } from './adapter.ts';
import { HELPER_TYPES } from './typegen-helpers.ts';

/**
 * `npm run gen:types`: src/lib/database.types.ts from the live schema, in the shape
 * `supabase gen types typescript` (supabase/postgres-meta typegen) produces: Tables with
 * Row/Insert/Update/Relationships, Views, Functions, Enums, CompositeTypes, the helper types and
 * Constants. Keys are sorted by name as the CLI sorts them.
 */
interface Column { table: string; name: string; type: string; elem: string | null; nullable: boolean; optional: boolean; generated: boolean; updatable: boolean }
interface Relation { table: string; name: string; columns: string[]; one: boolean; target: string; targetColumns: string[] }
interface Fn { name: string; args: { name: string; type: string; mode: string; elem: string | null; optional: boolean }[]; returns: string; retElem: string | null; set: boolean }

const SCHEMA = 'public';

const TABLES_SQL = `
select c.relname as name, c.relkind in ('v', 'm') as is_view
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
order by c.relname`;

const COLUMNS_SQL = `
select c.relname as table, a.attname as name, t.typname as type,
  case when t.typelem <> 0 and t.typlen = -1 then (select e.typname from pg_type e where e.oid = t.typelem) end as elem,
  not a.attnotnull or c.relkind in ('v', 'm') as nullable,
  (not a.attnotnull or a.atthasdef or a.attidentity <> '') as optional,
  -- as the Supabase CLI: generated columns and GENERATED ALWAYS identities cannot be written
  (a.attgenerated <> '' or a.attidentity = 'a') as generated,
  c.relkind not in ('v', 'm') or pg_column_is_updatable(c.oid, a.attnum, false) as updatable
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
order by c.relname, a.attname`;

const RELATIONS_SQL = `
select c.relname as table, k.conname as name, rc.relname as target,
  array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
  array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as "targetColumns",
  exists (select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
          and u.conkey::int2[] @> k.conkey::int2[] and u.conkey::int2[] <@ k.conkey::int2[]) as one
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class rc on rc.oid = k.confrelid
join pg_namespace rn on rn.oid = rc.relnamespace
where k.contype = 'f' and n.nspname = $1 and rn.nspname = $1
order by c.relname, k.conname`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as set, rt.typname as returns,
  case when rt.typelem <> 0 and rt.typlen = -1 then (select e.typname from pg_type e where e.oid = rt.typelem) end as "retElem",
  coalesce((
    select json_agg(json_build_object('name', x.name, 'type', t.typname, 'mode', x.mode,
      'elem', case when t.typelem <> 0 and t.typlen = -1 then (select e.typname from pg_type e where e.oid = t.typelem) end,
      'optional', x.i > p.pronargs - p.pronargdefaults) order by x.i)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), coalesce(p.proargnames, '{}'), coalesce(p.proargmodes, '{}'))
      with ordinality x(type, name, mode, i)
    join pg_type t on t.oid = x.type
  ), '[]') as args
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
  and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
order by p.proname`;

const ENUMS_SQL = `
select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
where n.nspname = $1 group by t.typname order by t.typname`;

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function tsType(type: string, elem: string | null, enums: Set<string>): string {
  if (elem) return `${tsType(elem, null, enums)}[]`;
  if (enums.has(type)) return `Database['${SCHEMA}']['Enums']['${type}']`;
  if (type === 'bool') return 'boolean';
  if (NUMBER.has(type)) return 'number';
  if (type === 'json' || type === 'jsonb') return 'Json';
  if (type === 'void') return 'undefined';
  if (type === 'record') return 'Record<string, unknown>';
  return ['text', 'varchar', 'bpchar', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'bytea', 'inet', 'cidr', 'citext', 'name', 'tsvector'].includes(type) ? 'string' : 'unknown';
}

const never = (indent: string) => `{\n${indent}  [_ in never]: never\n${indent}}`;

function block(entries: string[], indent: string): string {
  return entries.length ? `{\n${entries.join('\n')}\n${indent}}` : never(indent);
}

export async function generateTypes(db: Queryable): Promise<string> {
  const enumRows = (await db.query<{ name: string; labels: string[] }>(ENUMS_SQL, [SCHEMA])).rows;
  const enums = new Set(enumRows.map((e) => e.name));
  const tables = (await db.query<{ name: string; is_view: boolean }>(TABLES_SQL, [SCHEMA])).rows;
  const columns = (await db.query<Column>(COLUMNS_SQL, [SCHEMA])).rows;
  const relations = (await db.query<Relation>(RELATIONS_SQL, [SCHEMA])).rows;
  const fns = (await db.query<Fn>(FUNCTIONS_SQL, [SCHEMA])).rows;

  const i6 = '      ';
  const relationText = (table: string) => {
    const list = relations.filter((r) => r.table === table);
    if (!list.length) return `${i6}  Relationships: []`;
    const items = list.map((r) => [
      `${i6}    {`,
      `${i6}      foreignKeyName: '${r.name}'`,
      `${i6}      columns: [${r.columns.map((c) => `'${c}'`).join(', ')}]`,
      `${i6}      isOneToOne: ${r.one}`,
      `${i6}      referencedRelation: '${r.target}'`,
      `${i6}      referencedColumns: [${r.targetColumns.map((c) => `'${c}'`).join(', ')}]`,
      `${i6}    },`,
    ].join('\n'));
    return `${i6}  Relationships: [\n${items.join('\n')}\n${i6}  ]`;
  };
  const relationEntry = (t: { name: string; is_view: boolean }) => {
    const cols = columns.filter((c) => c.table === t.name);
    const type = (c: Column) => tsType(c.type, c.elem, enums) + (c.nullable ? ' | null' : '');
    const row = cols.map((c) => `${i6}    ${c.name}: ${type(c)}`);
    const insert = cols.filter((c) => c.updatable).map((c) => c.generated
      ? `${i6}    ${c.name}?: never`
      : `${i6}    ${c.name}${c.optional || t.is_view ? '?' : ''}: ${type(c)}`);
    const update = cols.filter((c) => c.updatable).map((c) => c.generated ? `${i6}    ${c.name}?: never` : `${i6}    ${c.name}?: ${type(c)}`);
    return [
      `${i6}${t.name}: {`,
      `${i6}  Row: ${block(row, `${i6}  `)}`,
      `${i6}  Insert: ${block(insert, `${i6}  `)}`,
      `${i6}  Update: ${block(update, `${i6}  `)}`,
      relationText(t.name),
      `${i6}}`,
    ].join('\n');
  };
  const fnEntry = (f: (typeof fns)[number]) => {
    const inArgs = f.args.filter((a) => a.name && ['i', 'b', 'v', ''].includes(a.mode ?? ''));
    const outArgs = f.args.filter((a) => ['o', 't', 'b'].includes(a.mode ?? ''));
    const args = inArgs.length
      ? block(inArgs.map((a) => `${i6}    ${a.name}${a.optional ? '?' : ''}: ${tsType(a.type, a.elem, enums)}`), `${i6}  `)
      : 'Record<PropertyKey, never>';
    let returns: string;
    if (f.returns === 'record' && outArgs.length) {
      returns = `{\n${outArgs.map((a) => `${i6}    ${a.name}: ${tsType(a.type, a.elem, enums)}`).sort().join('\n')}\n${i6}  }${f.set ? '[]' : ''}`;
    } else {
      const base = tables.some((t) => t.name === f.returns)
        ? `Database['${SCHEMA}']['Tables']['${f.returns}']['Row']`
        : tsType(f.returns, f.retElem, enums);
      returns = `${base}${f.set ? '[]' : ''}`;
    }
    return `${i6}${f.name}: {\n${i6}  Args: ${args}\n${i6}  Returns: ${returns}\n${i6}}`;
  };

  const enumEntries = enumRows.map((e) => `${i6}${e.name}: ${e.labels.map((l) => `'${l}'`).join(' | ')}`);
  const out = [
    '// Generated by `npm run gen:types` from the schema the migrations produce, in the shape',
    '// `supabase gen types typescript` writes. Do not edit by hand: add a migration and regenerate.',
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]',
    '',
    'export type Database = {',
    '  graphql_public: {',
    `    Tables: ${never('    ')}`,
    `    Views: ${never('    ')}`,
    '    Functions: {',
    '      graphql: {',
    '        Args: {',
    '          extensions?: Json',
    '          operationName?: string',
    '          query?: string',
    '          variables?: Json',
    '        }',
    '        Returns: Json',
    '      }',
    '    }',
    `    Enums: ${never('    ')}`,
    `    CompositeTypes: ${never('    ')}`,
    '  }',
    `  ${SCHEMA}: {`,
    `    Tables: ${block(tables.filter((t) => !t.is_view).map(relationEntry), '    ')}`,
    `    Views: ${block(tables.filter((t) => t.is_view).map(relationEntry), '    ')}`,
    `    Functions: ${block(fns.map(fnEntry), '    ')}`,
    `    Enums: ${block(enumEntries, '    ')}`,
    `    CompositeTypes: ${never('    ')}`,
    '  }',
    '}',
    '',
    HELPER_TYPES,
    'export const Constants = {',
    `  ${SCHEMA}: {`,
    '    Enums: {',
    ...enumRows.map((e) => `      ${e.name}: [${e.labels.map((l) => `'${l}'`).join(', ')}],`),
    '    },',
    '  },',
    '} as const',
    '',
  ];
  return out.join('\n');
}
