import { describe, expect, it } from 'vitest';
import { subscriptionId } from './service.ts';

describe('subscription ids', () => {
  it('are stable positive integers below 2^27 that differ by params', () => {
    const a = subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.1' });
    expect(subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.1' })).toBe(a);
    expect(subscriptionId({ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.2' })).not.toBe(a);
    expect(Number.isInteger(a) && a > 0 && a < 2 ** 27).toBe(true);
  });
});
