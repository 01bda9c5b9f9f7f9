import { describe, expect, test } from 'vitest';
import { RestError } from './errors.ts';
import { hasOperator, parseFilter, parseLogic } from './filter-parser.ts';
import { parseColumns, parseOrder, parseSelect } from './parser.ts';

/** The PostgREST error a parser throws, as the client receives it. */
function errorOf(fn: () => unknown): { status: number; code: string; message: string; details: unknown } {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    return { status: error.status, ...error.body } as never;
  }
  throw new Error('expected a parse error');
}

describe('select', () => {
  test('columns with alias, cast and JSON path', () => {
    expect(parseSelect('id,judul:title,views::text,meta->>lang')).toEqual([
      { kind: 'field', field: { name: 'id', path: [] } },
      { kind: 'field', field: { name: 'title', path: [] }, alias: 'judul' },
      { kind: 'field', field: { name: 'views', path: [] }, cast: 'text' },
      { kind: 'field', field: { name: 'meta', path: [{ arrow: '->>', key: 'lang', index: false }] } },
    ]);
  });

  test('embedded resources with hint, inner join and nested select', () => {
    const [embed] = parseSelect('author:profiles!author_id!inner(full_name,avatar_url)');
    expect(embed).toMatchObject({
      kind: 'embed', name: 'profiles', alias: 'author', hint: 'author_id', join: 'inner', spread: false,
      children: [
        { kind: 'field', field: { name: 'full_name', path: [] } },
        { kind: 'field', field: { name: 'avatar_url', path: [] } },
      ],
    });
  });

  test('an unclosed embed is PGRST100 with the column PostgREST names', () => {
    const e = errorOf(() => parseSelect('id,profiles(name'));
    expect(e.status).toBe(400);
    expect(e.code).toBe('PGRST100');
    expect(e.message).toBe('"failed to parse select parameter (id,profiles(name)" (line 1, column 17)');
  });

  test('nesting deeper than the limit is refused', () => {
    expect(errorOf(() => parseSelect('a('.repeat(20) + 'id' + ')'.repeat(20))).code).toBe('PGRST100');
  });
});

describe('filters', () => {
  test('operator, negation and embedded path', () => {
    expect(parseFilter('profiles.role', 'not.eq.admin')).toEqual({
      embedPath: ['profiles'],
      filter: { field: { name: 'role', path: [] }, expr: { negate: true, operation: { kind: 'quant', op: 'eq', value: 'admin' } } },
    });
  });

  test('in-lists keep quoted commas', () => {
    expect(parseFilter('title', 'in.("a,b",c)').filter.expr.operation).toEqual({ kind: 'in', values: ['a,b', 'c'] });
  });

  test('an unknown operator is PGRST100', () => {
    const e = errorOf(() => parseFilter('id', 'equals.1'));
    expect(e.code).toBe('PGRST100');
    expect(e.details).toMatch(/expecting "not" or operator/);
  });

  test('RPC GET tells arguments from filters', () => {
    expect(hasOperator('eq.5')).toBe(true);
    expect(hasOperator('hello world')).toBe(false);
  });

  test('and/or trees nest', () => {
    const { embedPath, tree } = parseLogic('or', '(status.eq.draft,and(views.gt.10,views.lt.20))');
    expect(embedPath).toEqual([]);
    expect(tree).toMatchObject({
      kind: 'expr', op: 'or', negate: false,
      children: [
        { kind: 'stmt', filter: { field: { name: 'status' } } },
        { kind: 'expr', op: 'and', children: [{ kind: 'stmt' }, { kind: 'stmt' }] },
      ],
    });
  });

  test('a logic tree without parentheses is PGRST100', () => {
    expect(errorOf(() => parseLogic('or', 'id.eq.1')).code).toBe('PGRST100');
  });
});

describe('order and columns', () => {
  test('direction, nulls and embedded order', () => {
    expect(parseOrder('created_at.desc.nullslast,profiles(name).asc')).toEqual([
      { field: { name: 'created_at', path: [] }, direction: 'desc', nulls: 'last' },
      { relation: 'profiles', field: { name: 'name', path: [] }, direction: 'asc' },
    ]);
  });

  test('a bad direction names what was expected', () => {
    expect(errorOf(() => parseOrder('id.sideways')).details).toMatch(/"asc", "desc", "nullsfirst" or "nullslast"/);
  });

  test('columns accept quoted names', () => {
    expect(parseColumns('columns parameter', 'id, "odd name"')).toEqual(['id', 'odd name']);
  });
});
