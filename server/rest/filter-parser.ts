/**
 * Parsers for filters (`col=op.value`) and and/or trees (`or=(...)`), following PostgREST 12's
 * ApiRequest/QueryParams.hs (pOpExpr, pLogicTree).
 */
import { errors, RestError } from './errors.ts';
import { Cursor, FTS_OPS, QUANT_OPS, SIMPLE_OPS, checkLength, identifier, field, jsonPath, quoted, requireFieldName, type Filter, type LogicTree, type OpExpr } from './syntax.ts';

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
  if (depth > 16) throw errors.parse('logic tree', c.text, c.pos + 1, 'logic tree nested too deeply');
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
    throw errors.parse('logic tree', value, c.pos + 1, `unexpected ${c.done ? 'end of input' : JSON.stringify(c.peek())} expecting "("`);
  }
  return { embedPath, tree };
}
