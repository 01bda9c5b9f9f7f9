/**
 * Parsers for the select, order and columns parameters, following PostgREST 12's ApiRequest/QueryParams.hs.
 * Output is a plain tree; nothing here touches SQL. Filters and and/or trees are in filter-parser.ts.
 */
import { errors } from './errors.ts';
import { Cursor, checkLength, field, fieldName, identifier, requireFieldName, type OrderTerm, type SelectItem } from './syntax.ts';

export type * from './syntax.ts';

const MAX_SELECT_DEPTH = 8;

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
      if (depth >= MAX_SELECT_DEPTH) throw errors.parse('select parameter', c.text, c.pos + 1, `embedding deeper than ${MAX_SELECT_DEPTH} levels`);
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
