import { quoteIdent } from '../http/sql-ident.ts';
import type { TableMeta } from './tables.ts';

/**
 * postgres_changes filters, `column=op.value` joined by commas, as realtime-js's filter builder
 * writes them (PostgREST quoting: values holding `,()"\` or edge spaces are double-quoted).
 * They are evaluated by PostgreSQL against the captured row, typed as the table's columns, so
 * `lt` on a timestamp or an enum means what it means in SQL.
 *
 * Only the comparisons Supabase Realtime has long offered: each costs one typed comparison per
 * change, whatever the value. Pattern and regex operators (like, ilike, match, imatch) could make
 * one subscriber's filter cost seconds of CPU on every change of the table, and are refused.
 */
export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Condition {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  value: string | string[];
}

export class FilterError extends Error {}

const MAX_IN_VALUES = 100;

/** Splits on commas outside double quotes and parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (ch === ',' && !quoted && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted || depth !== 0) throw new FilterError('unbalanced quotes or parentheses in filter');
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** Realtime names a filter it cannot read by the parts it found, as Elixir prints a list. */
const parts = (...items: string[]) => `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;

export function parseFilter(filter: string): Condition[] {
  // PostgreSQL text cannot hold it, and the statement travels as query text.
  if (filter.includes('\0')) throw new FilterError(parts(filter.replaceAll('\0', '')));
  return splitTopLevel(filter).map((part) => {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new FilterError(parts(...(eq < 0 ? [part] : [part.slice(0, eq), part.slice(eq + 1)])));
    const column = part.slice(0, eq);
    const rest = part.slice(eq + 1);
    const dot = rest.indexOf('.');
    if (dot < 0) throw new FilterError(parts(rest));
    const op = rest.slice(0, dot) as FilterOp;
    const raw = rest.slice(dot + 1);
    if (!FILTER_OPS.includes(op)) throw new FilterError(parts(op, raw));
    if (op === 'in') {
      if (!raw.startsWith('(') || !raw.endsWith(')')) throw new FilterError(`\`in\` expects a list like (a,b): ${parts(op, raw)}`);
      const values = splitTopLevel(raw.slice(1, -1)).map(unquote);
      if (values.length > MAX_IN_VALUES) throw new FilterError(`too many values for \`in\` filter. Maximum ${MAX_IN_VALUES}`);
      return { column, op, value: values };
    }
    return { column, op, value: unquote(raw) };
  });
}

/**
 * SQL for "the row `r` (a composite of the table's type) passes all conditions"; `param` takes
 * each value's text and returns the SQL that reads it. Always yields true or false, never null.
 */
export function conditionsSql(conditions: Condition[], meta: TableMeta, param: (value: string) => string): string {
  const parts = conditions.map((c) => {
    const column = meta.columns.find((col) => col.name === c.column);
    if (!column) throw new FilterError(`invalid column for filter ${c.column}`);
    const lhs = `(r).${quoteIdent(column.name)}`;
    const one = (value: string | string[]) => param(typeof value === 'string' ? value : JSON.stringify(value));
    let sql: string;
    switch (c.op) {
      case 'eq': sql = `${lhs} = ${one(c.value)}::${column.sqlType}`; break;
      case 'neq': sql = `${lhs} <> ${one(c.value)}::${column.sqlType}`; break;
      case 'lt': sql = `${lhs} < ${one(c.value)}::${column.sqlType}`; break;
      case 'lte': sql = `${lhs} <= ${one(c.value)}::${column.sqlType}`; break;
      case 'gt': sql = `${lhs} > ${one(c.value)}::${column.sqlType}`; break;
      case 'gte': sql = `${lhs} >= ${one(c.value)}::${column.sqlType}`; break;
      case 'in':
        sql = `${lhs} = any (array(select jsonb_array_elements_text(${param(JSON.stringify(c.value))}::jsonb))::${column.sqlType}[])`;
        break;
    }
    return `coalesce(${sql}, false)`;
  });
  return parts.length ? parts.join(' and ') : 'true';
}
