import { describe, expect, test } from 'vitest';
import { affectedLimit, appliedTail, parsePrefer, rollsBack } from './preferences.ts';

const prefer = (value: string, txEnd?: Parameters<typeof parsePrefer>[1]) => parsePrefer(new Headers({ Prefer: value }), txEnd);

describe('Prefer', () => {
  test('the first value of a preference wins, across repeated headers too', () => {
    const h = new Headers();
    h.append('Prefer', 'tx=rollback');
    h.append('Prefer', 'tx=commit, return=minimal');
    expect(parsePrefer(h, 'commit-allow-override')).toMatchObject({ tx: 'rollback', return: 'minimal', invalid: [] });
  });

  test('db-tx-end decides whether tx= may choose', () => {
    expect(rollsBack(prefer('tx=rollback', 'commit'), 'commit')).toBe(false);
    expect(prefer('tx=rollback', 'commit').tx).toBeUndefined();
    expect(rollsBack(prefer('tx=rollback', 'commit-allow-override'), 'commit-allow-override')).toBe(true);
    expect(rollsBack(prefer('', 'rollback'), 'rollback')).toBe(true);
    expect(rollsBack(prefer('tx=commit', 'rollback'), 'rollback')).toBe(true);
    expect(rollsBack(prefer('tx=commit', 'rollback-allow-override'), 'rollback-allow-override')).toBe(false);
  });

  test('max-affected counts only under handling=strict, and is never an invalid preference', () => {
    expect(affectedLimit(prefer('max-affected=3'))).toBeUndefined();
    expect(affectedLimit(prefer('handling=strict, max-affected=3'))).toBe(3);
    expect(prefer('handling=strict, max-affected=lots')).toMatchObject({ maxAffected: undefined, invalid: [] });
    expect(appliedTail(prefer('handling=strict,max-affected=3', 'commit-allow-override'))).toEqual([undefined, 'handling=strict', 'max-affected=3']);
  });

  test('unrecognised preferences are kept as sent', () => {
    expect(prefer('count=exact, anything, return=everything, timezone=Asia/Jakarta').invalid).toEqual(['anything', 'return=everything', 'timezone=Asia/Jakarta']);
  });
});
