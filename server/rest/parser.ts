/**
 * Parsers for PostgREST's query-string grammar (select, filters, and/or trees, order, columns),
 * following PostgREST 12's ApiRequest/QueryParams.hs. Output is a plain tree; nothing here touches SQL.
 */
import { parseError, RestError } from './errors.ts';

export interface JsonStep { arrow: '->' | '->>'; key: string; index: boolean }
export interface FieldRef { name: string; path: JsonStep[] }

export interface FieldSelect { kind: 'field'; field: FieldRef; alias?: string; cast?: string; aggregate?: string }
export interface EmbedSelect {
  kind: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  join?: 'inner' | 'left';
  spread: boolean;
  children: SelectItem[];
}
export type SelectItem = FieldSelect | EmbedSelect;

export const QUANT_OPS = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'] as const;
export const SIMPLE_OPS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
export const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export type QuantOp = (typeof QUANT_OPS)[number];
export type SimpleOp = (typeof SIMPLE_OPS)[number];
export type FtsOp = (typeof FTS_OPS)[number];

export type Operation =
  | { kind: 'quant'; op: QuantOp; quant?: 'any' | 'all'; value: string }
  | { kind: 'simple'; op: SimpleOp; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'true' | 'false' | 'unknown' | 'not_null' }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOp; lang?: string; value: string };

export interface OpExpr { negate: boolean; operation: Operation }
export interface Filter { field: FieldRef; expr: OpExpr }
export type LogicTree =
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] }
  | { kind: 'stmt'; filter: Filter };

export interface OrderTerm { relation?: string; field: FieldRef; direction?: 'asc' | 'desc'; nulls?: 'first' | 'last' }

class Cursor {
  pos = 0;
  constructor(readonly text: string, readonly what: string) {}
  get done(): boolean { return this.pos >= this.text.length; }
  peek(n = 0): string { return this.text[this.pos + n] ?? ''; }
  startsWith(s: string): boolean { return this.text.startsWith(s, this.pos); }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  ws(): void { while (this.peek() === ' ' || this.peek() === '\t') this.pos++; }
  fail(expecting: string): never {
    const found = this.done ? 'end of input' : JSON.stringify(this.peek());
    throw parseError(this.what, this.text, this.pos + 1, `unexpected ${found} expecting ${expecting}`);
  }
  expect(s: string, label = JSON.stringify(s)): void {
    if (!this.eat(s)) this.fail(label);
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

function identifier(c: Cursor): string | undefined {
  const start = c.pos;
  while (!c.done && IDENT_CHAR.test(c.peek())) c.pos++;
  if (c.pos === start) return undefined;
  return c.text.slice(start, c.pos).trim();
}

function quoted(c: Cursor): string | undefined {
  if (c.peek() !== '"') return undefined;
  c.pos++;
  let out = '';
  for (;;) {
    if (c.done) c.fail('"\\"" (closing quote)');
    const ch = c.peek();
    if (ch === '"') { c.pos++; return out; }
    if (ch === '\\') {
      c.pos++;
      if (c.done) c.fail('any character');
    }
    out += c.peek();
    c.pos++;
  }
}

/** Identifiers joined by dashes (a dash not followed by '>'), or a quoted name. */
function fieldName(c: Cursor): string | undefined {
  const q = quoted(c);
  if (q !== undefined) return q;
  const parts: string[] = [];
  const first = identifier(c);
  if (first === undefined) return undefined;
  parts.push(first);
  while (c.peek() === '-' && c.peek(1) !== '>') {
    const save = c.pos;
    c.pos++;
    const next = identifier(c);
    if (next === undefined) { c.pos = save; break; }
    parts.push(next);
  }
  return parts.join('-');
}

function requireFieldName(c: Cursor): string {
  const name = fieldName(c);
  if (name === undefined) c.fail('field name (* or [a..z0..9_$])');
  return name;
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (c.startsWith('->>')) arrow = '->>';
    else if (c.startsWith('->')) arrow = '->';
    else return steps;
    c.pos += arrow.length;
    const idx = /^-?\d+/.exec(c.text.slice(c.pos));
    if (idx) {
      const after = c.text.slice(c.pos + idx[0].length);
      if (after === '' || after.startsWith('->') || after.startsWith('::') || after.startsWith('.') || after.startsWith(',') || after.startsWith(')')) {
        c.pos += idx[0].length;
        steps.push({ arrow, key: idx[0], index: true });
        continue;
      }
    }
    let key = quoted(c);
    if (key === undefined) {
      const start = c.pos;
      while (!c.done && !'(-:.,>)'.includes(c.peek())) c.pos++;
      key = c.text.slice(start, c.pos).trim();
      if (!key) c.fail('any non reserved character different from: .,>()');
    }
    steps.push({ arrow, key, index: false });
  }
}

function field(c: Cursor): FieldRef {
  c.ws();
  const name = requireFieldName(c);
  const path = jsonPath(c);
  c.ws();
  return { name, path };
}

const MAX_SELECT_DEPTH = 8;
const MAX_PARAM_LENGTH = 8192;

function checkLength(what: string, text: string): void {
  if (text.length > MAX_PARAM_LENGTH) {
    throw parseError(what, text.slice(0, 64) + '...', 1, `parameter longer than ${MAX_PARAM_LENGTH} characters`);
  }
}

function atItemEnd(c: Cursor): boolean {
  return c.done || c.peek() === ',' || c.peek() === ')';
}

function tryAlias(c: Cursor): string | undefined {
  const save = c.pos;
  const name = fieldName(c);
  if (name !== undefined && c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    return name;
  }
  c.pos = save;
  return undefined;
}

function embedParams(c: Cursor): { hint?: string; join?: 'inner' | 'left' } {
  const out: { hint?: string; join?: 'inner' | 'left' } = {};
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++;
    const save = c.pos;
    const name = fieldName(c);
    if (name === undefined) c.fail('"left", "inner" or field name');
    if ((name === 'inner' || name === 'left') && out.join === undefined && (c.peek() === '(' || c.peek() === '!')) {
      out.join = name;
    } else if (out.hint === undefined) {
      out.hint = name;
    } else {
      c.pos = save;
      c.fail('"("');
    }
  }
  return out;
}

function selectItem(c: Cursor, depth: number): SelectItem {
  c.ws();
  const start = c.pos;
  // Embedded resource: [alias:]name[!hint][!inner](...) or ...name(...)
  const spread = c.eat('...');
  const alias = spread ? undefined : tryAlias(c);
  const name = fieldName(c);
  if (name !== undefined) {
    const params = embedParams(c);
    if (c.peek() === '(' && (spread || name !== 'count')) {
      if (depth >= MAX_SELECT_DEPTH) throw parseError('select parameter', c.text, c.pos + 1, `embedding deeper than ${MAX_SELECT_DEPTH} levels`);
      c.pos++;
      const children = forest(c, depth + 1);
      c.expect(')', '")"');
      c.ws();
      return { kind: 'embed', name, alias, spread, children, ...params };
    }
    if (spread) c.fail('"("');
  } else if (spread) {
    c.fail('field name (* or [a..z0..9_$])');
  }
  c.pos = start;
  c.ws();
  if (c.eat('*')) {
    c.ws();
    if (!atItemEnd(c)) c.fail('")", "," or end of input');
    return { kind: 'field', field: { name: '*', path: [] } };
  }
  const fAlias = tryAlias(c);
  if (c.startsWith('count()')) {
    c.pos += 'count()'.length;
    return { kind: 'field', field: { name: '*', path: [] }, alias: fAlias, aggregate: 'count' };
  }
  const fld = field(c);
  let cast: string | undefined;
  if (c.eat('::')) {
    cast = identifier(c);
    if (!cast) c.fail('letter or digit');
  }
  let aggregate: string | undefined;
  const agg = /^\.(sum|avg|count|max|min)\(\)/.exec(c.text.slice(c.pos));
  if (agg) {
    aggregate = agg[1];
    c.pos += agg[0].length;
    if (c.eat('::') && !identifier(c)) c.fail('letter or digit');
  }
  c.ws();
  if (!atItemEnd(c)) c.fail('"->>", "->", "::", ".", ")", "," or end of input');
  return { kind: 'field', field: fld, alias: fAlias, cast, aggregate };
}

function forest(c: Cursor, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  c.ws();
  if (c.done || c.peek() === ')') return items;
  for (;;) {
    items.push(selectItem(c, depth));
    c.ws();
    if (!c.eat(',')) return items;
  }
}

export function parseSelect(text: string): SelectItem[] {
  checkLength('select parameter', text);
  const c = new Cursor(text, 'select parameter');
  const items = forest(c, 0);
  if (!c.done) c.fail('"," or end of input');
  return items;
}

function listValue(c: Cursor): string[] {
  c.ws();
  c.expect('(', '"("');
  c.ws();
  const values: string[] = [];
  for (;;) {
    const save = c.pos;
    const q = quoted(c);
    if (q !== undefined && (c.peek() === ',' || c.peek() === ')')) {
      values.push(q);
    } else {
      c.pos = save;
      const start = c.pos;
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      values.push(c.text.slice(start, c.pos));
    }
    if (!c.eat(',')) break;
  }
  c.ws();
  c.expect(')', '")"');
  c.ws();
  return values;
}

/** `[not.]op.value`; `single` reads the value (rest of input at top level, up to , or ) inside and/or). */
function opExpr(c: Cursor, single: (c: Cursor) => string): OpExpr {
  const negate = c.startsWith('not.') ? (c.pos += 4, true) : false;
  const rest = c.text.slice(c.pos);
  const word = /^[a-z]+/.exec(rest)?.[0] ?? '';
  const fail = () => c.fail(negate ? 'operator (eq, gt, ...)' : '"not" or operator (eq, gt, ...)');
  if (word === 'in' && rest[2] === '.') {
    c.pos += 3;
    return { negate, operation: { kind: 'in', values: listValue(c) } };
  }
  if (word === 'is' && rest[2] === '.') {
    c.pos += 3;
    const m = /^(null|unknown|true|false|not_null)/i.exec(c.text.slice(c.pos));
    if (!m) c.fail('null or trilean value (unknown, true, false)');
    c.pos += m[0].length;
    return { negate, operation: { kind: 'is', value: m[0].toLowerCase() as 'null' } };
  }
  if (word === 'isdistinct' && rest[10] === '.') {
    c.pos += 11;
    return { negate, operation: { kind: 'isdistinct', value: single(c) } };
  }
  const fts = FTS_OPS.find((op) => rest.startsWith(op + '.') || rest.startsWith(op + '('));
  if (fts) {
    c.pos += fts.length;
    let lang: string | undefined;
    if (c.eat('(')) {
      lang = identifier(c);
      if (!lang) c.fail('letter or digit');
      c.expect(')', '")"');
    }
    c.expect('.', 'delimiter (.)');
    return { negate, operation: { kind: 'fts', op: fts, lang, value: single(c) } };
  }
  const simple = SIMPLE_OPS.find((op) => rest.startsWith(op + '.'));
  if (simple) {
    c.pos += simple.length + 1;
    return { negate, operation: { kind: 'simple', op: simple, value: single(c) } };
  }
  const quantOp = QUANT_OPS.find((op) => rest.startsWith(op + '.') || rest.startsWith(op + '(any).') || rest.startsWith(op + '(all).'));
  if (quantOp) {
    c.pos += quantOp.length;
    let quant: 'any' | 'all' | undefined;
    if (c.eat('(any)')) quant = 'any';
    else if (c.eat('(all)')) quant = 'all';
    c.pos += 1;
    return { negate, operation: { kind: 'quant', op: quantOp, quant, value: single(c) } };
  }
  return fail();
}

const restOfInput = (c: Cursor): string => {
  const v = c.text.slice(c.pos);
  c.pos = c.text.length;
  return v;
};

function logicValue(c: Cursor): string {
  const save = c.pos;
  const q = quoted(c);
  if (q !== undefined && (c.peek() === ',' || c.peek() === ')')) return q;
  c.pos = save;
  if (c.peek() === '{') {
    const end = c.text.indexOf('}', c.pos);
    const inner = end < 0 ? '' : c.text.slice(c.pos + 1, end);
    if (end >= 0 && !inner.includes('{')) {
      c.pos = end + 1;
      return `{${inner}}`;
    }
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.text.slice(start, c.pos);
}

export interface FilterParam { embedPath: string[]; filter: Filter }

export function parseFilter(key: string, value: string): FilterParam {
  checkLength('filter', value);
  const kc = new Cursor(key, 'tree path');
  const names = [requireFieldName(kc)];
  while (kc.eat('.')) names.push(requireFieldName(kc));
  const path = jsonPath(kc);
  if (!kc.done) kc.fail('delimiter (.) or end of input');
  const vc = new Cursor(value, 'filter');
  const expr = opExpr(vc, restOfInput);
  if (!vc.done) vc.fail('end of input');
  return { embedPath: names.slice(0, -1), filter: { field: { name: names[names.length - 1], path }, expr } };
}

/** True when a value looks like a filter operator expression (RPC GET treats other params as arguments). */
export function hasOperator(value: string): boolean {
  try {
    const vc = new Cursor(value, 'filter');
    opExpr(vc, restOfInput);
    return vc.done;
  } catch (error) {
    if (error instanceof RestError) return false;
    throw error;
  }
}

function logicTree(c: Cursor, depth: number): LogicTree {
  if (depth > 16) throw parseError('logic tree', c.text, c.pos + 1, 'logic tree nested too deeply');
  c.ws();
  const save = c.pos;
  const negate = c.startsWith('not.') ? (c.pos += 4, true) : false;
  const op = c.startsWith('and(') || c.startsWith('and (') ? 'and' : c.startsWith('or(') || c.startsWith('or (') ? 'or' : undefined;
  if (op) {
    c.pos += op.length;
    c.ws();
    c.expect('(', '"("');
    const children: LogicTree[] = [];
    for (;;) {
      children.push(logicTree(c, depth + 1));
      c.ws();
      if (!c.eat(',')) break;
    }
    c.ws();
    c.expect(')', '")"');
    c.ws();
    return { kind: 'expr', negate, op, children };
  }
  c.pos = save;
  const fld = field(c);
  c.expect('.', 'delimiter (.)');
  const expr = opExpr(c, logicValue);
  c.ws();
  return { kind: 'stmt', filter: { field: fld, expr } };
}

export interface LogicParam { embedPath: string[]; tree: LogicTree }

/** `or=(...)`, `not.and=(...)`, `profiles.or=(...)`. */
export function parseLogic(key: string, value: string): LogicParam {
  checkLength('logic tree', value);
  const parts = key.split('.');
  const op = parts[parts.length - 1];
  const negate = parts.includes('not');
  const embedPath = parts.slice(0, -1).filter((p) => p !== 'not');
  const text = (negate ? 'not.' : '') + op + value;
  const c = new Cursor(text, 'logic tree');
  const tree = logicTree(c, 0);
  if (!c.done || tree.kind !== 'expr') {
    throw parseError('logic tree', value, c.pos + 1, `unexpected ${c.done ? 'end of input' : JSON.stringify(c.peek())} expecting "("`);
  }
  return { embedPath, tree };
}

export function parseOrder(value: string): OrderTerm[] {
  checkLength('order', value);
  const c = new Cursor(value, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    c.ws();
    const save = c.pos;
    let term: OrderTerm;
    const rel = fieldName(c);
    if (rel !== undefined && c.peek() === '(') {
      c.pos++;
      const fld = field(c);
      c.expect(')', '")"');
      term = { relation: rel, field: fld };
    } else {
      c.pos = save;
      term = { field: field(c) };
    }
    if (c.startsWith('.asc') || c.startsWith('.desc')) {
      term.direction = c.startsWith('.asc') ? 'asc' : 'desc';
      c.pos += term.direction.length + 1;
    }
    if (c.startsWith('.nullsfirst') || c.startsWith('.nullslast')) {
      term.nulls = c.startsWith('.nullsfirst') ? 'first' : 'last';
      c.pos += term.nulls.length + 6;
    }
    c.ws();
    terms.push(term);
    if (c.done) return terms;
    if (!c.eat(',')) c.fail(term.nulls ? '"," or end of input' : '"asc", "desc", "nullsfirst" or "nullslast"');
  }
}

/** `columns=` and `on_conflict=`: a comma list of (possibly quoted) names. */
export function parseColumns(what: string, value: string): string[] {
  checkLength(what, value);
  const c = new Cursor(value, what);
  const out: string[] = [];
  for (;;) {
    c.ws();
    out.push(requireFieldName(c));
    c.ws();
    if (c.done) return out;
    c.expect(',', '"," or end of input');
  }
}
