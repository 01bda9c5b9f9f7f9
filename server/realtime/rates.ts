import { CountFirstLimit } from '../http/count-first.ts';

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

/**
 * The broadcast and presence rates of one server, each counted first (server/http/count-first.ts):
 * per socket, per room (a channel name, private or public), per membership (one joined channel).
 */
export class BroadcastRates {
  readonly socketBroadcasts: CountFirstLimit;
  readonly channelBroadcasts: CountFirstLimit;
  readonly presenceCalls: CountFirstLimit;
  readonly presenceEvents: CountFirstLimit;

  constructor(limits: BroadcastLimits) {
    this.socketBroadcasts = CountFirstLimit.perWindow('realtime.socketBroadcasts', limits.broadcastsPerSocketPerSecond, 1_000);
    this.channelBroadcasts = CountFirstLimit.perWindow('realtime.channelBroadcasts', limits.broadcastsPerChannelPerSecond, 1_000);
    this.presenceCalls = CountFirstLimit.perWindow('realtime.presenceCalls', limits.presenceCallsPerWindow, limits.presenceWindowMs);
    this.presenceEvents = CountFirstLimit.perWindow('realtime.presenceEvents', limits.presenceEventsPerChannelPerSecond, 1_000);
  }
}
