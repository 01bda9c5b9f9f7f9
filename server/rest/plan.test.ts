import { describe, expect, test } from 'vitest';
import { RestError } from './errors.ts';
import { planCall, planMutate, planRead, topRange } from './plan.ts';
import { parsePrefer } from './preferences.ts';
import { negotiate } from './negotiate.ts';
import { parseParams, parseQuery, type ApiRequest, type Method, type Target } from './request.ts';
import type { Column, SchemaCache, Table } from './schema-cache.ts';

const col = (name: string, type = 'text'): [string, Column] => [name, { name, type, nullable: true, default: null }];
const articles: Table = { name: 'articles', isView: false, pk: ['id'], columns: new Map([col('id', 'uuid'), col('title'), col('author_id', 'uuid')]), computed: new Map() };
const profiles: Table = { name: 'profiles', isView: false, pk: ['id'], columns: new Map([col('id', 'uuid'), col('full_name')]), computed: new Map() };

const schema: SchemaCache = {
  schema: 'public',
  tables: new Map([['articles', articles], ['profiles', profiles]]),
  relationships: new Map([
    ['articles', [{ table: 'articles', foreignTable: 'profiles', constraint: 'articles_author_id_fkey', columns: [['author_id', 'id']], cardinality: 'm2o', isSelf: false }]],
    ['profiles', [{ table: 'profiles', foreignTable: 'articles', constraint: 'articles_author_id_fkey', columns: [['id', 'author_id']], cardinality: 'o2m', isSelf: false }]],
  ]),
  routines: new Map([['count_views', [{
    name: 'count_views', params: [{ name: 'article', type: 'uuid', required: true, variadic: false }],
    volatility: 's', returnsSet: false, returnsScalar: true, returnsVoid: false, returnTable: undefined, columns: [],
  }]]]),
  types: new Set(['text', 'int4']),
  aggregates: false,
  plan: false,
};

function request(method: Method, url: string, headers: Record<string, string> = {}, target: Target = { kind: 'table', name: 'articles' }): ApiRequest {
  const h = new Headers(headers);
  const query = parseQuery(url);
  const isRead = method === 'GET' || method === 'HEAD';
  return {
    target, method, isRead, headers: h, query, parsed: parseParams(query, target.kind === 'rpc' && isRead),
    prefer: parsePrefer(h), rollback: false, ...negotiate(h.get('accept') ?? undefined),
    range: method === 'GET' ? h.get('range') ?? undefined : undefined, schema: 'public', maxRows: undefined, path: '/articles', raw: new Request('http://x/'),
  };
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return `${error.status} ${String(error.body.code)}`;
    throw error;
  }
  return 'no error';
}

describe('ranges', () => {
  test('limit and offset intersect the Range header', () => {
    expect(topRange(10, 5, 'items=0-7')).toEqual({ offset: 5, limit: 3 });
    expect(topRange(undefined, undefined, '2-')).toEqual({ offset: 2, limit: undefined });
    expect(topRange(0, 3, undefined)).toEqual({ offset: 0, limit: 0 });
  });

  test('an inverted Range header is 416', () => {
    expect(codeOf(() => topRange(undefined, undefined, '5-2'))).toBe('416 PGRST103');
  });
});

describe('reads', () => {
  test('filters, order and embeds land on the nodes they name', () => {
    const root = planRead(schema, articles, request('GET', '/articles?select=title,profiles(full_name)&title=eq.Hi&order=title.desc&limit=2', { Range: '0-0' }));
    expect(root.select.map((s) => s.field.name)).toEqual(['title']);
    expect(root.children.map((c) => [c.relName, c.toOne])).toEqual([['profiles', true]]);
    expect(root.where).toHaveLength(1);
    expect(root.order[0]).toMatchObject({ direction: 'desc' });
    expect(root.range).toEqual({ offset: 0, limit: 1 });
  });

  test('an unknown column or relationship is refused before any SQL runs', () => {
    expect(codeOf(() => planRead(schema, articles, request('GET', '/articles?select=secret')))).toBe('400 42703');
    expect(codeOf(() => planRead(schema, articles, request('GET', '/articles?select=comments(*)')))).toBe('400 PGRST200');
  });
});

describe('writes', () => {
  const body = (keys: string[]) => ({ text: '{}', keys });

  test('an upsert merges on the primary key and returns what the select needs', () => {
    const plan = planMutate(schema, articles, request('POST', '/articles?select=title', { Prefer: 'resolution=merge-duplicates,return=representation' }), body(['id', 'title']));
    expect(plan.kind).toBe('insert');
    expect(plan.onConflict).toEqual({ resolution: 'merge', columns: ['id'] });
    expect(plan.returning).toEqual(['id', 'title']);
    expect(plan.columns.map((c) => c.name)).toEqual(['id', 'title']);
  });

  test('DELETE and PATCH without a filter, limit without order, and unknown body keys are refused', () => {
    expect(codeOf(() => planMutate(schema, articles, request('DELETE', '/articles'), undefined))).toBe('400 21000');
    expect(codeOf(() => planMutate(schema, articles, request('PATCH', '/articles'), body(['title'])))).toBe('400 21000');
    expect(codeOf(() => planMutate(schema, articles, request('PATCH', '/articles?id=eq.1&limit=1'), body(['title'])))).toBe('400 PGRST109');
    expect(codeOf(() => planMutate(schema, articles, request('POST', '/articles'), body(['nope'])))).toBe('400 PGRST204');
  });

  test('a PATCH with an empty body changes nothing', () => {
    expect(planMutate(schema, articles, request('PATCH', '/articles?id=eq.1'), body([])).kind).toBe('noop-update');
  });
});

describe('calls', () => {
  const rpc: Target = { kind: 'rpc', name: 'count_views' };

  test('GET arguments pick the function and a scalar result reads as pgrst_scalar', () => {
    const plan = planCall(schema, request('GET', '/rpc/count_views?article=abc', {}, rpc), undefined);
    expect(plan.given.map((p) => p.name)).toEqual(['article']);
    expect(plan.scalar).toBe(true);
    expect(plan.readOnly).toBe(true);
    expect(JSON.parse(plan.argsText)).toEqual({ article: 'abc' });
  });

  test('missing or unknown arguments are PGRST202', () => {
    expect(codeOf(() => planCall(schema, request('GET', '/rpc/count_views', {}, rpc), undefined))).toBe('404 PGRST202');
    expect(codeOf(() => planCall(schema, request('POST', '/rpc/count_views', {}, rpc), { text: '{"x":1}', keys: ['x'] }))).toBe('404 PGRST202');
  });
});
