/**
 * Rates for broadcast and presence, Supabase Realtime's defaults where it has one: 100 messages a
 * second (TENANT_MAX_EVENTS_PER_SECOND, here per socket and ten times that per channel), 5
 * presence calls per channel in 30 s (CLIENT_PRESENCE_MAX_CALLS / _WINDOW_MS), and presence
 * changes per channel (Supabase counts 1,000 a second per project). Going over ends the channel
 * with Realtime's message.
 */
export interface BroadcastLimits {
  broadcastsPerSocketPerSecond: number;
  broadcastsPerChannelPerSecond: number;
  presenceCallsPerWindow: number;
  presenceWindowMs: number;
  presenceEventsPerChannelPerSecond: number;
  /** A presence is held in memory for as long as its channel lives. */
  maxTrackBytes: number;
}

export const DEFAULT_BROADCAST_LIMITS: BroadcastLimits = {
  broadcastsPerSocketPerSecond: 100,
  broadcastsPerChannelPerSecond: 1_000,
  presenceCallsPerWindow: 5,
  presenceWindowMs: 30_000,
  presenceEventsPerChannelPerSecond: 100,
  maxTrackBytes: 64 * 1024,
};

export const TOO_MANY_MESSAGES = 'Too many messages per second';
export const TOO_MANY_PRESENCE_MESSAGES = 'Too many presence messages per second';
export const CLIENT_PRESENCE_LIMIT = 'Client presence rate limit exceeded';
export const TRACK_TOO_LARGE = 'Track message size exceeded';

/** At most `max` events in each fixed window of `windowMs`. */
export class RateWindow {
  private count = 0;
  private resetAt = 0;

  constructor(private readonly max: number, private readonly windowMs: number) {}

  take(now = Date.now()): boolean {
    if (now >= this.resetAt) {
      this.resetAt = now + this.windowMs;
      this.count = 0;
    }
    if (this.count >= this.max) return false;
    this.count++;
    return true;
  }
}

/** Keys past this many are swept of their ended windows, so one-off keys do not pile up. */
const SWEEP_AT = 10_000;

/** A RateWindow per key (a client address, a topic), made on first use. */
export class KeyedRateWindows {
  private readonly windows = new Map<string, { window: RateWindow; lastUsed: number }>();

  constructor(private readonly max: number, private readonly windowMs: number) {}

  take(key: string, now = Date.now()): boolean {
    let entry = this.windows.get(key);
    if (!entry) {
      if (this.windows.size >= SWEEP_AT) {
        for (const [k, e] of this.windows) if (now - e.lastUsed >= this.windowMs) this.windows.delete(k);
      }
      entry = { window: new RateWindow(this.max, this.windowMs), lastUsed: now };
      this.windows.set(key, entry);
    }
    entry.lastUsed = now;
    return entry.window.take(now);
  }
}
