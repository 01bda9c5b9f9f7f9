import { useEffect, useRef, useState } from 'react'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { adminChannel } from '@/lib/admin-channel'
import { joinWithCatchUp } from './catch-up'

/**
 * A private admin channel (see adminChannel) of `client` (the admin area's signed-in one) named `name` (none while it is undefined) whose handlers `listen` adds;
 * `catchUp` re-reads the data on every join, the first and each one after a drop, since the
 * changes made meanwhile are not replayed. Returns whether the channel is joined now, so a caller
 * can poll while it is not. `listen` runs once per name (its handlers should read refs or stable
values); `catchUp` may change between renders, and the newest runs.
 */
export function useLiveChannel(
  client: SupabaseClient,
  name: string | undefined,
  listen: (channel: RealtimeChannel) => RealtimeChannel,
  catchUp: () => void,
  what: string,
): boolean {
  const [live, setLive] = useState(false)
  const latest = useRef({ listen, catchUp })
  useEffect(() => {
    latest.current = { listen, catchUp }
  })
  useEffect(() => {
    if (!name) return
    const channel = joinWithCatchUp(latest.current.listen(adminChannel(client, name)), {
      catchUp: () => latest.current.catchUp(),
      onLive: setLive,
      what,
    })
    return () => {
      setLive(false)
      void client.removeChannel(channel)
    }
  }, [client, name, what])
  return live
}
