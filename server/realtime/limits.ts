/**
 * Caps on what subscribers may ask the server to evaluate. Every distinct filter of a table costs
 * a comparison on each of its changes, so channels and distinct filters are counted per socket,
 * per client address and per table, and a join that would go past one is refused.
 */
export interface SubscriptionLimits {
  /** Supabase's max_channels_per_client (default 100). */
  channelsPerSocket: number;
  channelsPerAddress: number;
  /** Distinct (table, filter) pairs. */
  filtersPerSocket: number;
  filtersPerAddress: number;
  /** Distinct filters on one table, all subscribers together. */
  filtersPerTable: number;
}

export const DEFAULT_LIMITS: SubscriptionLimits = {
  channelsPerSocket: 100,
  channelsPerAddress: 200,
  filtersPerSocket: 100,
  filtersPerAddress: 200,
  filtersPerTable: 1_000,
};

/** Supabase's join reply when max_channels_per_client is reached. */
export const TOO_MANY_CHANNELS = 'ChannelRateLimitReached: Too many channels';
export const TOO_MANY_FILTERS = 'ChannelRateLimitReached: Too many postgres_changes filters';

/** One filter of a channel: `table` is schema-qualified, `filter` as the client wrote it. */
export interface FilterKey {
  table: string;
  filter: string;
}

/** Counts of equal keys; `size` is how many distinct keys are held. */
export class Tally {
  private readonly counts = new Map<string, number>();

  get size(): number {
    return this.counts.size;
  }

  /** Distinct keys held once `keys` are added too. */
  sizeWith(keys: Iterable<string>): number {
    let size = this.counts.size;
    for (const key of new Set(keys)) if (!this.counts.has(key)) size++;
    return size;
  }

  add(keys: Iterable<string>): void {
    for (const key of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  remove(keys: Iterable<string>): void {
    for (const key of keys) {
      const left = (this.counts.get(key) ?? 0) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    }
  }
}

const keyOf = (f: FilterKey) => `${f.table}\u0000${f.filter}`;

function byTable(filters: FilterKey[]): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const f of filters) tables.set(f.table, [...(tables.get(f.table) ?? []), f.filter]);
  return tables;
}

/** What one socket holds; the socket keeps it, the shared counts live in {@link SubscriptionBudget}. */
export class SocketBudget {
  channels = 0;
  readonly filters = new Tally();

  constructor(readonly address: string) {}
}

/** The per-address and per-table counts of one server. */
export class SubscriptionBudget {
  private readonly addresses = new Map<string, { channels: number; filters: Tally }>();
  private readonly tables = new Map<string, Tally>();

  constructor(readonly limits: SubscriptionLimits) {}

  /**
   * Why a channel with `filters` may not join on `socket`, or undefined when it may. Asked before
   * a join costs any database work (supabase-js retries a refused join with backoff), and again
   * by {@link admit}.
   */
  refusal(socket: SocketBudget, filters: FilterKey[]): string | undefined {
    const { limits } = this;
    const keys = filters.map(keyOf);
    const address = this.addresses.get(socket.address);
    if (socket.channels >= limits.channelsPerSocket || (address?.channels ?? 0) >= limits.channelsPerAddress) return TOO_MANY_CHANNELS;
    if (socket.filters.sizeWith(keys) > limits.filtersPerSocket || (address?.filters ?? new Tally()).sizeWith(keys) > limits.filtersPerAddress) {
      return TOO_MANY_FILTERS;
    }
    for (const [table, tableFilters] of byTable(filters)) {
      if ((this.tables.get(table) ?? new Tally()).sizeWith(tableFilters) > limits.filtersPerTable) return `${TOO_MANY_FILTERS} on ${table}`;
    }
    return undefined;
  }

  /** Counts the channel and returns undefined, or returns why it may not join. */
  admit(socket: SocketBudget, filters: FilterKey[]): string | undefined {
    const refused = this.refusal(socket, filters);
    if (refused) return refused;
    const keys = filters.map(keyOf);
    const address = this.addresses.get(socket.address) ?? { channels: 0, filters: new Tally() };
    socket.channels++;
    socket.filters.add(keys);
    address.channels++;
    address.filters.add(keys);
    this.addresses.set(socket.address, address);
    for (const [table, tableFilters] of byTable(filters)) {
      const tally = this.tables.get(table) ?? new Tally();
      tally.add(tableFilters);
      this.tables.set(table, tally);
    }
    return undefined;
  }

  /** Gives back what {@link admit} counted for a channel that left. */
  release(socket: SocketBudget, filters: FilterKey[]): void {
    const keys = filters.map(keyOf);
    socket.channels--;
    socket.filters.remove(keys);
    const address = this.addresses.get(socket.address);
    if (address) {
      address.channels--;
      address.filters.remove(keys);
      if (address.channels <= 0) this.addresses.delete(socket.address);
    }
    for (const f of filters) {
      const tally = this.tables.get(f.table);
      tally?.remove([f.filter]);
      if (tally && tally.size === 0) this.tables.delete(f.table);
    }
  }
}
