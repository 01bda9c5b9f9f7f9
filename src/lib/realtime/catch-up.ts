import type { RealtimeChannel } from '@supabase/supabase-js'

export interface CatchUpOptions {
  /**
   * Re-reads what the channel's events keep fresh. Realtime does not replay the changes made
   * while a channel was away (a dropped socket, a server that died behind the balancer), so this
   * runs on the first join and again on every rejoin.
   */
  catchUp(): void
  /** Whether the channel is joined now: false while it is down and events may be missed. */
  onLive?(live: boolean): void
  /** Named in the console when the subscription fails. */
  what: string
}

/** Subscribes `channel` so that every join, first or after a drop, catches up on what was missed. */
export function joinWithCatchUp(channel: RealtimeChannel, { catchUp, onLive, what }: CatchUpOptions): RealtimeChannel {
  return channel.subscribe((status, error) => {
    const live = status === 'SUBSCRIBED'
    onLive?.(live)
    if (live) catchUp()
    if (error) console.warn(`${what} subscription failed:`, error.message)
  })
}
