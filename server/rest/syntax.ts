/**
 * The pieces of PostgREST's query-string grammar shared by every parameter (ApiRequest/QueryParams.hs):
 * the parsed shapes, a cursor over the input, field names with JSON paths, and the length limit.
 */
import { errors } from './errors.ts';

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

export class Cursor {
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
    throw errors.parse(this.what, this.text, this.pos + 1, `unexpected ${found} expecting ${expecting}`);
  }
  expect(s: string, label = JSON.stringify(s)): void {
    if (!this.eat(s)) this.fail(label);
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

export function identifier(c: Cursor): string | undefined {
  const start = c.pos;
  while (!c.done && IDENT_CHAR.test(c.peek())) c.pos++;
  if (c.pos === start) return undefined;
  return c.text.slice(start, c.pos).trim();
}

export function quoted(c: Cursor): string | undefined {
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
export function fieldName(c: Cursor): string | undefined {
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

export function requireFieldName(c: Cursor): string {
  const name = fieldName(c);
  if (name === undefined) c.fail('field name (* or [a..z0..9_$])');
  return name;
}

export function jsonPath(c: Cursor): JsonStep[] {
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

export function field(c: Cursor): FieldRef {
  c.ws();
  const name = requireFieldName(c);
  const path = jsonPath(c);
  c.ws();
  return { name, path };
}

const MAX_PARAM_LENGTH = 8192;

export function checkLength(what: string, text: string): void {
  if (text.length > MAX_PARAM_LENGTH) {
    throw errors.parse(what, text.slice(0, 64) + '...', 1, `parameter longer than ${MAX_PARAM_LENGTH} characters`);
  }
}
