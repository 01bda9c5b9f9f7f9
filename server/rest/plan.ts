/**
 * The plan step (PostgREST's Plan.hs): what a request will read, change or call, checked against the
 * schema cache. The read tree itself is built in read-plan.ts; SQL text is written in sql.ts.
 */
import { quoteIdent } from '../http/sql-ident.ts';
import { errors } from './errors.ts';
import { buildTree, checkFilterField, checkLogic, checkOrder, findNode, type Range, type ReadNode } from './read-plan.ts';
import type { ApiRequest, Parsed, Payload } from './request.ts';
import type { Column, Routine, RoutineParam, SchemaCache, Table } from './schema-cache.ts';
import type { LogicTree } from './parser.ts';

/** PostgREST's range arithmetic: limit/offset parameters intersected with a Range header (GET only). */
export function topRange(limit: number | undefined, offset: number | undefined, header: string | undefined): Range {
  let lower = Math.max(offset ?? 0, 0);
  let upper = limit === undefined ? Infinity : lower + limit - 1;
  if (limit === 0) return { offset: 0, limit: 0 };
  if (header) {
    const m = /^(\d+)-(\d*)$/.exec(header.replace(/^items=/, '').trim());
    if (m) {
      const hLower = Number(m[1]);
      const hUpper = m[2] === '' ? Infinity : Number(m[2]);
      if (hLower > hUpper) {
        throw errors.invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
      }
      lower = Math.max(lower, hLower);
      upper = Math.min(upper, hUpper);
    }
  }
  if (lower > upper) throw errors.invalidRange('Limit should be greater than or equal to zero.');
  return { offset: lower, limit: upper === Infinity ? undefined : upper - lower + 1 };
}

export function tableColumns(table: Table, names: string[]): Column[] {
  return [...new Set(names)].sort().map((name) => {
    const col = table.columns.get(name);
    if (!col) throw errors.columnNotFound(table.name, name);
    return col;
  });
}

/** The top-level range of a read or call: limit/offset and Range, capped at max-rows (PostgREST's restrictRange). */
function rootRange(req: ApiRequest): Range {
  const rootLimit = req.parsed.ranges.get('');
  const range = topRange(rootLimit?.limit, rootLimit?.offset, req.range);
  if (req.maxRows === undefined || (range.limit !== undefined && range.limit <= req.maxRows)) return range;
  return { offset: range.offset, limit: req.maxRows };
}

/** Applies filters, and/or trees, orders and embed ranges to the plan tree (root filters optional). */
export function applyParams(root: ReadNode, parsed: Parsed, opts: { rootFilters: boolean; orders: boolean }): void {
  for (const { embedPath, filter } of parsed.filters) {
    if (embedPath.length === 0 && !opts.rootFilters) continue;
    const node = findNode(root, embedPath);
    checkFilterField(node, filter);
    node.where.push({ kind: 'stmt', filter });
  }
  for (const { embedPath, tree } of parsed.logic) {
    if (embedPath.length === 0 && !opts.rootFilters) continue;
    const node = findNode(root, embedPath);
    checkLogic(node, tree);
    node.where.push(tree);
  }
  if (!opts.orders) return;
  for (const { path, terms } of parsed.orders) {
    const node = findNode(root, path);
    checkOrder(node, terms);
    node.order = terms;
  }
  for (const [id, r] of parsed.ranges) {
    if (id === '') continue;
    const node = findNode(root, id.split('.'));
    node.range = topRange(r.limit, r.offset, undefined);
  }
}

/** Columns a write must RETURN so the select (and its embeds) can be answered (inferColsEmbedNeeds). */
export function returnings(root: ReadNode, pk: string[]): string[] {
  const names = root.select.map((s) => s.field.name);
  // `*` leaves computed fields out, so those selected are returned beside it
  if (names.includes('*')) return ['*', ...new Set(names.filter((n) => root.table.computed.has(n)))].sort();
  if (root.select.length === 0 && root.children.length === 0) return ['*'];
  const fk = root.children.flatMap((c) => (c.rel.junction?.toOrigin ?? c.rel.columns).map(([parentCol]) => parentCol));
  return [...new Set([...names, ...fk, ...pk])].sort();
}

function filterColumns(tree: LogicTree): string[] {
  return tree.kind === 'stmt' ? [tree.filter.field.name] : tree.children.flatMap(filterColumns);
}

/**
 * Columns a function call must select: those of `select`, and those its filters read, so a filter
 * on a result column left out of select applies (PostgREST's fix of its issue 3965, after 12.0.2).
 */
export function callReturnings(root: ReadNode): string[] {
  const selected = returnings(root, []);
  if (selected.includes('*')) return selected;
  const filtered = root.where.flatMap(filterColumns).filter((name) => root.table.columns.has(name));
  return [...new Set([...selected, ...filtered])].sort();
}

/** PostgREST's order of candidates: by parameter list, each parameter by name then type, a prefix first. */
function byParams(a: Routine, b: Routine): number {
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  for (let i = 0; i < Math.min(a.params.length, b.params.length); i++) {
    const c = cmp(a.params[i].name, b.params[i].name) || cmp(a.params[i].type, b.params[i].type);
    if (c !== 0) return c;
  }
  return a.params.length - b.params.length;
}

/** A function whose only parameter is unnamed gets the whole body (PostgREST's OnePosParam). */
export const takesWholeBody = (r: Routine) => r.params.length === 1 && r.params[0].name === '';

/**
 * PostgREST's findProc: a function matches when the argument names are exactly its required
 * parameters plus any of its optional ones (no parameters: no arguments); only when none matches
 * does a POST fall back to a function with a single unnamed json/jsonb parameter. More than one
 * match is PGRST203, listing the candidates in PostgREST's order.
 */
export function chooseRoutine(schema: SchemaCache, name: string, keys: string[], isGet: boolean): Routine {
  const candidates = schema.routines.get(name) ?? [];
  const given = new Set(keys);
  const matchesArgs = (r: Routine) => {
    if (r.params.length === 0) return given.size === 0;
    const required = r.params.filter((p) => p.required).map((p) => p.name);
    const names = new Set(r.params.map((p) => p.name));
    return [...given].every((k) => names.has(k)) && required.every((k) => given.has(k));
  };
  let matches = candidates.filter(matchesArgs);
  if (matches.length === 0 && !isGet) {
    matches = candidates.filter((r) => takesWholeBody(r) && (r.params[0].type === 'json' || r.params[0].type === 'jsonb'));
  }
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw errors.ambiguousFunction([...matches].sort(byParams).map((r) => `${schema.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`));
  }
  throw errors.noFunction(`${schema.schema}.${name}`, [...keys].sort(), !isGet);
}

/** A table read: the tree with the Range header applied to the top level. */
export function planRead(schema: SchemaCache, table: Table, req: ApiRequest): ReadNode {
  const root = buildTree(schema, { table, fromSql: `${quoteIdent(schema.schema)}.${quoteIdent(table.name)}`, alias: undefined }, req.parsed.select);
  applyParams(root, req.parsed, { rootFilters: true, orders: true });
  root.range = rootRange(req);
  return root;
}

export interface MutatePlan {
  kind: 'insert' | 'update' | 'noop-update' | 'delete';
  schema: string;
  table: Table;
  tableSql: string;
  /** The select over the changed rows (pgrst_source), with embeds, for return=representation. */
  root: ReadNode;
  /** The table itself, carrying the root filters that pick the rows to change. */
  target: ReadNode;
  returning: string[];
  columns: Column[];
  payload: Payload | undefined;
  onConflict: { resolution: 'merge' | 'ignore'; columns: string[] } | undefined;
  defaults: boolean;
  representation: boolean;
  /** Primary-key columns for the Location header (POST with return=headers-only). */
  location: string[] | undefined;
}

export function planMutate(schema: SchemaCache, table: Table, req: ApiRequest, payload: Payload | undefined): MutatePlan {
  const { parsed, prefer, method } = req;
  const root = buildTree(schema, { table, fromSql: 'pgrst_source', alias: table.name }, parsed.select);
  applyParams(root, parsed, { rootFilters: false, orders: false });
  const tableSql = `${quoteIdent(schema.schema)}.${quoteIdent(table.name)}`;
  const target: ReadNode = { ...root, qi: tableSql, errName: table.name, where: [], children: [] };
  for (const { filter } of parsed.filters.filter((f) => f.embedPath.length === 0)) {
    checkFilterField(target, filter);
    target.where.push({ kind: 'stmt', filter });
  }
  for (const { tree } of parsed.logic.filter((l) => l.embedPath.length === 0)) {
    checkLogic(target, tree);
    target.where.push(tree);
  }
  if (method !== 'POST' && parsed.hasRangeParams) {
    if (parsed.orders.length === 0) {
      throw errors.limitWithoutOrder();
    }
    throw errors.writeRange(method);
  }
  const plan: MutatePlan = {
    kind: 'delete', schema: schema.schema, table, tableSql, root, target, columns: [], payload, onConflict: undefined,
    returning: prefer.return === undefined || prefer.return === 'minimal' ? [] : returnings(root, table.pk),
    defaults: prefer.missing === 'default',
    representation: prefer.return === 'representation',
    location: method === 'POST' && prefer.return === 'headers-only' && table.pk.length ? table.pk : undefined,
  };
  if (method === 'DELETE') {
    if (target.where.length === 0) throw errors.whereRequired('DELETE');
    return plan;
  }
  plan.columns = tableColumns(table, payload?.keys ?? []);
  if (method === 'POST') {
    const conflictCols = parsed.onConflict ?? table.pk;
    for (const col of conflictCols) if (!table.columns.has(col)) throw errors.undefinedColumn(`"${col}"`);
    const resolution = prefer.resolution;
    plan.onConflict = resolution ? { resolution: resolution === 'merge-duplicates' ? 'merge' : 'ignore', columns: conflictCols } : undefined;
    return { ...plan, kind: 'insert' };
  }
  if (plan.columns.length === 0) return { ...plan, kind: 'noop-update' };
  if (target.where.length === 0) throw errors.whereRequired('UPDATE');
  return { ...plan, kind: 'update' };
}

export interface CallPlan {
  schema: string;
  routine: Routine;
  /** Scalar and void functions are wrapped so their value reads as column pgrst_scalar. */
  scalar: boolean;
  root: ReadNode;
  argsText: string;
  given: RoutineParam[];
  returning: string[];
  readOnly: boolean;
}

/** A function call: arguments from the query string (GET/HEAD) or the body (POST). */
export function planCall(schema: SchemaCache, req: ApiRequest, payload: Payload | undefined): CallPlan {
  const argsText = payload ? payload.text : JSON.stringify(req.parsed.args);
  const keys = payload ? payload.keys : Object.keys(req.parsed.args);
  const routine = chooseRoutine(schema, req.target.name, keys, req.isRead);
  const scalar = routine.returnsScalar || routine.returnsVoid;
  // computed fields of the returned table are called on the function's rows and read back as columns
  const computed = scalar ? new Map<string, Column>() : schema.tables.get(routine.returnTable ?? '')?.computed ?? new Map<string, Column>();
  const pseudo: Table = {
    name: routine.name, isView: false, pk: [], computed,
    columns: new Map((scalar ? [{ name: 'pgrst_scalar', type: 'unknown', nullable: true, default: null }] : [...routine.columns, ...computed.values()]).map((c) => [c.name, c])),
  };
  const root = buildTree(schema, { table: pseudo, fromSql: 'pgrst_source', alias: routine.name, origin: routine.returnTable }, req.parsed.select);
  applyParams(root, req.parsed, { rootFilters: true, orders: true });
  root.range = rootRange(req);
  return {
    schema: schema.schema, routine, scalar, root, argsText,
    given: takesWholeBody(routine) ? routine.params : routine.params.filter((prm) => keys.includes(prm.name)),
    returning: scalar ? [] : callReturnings(root),
    readOnly: req.isRead || routine.volatility !== 'v',
  };
}
