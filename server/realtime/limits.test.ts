import { describe, expect, it } from 'vitest';
import { SocketBudget, SubscriptionBudget, TOO_MANY_CHANNELS, TOO_MANY_FILTERS } from './limits.ts';

const limits = { channelsPerSocket: 3, channelsPerAddress: 4, filtersPerSocket: 2, filtersPerAddress: 3, filtersPerTable: 4 };
const on = (table: string, ...filters: string[]) => filters.map((filter) => ({ table, filter }));

describe('subscription caps', () => {
  it('counts channels per socket and per address, and gives them back on leave', () => {
    const budget = new SubscriptionBudget(limits);
    const [a, b] = [new SocketBudget('10.0.0.1'), new SocketBudget('10.0.0.1')];
    for (let i = 0; i < 3; i++) expect(budget.admit(a, [])).toBeUndefined();
    expect(budget.admit(a, [])).toBe(TOO_MANY_CHANNELS);
    expect(budget.admit(b, [])).toBeUndefined();
    expect(budget.admit(b, [])).toBe(TOO_MANY_CHANNELS);
    // Another address has its own places.
    expect(budget.admit(new SocketBudget('10.0.0.2'), [])).toBeUndefined();
    budget.release(a, []);
    expect(budget.admit(b, [])).toBeUndefined();
  });

  it('counts distinct filters: a repeated filter costs nothing more', () => {
    const budget = new SubscriptionBudget(limits);
    const socket = new SocketBudget('10.0.0.1');
    expect(budget.admit(socket, on('public.profiles', 'id=eq.1', 'id=eq.2'))).toBeUndefined();
    expect(budget.admit(socket, on('public.profiles', 'id=eq.1'))).toBeUndefined();
    expect(budget.admit(socket, on('public.profiles', 'id=eq.3'))).toBe(TOO_MANY_FILTERS);
    // The same text on another table is another filter.
    expect(budget.admit(new SocketBudget('10.0.0.1'), on('public.contacts', 'id=eq.1', 'id=eq.2'))).toBe(TOO_MANY_FILTERS);
  });

  it('caps the distinct filters of one table over all addresses', () => {
    const budget = new SubscriptionBudget(limits);
    expect(budget.admit(new SocketBudget('10.0.0.1'), on('public.profiles', 'a=eq.1', 'a=eq.2'))).toBeUndefined();
    const other = new SocketBudget('10.0.0.2');
    expect(budget.admit(other, on('public.profiles', 'a=eq.3', 'a=eq.4'))).toBeUndefined();
    const third = new SocketBudget('10.0.0.3');
    expect(budget.admit(third, on('public.profiles', 'a=eq.5'))).toBe(`${TOO_MANY_FILTERS} on public.profiles`);
    expect(budget.admit(third, on('public.profiles', 'a=eq.1'))).toBeUndefined();
    budget.release(other, on('public.profiles', 'a=eq.3', 'a=eq.4'));
    expect(budget.admit(third, on('public.profiles', 'a=eq.5'))).toBeUndefined();
  });
});
