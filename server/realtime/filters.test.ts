import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter } from './filters.ts';

describe('filter parsing', () => {
  it('reads what realtime-js filter builder writes', () => {
    expect(parseFilter('id=eq.42')).toEqual([{ column: 'id', op: 'eq', value: '42' }]);
    expect(parseFilter('name=eq."a,b (c)"')).toEqual([{ column: 'name', op: 'eq', value: 'a,b (c)' }]);
    expect(parseFilter('name=eq."say \\"hi\\""')[0].value).toBe('say "hi"');
    expect(parseFilter('status=in.(approved,"re,jected")')[0].value).toEqual(['approved', 're,jected']);
    expect(parseFilter('a=gt.1,b=lte.2')).toEqual([
      { column: 'a', op: 'gt', value: '1' },
      { column: 'b', op: 'lte', value: '2' },
    ]);
    // Only the first dot separates operator and value.
    expect(parseFilter('ts=lt.2024-01-01T00:00:00.5Z')[0].value).toBe('2024-01-01T00:00:00.5Z');
  });

  it.each(['id', 'id=42', 'id=like', 'id=between.1', 'id=in.1,2', 'id=eq."open', '=eq.1'])(
    'refuses %s', (filter) => {
      expect(() => parseFilter(filter)).toThrow(FilterError);
    },
  );

  it.each(['like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'fts'])('refuses the %s operator, naming what it read as Realtime does', (op) => {
    expect(() => parseFilter(`message=${op}.^(.*)\\1$`)).toThrow(`["${op}", "^(.*)\\\\1$"]`);
  });

  it('refuses negation, which only newer Realtime versions read', () => {
    expect(() => parseFilter('status=not.eq.approved')).toThrow('["not", "eq.approved"]');
  });
});
