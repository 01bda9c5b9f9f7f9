import type { Db } from '../db/adapter.ts';
import { quoteIdent } from '../http/sql-ident.ts';

export interface ColumnMeta {
  name: string;
  /** pg_type.typname, what realtime-js's transformers key on ('int4', 'timestamptz', '_text'). */
  type: string;
  /** Schema-qualified type name usable in a cast whatever the search_path. */
  sqlType: string;
}

export interface TableMeta {
  schema: string;
  table: string;
  /** Quoted "schema"."table". */
  qualified: string;
  rls: boolean;
  columns: ColumnMeta[];
  primaryKey: string[];
}

const TTL_MS = 30_000;

/**
 * Catalog facts the delivery path needs for every change: column types, primary key, whether
 * RLS is on, and which columns each role may select. Cached briefly and dropped on schema change
 * so a change does not cost catalog queries.
 */
export class TableCatalog {
  private tables = new Map<string, { at: number; meta: TableMeta | undefined }>();
  private selectable = new Map<string, { at: number; columns: Set<string> }>();

  constructor(private readonly db: Db) {}

  clear(): void {
    this.tables.clear();
    this.selectable.clear();
  }

  async get(schema: string, table: string): Promise<TableMeta | undefined> {
    const key = `${schema}\u0000${table}`;
    const cached = this.tables.get(key);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.meta;
    const { rows } = await this.db.query<{
      rls: boolean;
      columns: { name: string; type: string; sqlType: string }[];
      pk: string[] | null;
    }>(
      `select c.relrowsecurity as rls,
              (select coalesce(json_agg(json_build_object(
                        'name', a.attname, 'type', t.typname,
                        'sqlType', format('%I.%I', tn.nspname, t.typname)) order by a.attnum), '[]'::json)
                 from pg_attribute a
                 join pg_type t on t.oid = a.atttypid
                 join pg_namespace tn on tn.oid = t.typnamespace
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
              (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                 from pg_index i
                 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                where i.indrelid = c.oid and i.indisprimary) as pk
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
      [schema, table],
    );
    const row = rows[0];
    const meta: TableMeta | undefined = row && {
      schema,
      table,
      qualified: `${quoteIdent(schema)}.${quoteIdent(table)}`,
      rls: row.rls,
      columns: row.columns,
      primaryKey: row.pk ?? [],
    };
    this.tables.set(key, { at: Date.now(), meta });
    return meta;
  }

  /** Columns `role` may SELECT; Supabase leaves the others out of columns, record and old_record. */
  async selectableColumns(role: string, meta: TableMeta): Promise<Set<string>> {
    const key = `${role}\u0000${meta.qualified}`;
    const cached = this.selectable.get(key);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.columns;
    const { rows } = await this.db.query<{ name: string }>(
      `select a.attname as name
         from pg_attribute a
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
      [meta.qualified, role],
    );
    const columns = new Set(rows.map((r) => r.name));
    this.selectable.set(key, { at: Date.now(), columns });
    return columns;
  }
}
