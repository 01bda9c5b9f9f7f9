/**
 * Phoenix Presence as Supabase Realtime serves it, for one server: who is tracked on each topic,
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

  state(): PresenceEntries {
    const state: PresenceEntries = {};
    for (const [key, owners] of this.keys) state[key] = { metas: [...owners.values()] };
    return state;
  }
}
