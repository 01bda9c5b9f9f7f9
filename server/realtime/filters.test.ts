import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter } from './filters.ts';

describe('filter parsing', () => {
  it('reads what realtime-js filter builder writes', () => {
    expect(parseFilter('id=eq.42')).toEqual([{ column: 'id', op: 'eq', negate: false, value: '42' }]);
    expect(parseFilter('name=eq."a,b (c)"')).toEqual([{ column: 'name', op: 'eq', negate: false, value: 'a,b (c)' }]);
    expect(parseFilter('name=eq."say \\"hi\\""')[0].value).toBe('say "hi"');
    expect(parseFilter('status=in.(approved,"re,jected")')[0].value).toEqual(['approved', 're,jected']);
    expect(parseFilter('a=gt.1,b=not.is.null')).toEqual([
      { column: 'a', op: 'gt', negate: false, value: '1' },
      { column: 'b', op: 'is', negate: true, value: 'null' },
    ]);
    // Only the first dot separates operator and value.
    expect(parseFilter('ts=lt.2024-01-01T00:00:00.5Z')[0].value).toBe('2024-01-01T00:00:00.5Z');
  });

  it.each(['id', 'id=42', 'id=like', 'id=between.1', 'id=in.1,2', 'id=is.maybe', 'id=eq."open', '=eq.1'])(
    'refuses %s', (filter) => {
      expect(() => parseFilter(filter)).toThrow(FilterError);
    },
  );
});
