/**
 * Turns parsed query parameters into a read-plan tree checked against the schema cache (tables,
 * columns, relationships), the way PostgREST 12's Plan.hs does. SQL is produced in sql.ts.
 */
import { quoteIdent } from '../http/sql-ident.ts';
import { errors, type RestError } from './errors.ts';
import type { FieldRef, FieldSelect, Filter, LogicTree, OrderTerm, SelectItem } from './parser.ts';
import type { Relationship, SchemaCache, Table } from './schema-cache.ts';

export interface Range { offset: number; limit: number | undefined }

export interface ReadNode {
  table: Table;
  /** SQL qualifier used for this node's columns, already quoted. */
  qi: string;
  /** Name PostgreSQL reports in "column X.y does not exist". */
  errName: string;
  fromSql: string;
  select: FieldSelect[];
  where: LogicTree[];
  order: OrderTerm[];
  range: Range;
  children: EmbedNode[];
  depth: number;
  /**
   * The quoted schema of computed-field functions when this node reads table rows and calls them;
   * undefined when its rows (of pgrst_source) already carry computed fields as columns.
   */
  fnSchema: string | undefined;
}

export interface EmbedNode extends ReadNode {
  rel: Relationship;
  relName: string;
  alias: string | undefined;
  aggAlias: string;
  join: 'inner' | 'left';
  spread: boolean;
  /** `profiles()` selects nothing but still joins (useful with !inner). */
  empty: boolean;
  toOne: boolean;
}

/** A column or a computed field of the table. */
export function hasField(table: Table, name: string): boolean {
  return table.columns.has(name) || table.computed.has(name);
}

export function columnMissing(node: Pick<ReadNode, 'errName'>, column: string): RestError {
  return errors.undefinedColumn(`${node.errName}.${column}`);
}

function relHintName(r: Relationship): string {
  return `'${r.foreignTable}!${r.constraint}'`;
}

function compressedRel(r: Relationship): Record<string, string> {
  const card = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one' }[r.cardinality];
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
  return {
    cardinality: card,
    embedding: `${r.table} with ${r.foreignTable}`,
    relationship: `${r.constraint} using ${r.table}${fmt(r.columns.map((c) => c[0]))} and ${r.foreignTable}${fmt(r.columns.map((c) => c[1]))}`,
  };
}

/** PostgREST's findRel: by target table, constraint name or FK column, optionally narrowed by a hint. */
export function findRel(cache: SchemaCache, origin: string, target: string, hint: string | undefined): Relationship {
  const all = cache.relationships.get(origin) ?? [];
  const singleCol = (r: Relationship, name: string) => r.columns.length === 1 && r.columns[0][0] === name;
  const singleRefCol = (r: Relationship, name: string) => r.columns.length === 1 && r.columns[0][1] === name;
  const rels = all.filter((r) => {
    if (r.computed !== undefined) return hint === undefined && target === r.computed;
    if (r.junction !== undefined) return target === r.foreignTable && (hint === undefined || hint === r.junction.table);
    if (r.isSelf) {
      if (hint === undefined) {
        return (target === r.foreignTable && r.cardinality === 'o2m') || (singleCol(r, target) && r.cardinality === 'm2o');
      }
      return target === r.foreignTable && r.cardinality === 'o2m' && singleRefCol(r, hint);
    }
    if (hint === undefined) {
      return target === r.foreignTable || (!r.foreignIsView && (target === r.constraint || singleCol(r, target)));
    }
    return target === r.foreignTable && (hint === r.constraint || singleCol(r, hint) || singleRefCol(r, hint));
  });
  if (rels.length === 1) return rels[0];
  if (rels.length === 0) {
    throw errors.noRelationship(origin, target, { hint, schema: cache.schema });
  }
  throw errors.ambiguousRelationship(origin, target, rels.map(compressedRel), rels.map(relHintName));
}

const ALL: Range = { offset: 0, limit: undefined };

export interface RootSpec {
  table: Table;
  /** FROM for the root: `"public"."articles"` for reads, `"pgrst_source"` for writes and RPC. */
  fromSql: string;
  /** Alias for the root (writes/RPC read from the CTE under the table or function name). */
  alias: string | undefined;
  /** Whose relationships the root's embeds follow, when not the root table's (a function's returned table). */
  origin?: string;
}

export function buildTree(cache: SchemaCache, root: RootSpec, select: SelectItem[]): ReadNode {
  const node: ReadNode = {
    table: root.table,
    qi: root.alias ? quoteIdent(root.alias) : `${quoteIdent(cache.schema)}.${quoteIdent(root.table.name)}`,
    errName: root.alias ?? root.table.name,
    fromSql: root.alias ? `${root.fromSql} AS ${quoteIdent(root.alias)}` : root.fromSql,
    select: [], where: [], order: [], range: ALL, children: [], depth: 0,
    fnSchema: root.alias ? undefined : quoteIdent(cache.schema),
  };
  addItems(cache, node, root.origin ?? root.alias ?? root.table.name, select);
  return node;
}

function addItems(cache: SchemaCache, node: ReadNode, originName: string, items: SelectItem[]): void {
  for (const item of items) {
    if (item.kind === 'field') {
      // a bare `count` where no column has that name is `count()`, as PostgREST reads it
      const counted = isBareCount(node, item) ? { ...item, field: { name: '*', path: [] }, aggregate: 'count' } : item;
      if (counted.aggregate && !cache.aggregates) throw errors.aggregatesNotAllowed();
      checkField(node, counted.field);
      if (counted.cast !== undefined) checkCast(cache, counted.cast);
      node.select.push(counted);
      continue;
    }
    const rel = findRel(cache, originName, item.name, item.hint);
    const target = cache.tables.get(rel.foreignTable);
    if (!target) throw errors.noRelationship(originName, item.name);
    const depth = node.depth + 1;
    const alias = `${rel.foreignTable}_${depth}`;
    const toOne = rel.cardinality !== 'o2m';
    if (item.spread && !toOne) {
      throw errors.spreadNotToOne(rel.table, item.name);
    }
    const child: EmbedNode = {
      table: target,
      qi: quoteIdent(alias),
      errName: alias,
      // a computed relationship reads the function's rows for the parent's row (PostgREST's fromF)
      fromSql: `${quoteIdent(cache.schema)}.${quoteIdent(rel.computed ?? target.name)}${rel.computed ? `(${node.qi}.*)` : ''} AS ${quoteIdent(alias)}`
        + (rel.junction ? ` INNER JOIN ${quoteIdent(cache.schema)}.${quoteIdent(rel.junction.table)} AS ${quoteIdent(`${alias}_junction`)} ON `
          + rel.junction.toTarget.map(([j, f]) => `${quoteIdent(`${alias}_junction`)}.${quoteIdent(j)} = ${quoteIdent(alias)}.${quoteIdent(f)}`).join(' AND ') : ''),
      select: [], where: [], order: [], range: ALL, children: [], depth, fnSchema: quoteIdent(cache.schema),
      rel, relName: item.name, alias: item.alias,
      aggAlias: `${rel.table}_${item.alias ?? item.name}_${depth}`,
      join: item.join === 'inner' ? 'inner' : 'left',
      spread: item.spread,
      empty: item.children.length === 0,
      toOne,
    };
    // The join condition references the parent's columns: they must exist too.
    addItems(cache, child, target.name, item.children);
    node.children.push(child);
  }
}

function isBareCount(node: ReadNode, item: FieldSelect): boolean {
  return item.field.name === 'count' && item.field.path.length === 0 && item.cast === undefined && !item.aggregate
    && !node.table.columns.has('count');
}

export function checkField(node: Pick<ReadNode, 'table' | 'errName'>, field: FieldRef): void {
  if (field.name === '*' && field.path.length === 0) return;
  if (!hasField(node.table, field.name)) throw columnMissing(node, field.name);
}

const MULTI_WORD_TYPES = new Set([
  'double precision', 'character varying', 'timestamp with time zone', 'timestamp without time zone',
  'time with time zone', 'time without time zone', 'bit varying',
]);
const TYPE_ALIASES = new Set(['int', 'integer', 'smallint', 'bigint', 'real', 'float', 'decimal', 'boolean', 'character', 'varchar', 'timestamp', 'time', 'dec']);

/** A cast is spliced into SQL as a type name, so it must be a known type, never free text. */
export function checkCast(cache: SchemaCache, cast: string): void {
  const normal = cast.trim().replace(/\s+/g, ' ').toLowerCase();
  if (cache.types.has(normal) || TYPE_ALIASES.has(normal) || MULTI_WORD_TYPES.has(normal)) return;
  if (/^[a-z_][a-z0-9_]*$/.test(normal)) throw errors.undefinedType(normal);
  throw errors.unknownCast(cast);
}

/** Finds the node an embed path (`profiles.articles`) points at, by relation name or alias. */
export function findNode(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const name of path) {
    const next = node.children.find((c) => c.relName === name || c.alias === name);
    if (!next) {
      throw errors.notEmbedded(name);
    }
    node = next;
  }
  return node;
}

export function checkLogic(node: ReadNode, tree: LogicTree): void {
  if (tree.kind === 'expr') tree.children.forEach((t) => checkLogic(node, t));
  else checkFilterField(node, tree.filter);
}

/** A filter names a column, or an embed for `embed=is.null` / `embed=not.is.null`. */
export function checkFilterField(node: ReadNode, filter: Filter): void {
  const { field, expr } = filter;
  if (field.path.length === 0 && expr.operation.kind === 'is' && expr.operation.value === 'null'
      && node.children.some((c) => (c.alias ?? c.relName) === field.name)) return;
  if (!hasField(node.table, field.name)) throw columnMissing(node, field.name);
}

export function checkOrder(node: ReadNode, terms: OrderTerm[]): void {
  for (const term of terms) {
    if (term.relation === undefined) {
      if (!hasField(node.table, term.field.name)) throw columnMissing(node, term.field.name);
      continue;
    }
    const child = node.children.find((c) => (c.alias ?? c.relName) === term.relation);
    if (!child) {
      throw errors.notEmbedded(term.relation);
    }
    if (!child.toOne) {
      throw errors.relatedOrderNotToOne(node.table.name, term.relation);
    }
    if (!hasField(child.table, term.field.name)) throw columnMissing({ errName: child.aggAlias }, term.field.name);
  }
}
