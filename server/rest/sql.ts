/**
 * SQL text for a checked plan, shaped like PostgREST 12's QueryBuilder/SqlFragment so the JSON
 * comes out of PostgreSQL exactly as PostgREST's does. Identifiers reaching this module were
 * validated against the schema cache and are quoted; every user value goes through Params (a bind
 * parameter, or a quoted literal from LiteralParams).
 */
import { quoteIdent } from '../http/sql-ident.ts';
import type { CallPlan, MutatePlan } from './plan.ts';
import type { EmbedNode, ReadNode, Range } from './read-plan.ts';
import type { FieldRef, FieldSelect, Filter, LogicTree, OrderTerm } from './parser.ts';
import type { Column } from './schema-cache.ts';
import type { Shape } from './media-types.ts';
import { Params } from './params.ts';

const QUANT_SQL: Record<string, string> = { eq: '=', gte: '>=', gt: '>', lte: '<=', lt: '<', like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const SIMPLE_SQL: Record<string, string> = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const FTS_SQL: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };

/** A column of the node's rows, or its computed field called with the row (PostgREST writes `tbl.fn`). */
export function columnSql(node: Pick<ReadNode, 'qi' | 'table' | 'fnSchema'>, name: string): string {
  if (node.fnSchema !== undefined && !node.table.columns.has(name) && node.table.computed.has(name)) {
    return `${node.fnSchema}.${quoteIdent(name)}(${node.qi}.*)`;
  }
  return `${node.qi}.${quoteIdent(name)}`;
}

export function fieldSql(base: string, field: FieldRef, p: Params): string {
  let sql = base;
  for (const step of field.path) sql += `${step.arrow}${p.add(step.key)}${step.index ? '::int' : '::text'}`;
  return sql;
}

function lastJsonKey(field: FieldRef): string | undefined {
  if (field.path.length === 0) return undefined;
  const last = field.path[field.path.length - 1];
  if (!last.index) return last.key;
  return [...field.path].reverse().find((s) => !s.index)?.key ?? field.name;
}

/** A select item as its expression and output name; aggregates (count(), amount.sum()) named after the function. */
function selectItemParts(node: ReadNode, item: FieldSelect, p: Params): { expr: string; alias: string | undefined } {
  if (item.field.name === '*' && item.field.path.length === 0) {
    return item.aggregate ? { expr: 'COUNT(*)', alias: item.alias ?? 'count' } : { expr: `${node.qi}.*`, alias: undefined };
  }
  let expr = fieldSql(columnSql(node, item.field.name), item.field, p);
  if (item.cast !== undefined) expr = `CAST( ${expr} AS ${item.cast.trim().replace(/\s+/g, ' ').toLowerCase()} )`;
  if (item.aggregate) return { expr: `${item.aggregate.toUpperCase()}(${expr})`, alias: item.alias ?? item.aggregate };
  return { expr, alias: item.alias ?? lastJsonKey(item.field) ?? (node.table.columns.has(item.field.name) ? undefined : item.field.name) };
}

/** PostgREST builds `{"a","b"}` and lets PostgreSQL cast it to the column's array type. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function nullEmbedTarget(node: ReadNode, filter: Filter): EmbedNode | undefined {
  const { field, expr } = filter;
  if (field.path.length > 0 || expr.operation.kind !== 'is' || expr.operation.value !== 'null') return undefined;
  return node.children.find((c) => (c.alias ?? c.relName) === field.name);
}

export function filterSql(node: ReadNode, filter: Filter, p: Params): string {
  const embed = nullEmbedTarget(node, filter);
  if (embed) return `${quoteIdent(embed.aggAlias)} IS ${filter.expr.negate ? '' : 'NOT '}DISTINCT FROM NULL`;
  const { expr } = filter;
  const not = expr.negate ? 'NOT ' : '';
  const col = fieldSql(columnSql(node, filter.field.name), filter.field, p);
  const op = expr.operation;
  switch (op.kind) {
    case 'quant': {
      const value = op.op === 'like' || op.op === 'ilike' ? op.value.replace(/\*/g, '%') : op.value;
      const rhs = op.quant ? `${op.quant.toUpperCase()}(${p.add(value)})` : p.add(value);
      return `${not}${col} ${QUANT_SQL[op.op]} ${rhs}`;
    }
    case 'simple':
      return `${not}${col} ${SIMPLE_SQL[op.op]} ${p.add(op.value)}`;
    case 'in':
      if (op.values.length === 1 && op.values[0] === '') return `${not}${col} = ANY('{}')`;
      return `${not}${col} = ANY (${p.add(arrayLiteral(op.values))})`;
    case 'is':
      if (op.value === 'not_null') return `${not}${col} IS NOT NULL`;
      return `${not}${col} IS ${op.value.toUpperCase()}`;
    case 'isdistinct':
      return `${not}${col} IS DISTINCT FROM ${p.add(op.value)}`;
    case 'fts':
      return `${not}${col} @@ ${FTS_SQL[op.op]}(${op.lang === undefined ? '' : `${p.add(op.lang)}::regconfig, `}${p.add(op.value)})`;
  }
}

export function logicSql(node: ReadNode, tree: LogicTree, p: Params): string {
  if (tree.kind === 'stmt') return filterSql(node, tree.filter, p);
  const inner = tree.children.map((t) => logicSql(node, t, p)).join(tree.op === 'and' ? ' AND ' : ' OR ');
  return `${tree.negate ? 'NOT ' : ''}(${inner})`;
}

function orderSql(node: ReadNode, terms: OrderTerm[], p: Params): string {
  if (terms.length === 0) return '';
  return ' ORDER BY ' + terms.map((t) => {
    let sql: string;
    if (t.relation !== undefined) {
      const child = node.children.find((c) => (c.alias ?? c.relName) === t.relation)!;
      sql = fieldSql(`${quoteIdent(child.aggAlias)}.${quoteIdent(t.field.name)}`, t.field, p);
    } else {
      sql = fieldSql(columnSql(node, t.field.name), t.field, p);
    }
    if (t.direction) sql += t.direction === 'asc' ? ' ASC' : ' DESC';
    if (t.nulls) sql += t.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
    return sql;
  }).join(', ');
}

function limitSql(range: Range): string {
  if (range.limit === undefined && range.offset === 0) return '';
  return ` LIMIT ${range.limit === undefined ? 'ALL' : range.limit} OFFSET ${range.offset}`;
}

function joinConditions(child: EmbedNode, parentQi: string): string[] {
  const { junction } = child.rel;
  if (junction) {
    const jq = quoteIdent(`${child.errName}_junction`);
    return junction.toOrigin.map(([parentCol, jCol]) => `${jq}.${quoteIdent(jCol)} = ${parentQi}.${quoteIdent(parentCol)}`);
  }
  return child.rel.columns.map(([parentCol, childCol]) => `${child.qi}.${quoteIdent(childCol)} = ${parentQi}.${quoteIdent(parentCol)}`);
}

/** readPlanToQuery: one SELECT per node, children as LEFT/INNER JOIN LATERAL subqueries. */
export function readSql(node: ReadNode, p: Params, parentQi?: string): string {
  const outputs: { expr: string; alias: string | undefined }[] = node.select.map((item) => selectItemParts(node, item, p));
  if (node.select.length === 0 && node.children.length === 0) outputs.push({ expr: `${node.qi}.*`, alias: undefined });
  const joins: string[] = [];
  for (const child of node.children) {
    const agg = quoteIdent(child.aggAlias);
    if (child.spread) {
      // `*` spelled out column by column, so a grouping parent can group on each
      const all = () => (child.children.length > 0 ? [{ expr: `${agg}.*`, alias: undefined }]
        : [...child.table.columns.keys()].map((name) => ({ expr: `${agg}.${quoteIdent(name)}`, alias: undefined })));
      outputs.push(...(child.select.length === 0 ? all() : child.select.flatMap((s) => {
        if (s.field.name === '*' && s.field.path.length === 0 && !s.aggregate) return all();
        return [{ expr: `${agg}.${quoteIdent(s.alias ?? (s.aggregate && s.field.name === '*' ? 'count' : s.aggregate) ?? lastJsonKey(s.field) ?? s.field.name)}`, alias: undefined }];
      })));
    } else if (!child.empty) {
      const alias = child.alias ?? child.relName;
      outputs.push({ expr: child.toOne ? `row_to_json(${agg}.*)::jsonb` : `COALESCE( ${agg}.${agg}, '[]')`, alias });
    }
    const sub = readSql(child, p, node.qi);
    const kind = child.join === 'inner' ? 'INNER' : 'LEFT';
    if (child.toOne || child.spread) {
      joins.push(`${kind} JOIN LATERAL ( ${sub} ) AS ${agg} ON TRUE`);
    } else {
      const aggSub = `SELECT json_agg(${agg})::jsonb AS ${agg} FROM (${sub} ) AS ${agg}`;
      joins.push(`${kind} JOIN LATERAL ( ${aggSub} ) AS ${agg} ON ${child.join === 'inner' ? `${agg} IS NOT NULL` : 'TRUE'}`);
    }
  }
  const where = node.where.map((t) => logicSql(node, t, p));
  if (parentQi !== undefined && 'rel' in node) where.push(...joinConditions(node as EmbedNode, parentQi));
  // with an aggregate, every other output is grouped on (PostgREST's groupF)
  const grouped = node.select.some((s) => s.aggregate)
    ? outputs.filter((_, i) => i >= node.select.length || !node.select[i].aggregate).map((o) => o.expr) : [];
  return `SELECT ${outputs.map((o) => (o.alias === undefined ? o.expr : `${o.expr} AS ${quoteIdent(o.alias)}`)).join(', ')} FROM ${node.fromSql}${joins.length ? ' ' + joins.join(' ') : ''}`
    + (where.length ? ` WHERE ${where.join(' AND ')}` : '') + (grouped.length ? ` GROUP BY ${grouped.join(', ')}` : '')
    + orderSql(node, node.order, p) + limitSql(node.range);
}

/** readPlanToCountQuery: the root's filters only, with EXISTS for !inner embeds and null-embed filters. */
export function countSql(node: ReadNode, p: Params, parentQi?: string): string {
  const countTree = (tree: LogicTree): string => {
    if (tree.kind === 'expr') {
      return `${tree.negate ? 'NOT ' : ''}(${tree.children.map(countTree).join(tree.op === 'and' ? ' AND ' : ' OR ')})`;
    }
    const embed = nullEmbedTarget(node, tree.filter);
    if (embed) return `${tree.filter.expr.negate ? '' : 'NOT '}EXISTS (${countSql(embed, p, node.qi)})`;
    return filterSql(node, tree.filter, p);
  };
  const where = node.where.map(countTree);
  if (parentQi !== undefined && 'rel' in node) where.push(...joinConditions(node as EmbedNode, parentQi));
  for (const child of node.children) {
    if (child.join === 'inner') where.push(`EXISTS (${countSql(child, p, node.qi)} )`);
  }
  return `SELECT 1 FROM ${node.fromSql}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

export type BodyShape = Shape | 'none';

/**
 * The body of the rows of `_postgrest_t` (pgrst_source) in the negotiated media type, as PostgREST's
 * asJsonF, asJsonSingleF, asCsvF and asGeoJsonF write it.
 */
function bodySql(shape: BodyShape, column = '_postgrest_t'): string {
  switch (shape) {
    case 'none': return "''::text";
    case 'single': return `coalesce(json_agg(${column})->0, 'null')::text`;
    case 'single-stripped': return `json_strip_nulls(coalesce(json_agg(${column})->0, 'null'))::text`;
    case 'array-stripped': return `coalesce(json_strip_nulls(json_agg(${column})), '[]')::text`;
    case 'csv':
      return "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text as k FROM (SELECT row_to_json(hh) as r from pgrst_source as hh limit 1) s) a)"
        + ` || chr(10) || coalesce(string_agg(substring(${column}::text, 2, length(${column}::text) - 2), chr(10)), '')`;
    case 'geojson':
      return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(${column})::json), '[]'))::text`;
    default: return `coalesce(json_agg(${column}), '[]')::text`;
  }
}

export function readStatement(root: ReadNode, p: Params, count: boolean, shape: BodyShape): string {
  const source = readSql(root, p);
  const countCte = count ? `, pgrst_source_count AS (${countSql(root, p)})` : '';
  return `WITH pgrst_source AS ( ${source} )${countCte} SELECT `
    + `${count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'} AS total_result_set, `
    + `pg_catalog.count(_postgrest_t) AS page_total, ${bodySql(shape)} AS body `
    + 'FROM ( SELECT * FROM pgrst_source ) _postgrest_t';
}

/** fromJsonBodyF: the JSON body (object or array) as typed rows named pgrst_body. */
function jsonBodySql(bodyParam: string, columns: Column[], opts: { select: boolean; limitOne: boolean; defaults: boolean }): string {
  const names = columns.map((c) => quoteIdent(c.name));
  const fn = opts.defaults
    ? { typeof: 'jsonb_typeof', build: 'jsonb_build_array', elements: 'jsonb_array_elements', recordset: 'jsonb_to_recordset', final: 'pgrst_json_defs.val', cast: '::jsonb' }
    : { typeof: 'json_typeof', build: 'json_build_array', elements: 'json_array_elements', recordset: 'json_to_recordset', final: 'pgrst_uniform_json.val', cast: '::json' };
  const defs = columns.filter((c) => c.default !== null)
    .map((c) => `'${c.name.replace(/'/g, "''")}', ${c.default}`).join(',');
  return (opts.select ? `SELECT ${names.map((n) => `"pgrst_body".${n}`).join(', ')} ` : '')
    + `FROM (SELECT ${bodyParam}${fn.cast} AS json_data) pgrst_payload, `
    + `LATERAL (SELECT CASE WHEN ${fn.typeof}(pgrst_payload.json_data) = 'array' THEN pgrst_payload.json_data ELSE ${fn.build}(pgrst_payload.json_data) END AS val) pgrst_uniform_json, `
    + (opts.defaults ? `LATERAL (SELECT jsonb_agg(jsonb_build_object(${defs}) || elem) AS val from jsonb_array_elements(pgrst_uniform_json.val) elem) pgrst_json_defs, ` : '')
    + `LATERAL (SELECT ${names.join(', ')} FROM `
    + (columns.length === 0
      ? `${fn.elements}(${fn.final}) _ `
      : `${fn.recordset}(${fn.final}) AS _(${columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')}) ${opts.limitOne ? 'LIMIT 1' : ''}`)
    + ') pgrst_body ';
}

/** Output columns of rows `qi` whose computed fields (names in `computed`) are called with the row. */
function rowOutputs(qi: string, names: string[], computed: Map<string, Column>, schemaQi: string): string {
  return names.map((c) => (c === '*' ? `${qi}.*` : computed.has(c) ? `${schemaQi}.${quoteIdent(c)}(${qi}.*) AS ${quoteIdent(c)}` : `${qi}.${quoteIdent(c)}`)).join(', ');
}

function returningSql(m: MutatePlan): string {
  if (m.returning.length === 0) return 'RETURNING 1';
  return `RETURNING ${rowOutputs(m.tableSql, m.returning, m.table.computed, quoteIdent(m.schema))}`;
}

const INSERTED = "nullif(current_setting('pgrst.inserted', true), '')";
const insertedConfig = (add: boolean) =>
  `set_config('pgrst.inserted', (coalesce(${INSERTED}::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`;

interface InsertSpec {
  tableSql: string;
  columns: Column[];
  bodyParam: string;
  defaults: boolean;
  onConflict: { resolution: 'merge' | 'ignore'; columns: string[] } | undefined;
  returning: string;
}

function insertSql(s: InsertSpec): string {
  const merge = s.onConflict?.resolution === 'merge';
  let sql = `INSERT INTO ${s.tableSql}${s.columns.length ? `(${s.columns.map((c) => quoteIdent(c.name)).join(', ')}) ` : ' '}`
    + jsonBodySql(s.bodyParam, s.columns, { select: true, limitOne: false, defaults: s.defaults });
  if (merge) sql += `WHERE ${insertedConfig(true)}`;
  if (s.onConflict && s.onConflict.columns.length) {
    sql += ` ON CONFLICT(${s.onConflict.columns.map(quoteIdent).join(', ')}) `;
    if (s.onConflict.resolution === 'ignore' || s.columns.length === 0) sql += 'DO NOTHING';
    else {
      sql += 'DO UPDATE SET ' + s.columns.map((c) => `${quoteIdent(c.name)} = EXCLUDED.${quoteIdent(c.name)}`).join(', ')
        + (merge ? `WHERE ${insertedConfig(false)}` : '');
    }
  }
  return `${sql} ${s.returning}`;
}

function writeStatement(mutation: string, selectSql: string, shape: BodyShape, opts: { upsertCount: boolean; location: string[] | undefined }, p: Params): string {
  const location = opts.location
    ? `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN coalesce((WITH data AS (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) `
      + `SELECT array_to_json(array_agg(json_data.key || '=' || coalesce('eq.' || json_data.value, 'is.null')))::text FROM data CROSS JOIN json_each_text(data.row) AS json_data `
      + `WHERE json_data.key = ANY(${p.add(`{${opts.location.map((k) => `"${k.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`)}::text[])), '[]') ELSE '[]' END`
    : "'[]'";
  return `WITH pgrst_source AS (${mutation}) SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, `
    + `${location} AS header, ${bodySql(shape)} AS body, `
    + `${opts.upsertCount ? `${INSERTED}::int` : 'null::int'} AS response_inserted `
    + `FROM (${shape === 'none' ? 'SELECT * FROM pgrst_source' : selectSql}) _postgrest_t`;
}

function callStatement(callSql: string, selectSql: string, countSql: string | undefined, opts: { single: boolean; scalar: boolean; setOfScalar: boolean; shape: BodyShape }): string {
  let body: string;
  const one = opts.shape === 'single' || opts.shape === 'single-stripped';
  if (opts.shape === 'none') body = "''::text";
  else if (opts.scalar) body = bodySql(one || !opts.setOfScalar ? 'single' : 'array', '_postgrest_t.pgrst_scalar');
  // a function returning one row answers an object in every JSON shape
  else if (opts.single && (opts.shape === 'array' || opts.shape === 'array-stripped')) body = bodySql(opts.shape === 'array' ? 'single' : 'single-stripped');
  else body = bodySql(opts.shape);
  return `WITH pgrst_source AS (${callSql}) ${countSql ? `, pgrst_source_count AS (${countSql}) ` : ''}SELECT `
    + `${countSql ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'} AS total_result_set, `
    + `${opts.single ? '1' : 'pg_catalog.count(_postgrest_t)'} AS page_total, ${body} AS body FROM (${selectSql}) _postgrest_t`;
}

/** The INSERT, UPDATE or DELETE of a write, wrapped so its rows can be selected back with embeds. */
export function mutateStatement(m: MutatePlan, shape: BodyShape, p: Params): string {
  const returning = returningSql(m);
  const where = () => m.target.where.map((t) => logicSql(m.target, t, p)).join(' AND ');
  let mutation: string;
  if (m.kind === 'delete') {
    mutation = `DELETE FROM ${m.tableSql} WHERE ${where()} ${returning}`;
  } else if (m.kind === 'noop-update') {
    const name = quoteIdent(m.table.name);
    const cols = m.returning.length === 0 ? 'NULL' : m.returning.map((c) => (c === '*' ? `${name}.*` : `${name}.${quoteIdent(c)}`)).join(', ');
    mutation = `SELECT ${cols} FROM ${m.tableSql} WHERE false`;
  } else {
    const bodyParam = p.add(m.payload?.text);
    if (m.kind === 'insert') {
      mutation = insertSql({ tableSql: m.tableSql, columns: m.columns, bodyParam, defaults: m.defaults, onConflict: m.onConflict, returning });
    } else {
      mutation = `UPDATE ${m.tableSql} SET ${m.columns.map((c) => `${quoteIdent(c.name)} = "pgrst_body".${quoteIdent(c.name)}`).join(', ')} `
        + jsonBodySql(bodyParam, m.columns, { select: false, limitOne: true, defaults: m.defaults })
        + ` WHERE ${where()} ${returning}`;
    }
  }
  const bodyShape: BodyShape = m.representation ? shape : 'none';
  const selectSql = m.representation ? readSql(m.root, p) : '';
  return writeStatement(mutation, selectSql, bodyShape, { upsertCount: m.onConflict?.resolution === 'merge', location: m.location }, p);
}

/** A function call with its named arguments taken from the JSON text of the body or query string. */
export function callPlanStatement(c: CallPlan, count: boolean, shape: BodyShape, p: Params): string {
  const fnSql = `${quoteIdent(c.schema)}.${quoteIdent(c.routine.name)}`;
  const wholeBody = c.given.length === 1 && c.given[0].name === '';
  const callArgs = wholeBody
    ? `${p.add(c.argsText)}::${c.given[0].type}`
    : c.given.map((prm) => `${prm.variadic ? 'VARIADIC ' : ''}${quoteIdent(prm.name)} := pgrst_body.${quoteIdent(prm.name)}`).join(', ');
  const callIt = c.scalar ? `(SELECT ${fnSql}(${callArgs}) pgrst_scalar) pgrst_call` : `${fnSql}(${callArgs}) pgrst_call`;
  // pgrst_call.* and not *: the argument rows of the FROM list are not part of the function's rows
  const selected = c.scalar ? 'pgrst_call.pgrst_scalar' : rowOutputs('pgrst_call', c.returning.length === 0 ? ['*'] : c.returning, c.root.table.computed, quoteIdent(c.schema));
  const fromCall = c.given.length === 0 || wholeBody
    ? `FROM ${callIt}`
    : jsonBodySql(p.add(c.argsText), c.given.map((prm) => ({ name: prm.name, type: prm.type, nullable: true, default: null })), { select: false, limitOne: true, defaults: false })
      + `, LATERAL ${callIt}`;
  const selectSql = readSql(c.root, p);
  const cSql = count ? countSql(c.root, p) : undefined;
  return callStatement(`SELECT ${selected} ${fromCall}`, selectSql, cSql, {
    single: !c.routine.returnsSet, scalar: c.scalar, setOfScalar: c.scalar && c.routine.returnsSet, shape,
  });
}
