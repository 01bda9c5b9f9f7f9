/**
 * Phoenix Presence as Supabase Realtime serves it: who is tracked on each topic (here and, with
 * several servers, on the others: rooms.ts),
 * under which key, with which metas. `presence_state` lists everyone; `presence_diff` says who
 * joined and left. A key tracked from several channels (tabs) holds one meta per channel.
 */
export interface PresenceMeta {
  phx_ref: string;
  phx_ref_prev?: string;
  [field: string]: unknown;
}

export type PresenceEntries = Record<string, { metas: PresenceMeta[] }>;

export interface PresenceDiff {
  joins: PresenceEntries;
  leaves: PresenceEntries;
}

let counter = 0;
/** Phoenix refs are opaque strings; unique per server is all realtime-js needs. */
const nextRef = () => `F${Date.now().toString(36)}${(counter++).toString(36)}`;

const entry = (key: string, meta: PresenceMeta): PresenceEntries => ({ [key]: { metas: [meta] } });

/** The presences of one topic, keyed by presence key, then by the tracking channel. */
export class PresenceTopic<Owner> {
  private readonly keys = new Map<string, Map<Owner, PresenceMeta>>();

  get size(): number {
    let size = 0;
    for (const owners of this.keys.values()) size += owners.size;
    return size;
  }

  /** Tracks or updates `owner`'s presence; an update is a leave of the old meta and a join of the new. */
  track(owner: Owner, key: string, payload: Record<string, unknown>): PresenceDiff {
    const owners = this.keys.get(key) ?? new Map<Owner, PresenceMeta>();
    this.keys.set(key, owners);
    const previous = owners.get(owner);
    const meta: PresenceMeta = { ...payload, phx_ref: nextRef() };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    owners.set(owner, meta);
    return { joins: entry(key, meta), leaves: previous ? entry(key, previous) : {} };
  }

  /** Removes `owner`'s presence under `key`; undefined when it had none. */
  untrack(owner: Owner, key: string): PresenceDiff | undefined {
    const owners = this.keys.get(key);
    const meta = owners?.get(owner);
    if (!owners || !meta) return undefined;
    owners.delete(owner);
    if (!owners.size) this.keys.delete(key);
    return { joins: {}, leaves: entry(key, meta) };
  }

  /** Sets `owner`'s presence to a meta made elsewhere (another server's track), refs kept. */
  put(owner: Owner, key: string, meta: PresenceMeta): PresenceDiff {
    const owners = this.keys.get(key) ?? new Map<Owner, PresenceMeta>();
    this.keys.set(key, owners);
    const previous = owners.get(owner);
    owners.set(owner, meta);
    return { joins: entry(key, meta), leaves: previous ? entry(key, previous) : {} };
  }

  /** Removes every presence whose owner `matches`; undefined when there was none. */
  drop(matches: (owner: Owner) => boolean): PresenceDiff | undefined {
    const leaves: PresenceEntries = {};
    for (const [key, owners] of this.keys) {
      for (const [owner, meta] of owners) {
        if (!matches(owner)) continue;
        owners.delete(owner);
        (leaves[key] ??= { metas: [] }).metas.push(meta);
      }
      if (!owners.size) this.keys.delete(key);
    }
    return Object.keys(leaves).length ? { joins: {}, leaves } : undefined;
  }

  /** Every presence with its key and owner. */
  *entries(): Generator<[string, Owner, PresenceMeta]> {
    for (const [key, owners] of this.keys) for (const [owner, meta] of owners) yield [key, owner, meta];
  }

  state(): PresenceEntries {
    const state: PresenceEntries = {};
    for (const [key, owners] of this.keys) state[key] = { metas: [...owners.values()] };
    return state;
  }
}
