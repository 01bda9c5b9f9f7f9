/**
 * Relationships of views, as PostgREST derives them: a view column that is a plain reference to a
 * table column (PostgreSQL records the origin of each output column in the view's rule,
 * `resorigtbl`/`resorigcol`) carries that column's foreign keys, so a view embeds and is embedded
 * like the table it shows.
 */
import type { Queryable } from '../db/adapter.ts';

/** A foreign-key relationship as schema-cache.ts keeps it. */
interface Relationship {
  table: string;
  foreignTable: string;
  constraint: string;
  columns: [string, string][];
  cardinality: 'm2o' | 'o2m' | 'o2o';
  isSelf: boolean;
  foreignIsView?: boolean;
}

/** Each view column's origin, in the order the rule lists its target entries (the view's own list last). */
const VIEW_COLUMNS_SQL = `
select v.relname as view_name, m[2] as view_column, oc.relname as table_name, oa.attname as table_column
from pg_class v
join pg_namespace n on n.oid = v.relnamespace
join pg_rewrite r on r.ev_class = v.oid
cross join lateral regexp_matches(r.ev_action::text,
  ':resno (\\d+) :resname (\\S+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g') with ordinality as x(m, ord)
join pg_class oc on oc.oid = m[3]::oid
join pg_namespace onsp on onsp.oid = oc.relnamespace and onsp.nspname = $1
join pg_attribute oa on oa.attrelid = oc.oid and oa.attnum = m[4]::int2
join pg_attribute va on va.attrelid = v.oid and va.attnum = m[1]::int2 and va.attname = m[2]
where n.nspname = $1 and v.relkind in ('v', 'm')
order by v.relname, x.ord`;

interface Origin { table: string; column: string }

/** view name -> view column -> the table column it shows (through views of views). */
export async function loadViewColumns(db: Queryable, schema: string): Promise<Map<string, Map<string, Origin>>> {
  const rows = (await db.query<{ view_name: string; view_column: string; table_name: string; table_column: string }>(VIEW_COLUMNS_SQL, [schema])).rows;
  const views = new Map<string, Map<string, Origin>>();
  for (const row of rows) {
    const cols = views.get(row.view_name) ?? new Map<string, Origin>();
    cols.set(row.view_column, { table: row.table_name, column: row.table_column });
    views.set(row.view_name, cols);
  }
  const resolve = (origin: Origin, depth = 0): Origin => {
    const next = views.get(origin.table)?.get(origin.column);
    return next && depth < 16 ? resolve(next, depth + 1) : origin;
  };
  for (const cols of views.values()) for (const [name, origin] of cols) cols.set(name, resolve(origin));
  return views;
}

interface Side { name: string; cols: string[] }

/** The table and every view showing all of `cols` of it, with the names those columns have there. */
function sides(table: string, cols: string[], views: Map<string, Map<string, Origin>>): Side[] {
  const out: Side[] = [{ name: table, cols }];
  for (const [view, mapping] of views) {
    const named = cols.map((col) => [...mapping].find(([, o]) => o.table === table && o.column === col)?.[0]);
    if (named.every((n): n is string => n !== undefined)) out.push({ name: view, cols: named });
  }
  return out;
}

const REVERSE = { m2o: 'o2m', o2o: 'o2o', o2m: 'm2o' } as const;

/** For each foreign key (its many-to-one or one-to-one direction), the same key between views, both ways. */
export function viewRelationships(keys: Relationship[], views: Map<string, Map<string, Origin>>): Relationship[] {
  if (views.size === 0) return [];
  const out: Relationship[] = [];
  for (const key of keys) {
    for (const from of sides(key.table, key.columns.map((c) => c[0]), views)) {
      for (const to of sides(key.foreignTable, key.columns.map((c) => c[1]), views)) {
        if (from.name === key.table && to.name === key.foreignTable) continue;
        const pairs = from.cols.map((c, i): [string, string] => [c, to.cols[i]]);
        const isSelf = from.name === to.name;
        out.push({ table: from.name, foreignTable: to.name, constraint: key.constraint, columns: pairs, cardinality: key.cardinality, isSelf, foreignIsView: to.name !== key.foreignTable });
        out.push({
          table: to.name, foreignTable: from.name, constraint: key.constraint, columns: pairs.map(([a, b]): [string, string] => [b, a]),
          cardinality: REVERSE[key.cardinality], isSelf, foreignIsView: from.name !== key.table,
        });
      }
    }
  }
  return out;
}
