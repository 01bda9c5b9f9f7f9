import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'

/**
 * A realtime channel of the admin screens. Private, so the server admits the join only when the
 * policies on realtime.messages let this user read the topic, and a stranger's public channel of
 * the same name (its broadcasts, its presence) is another room that never reaches this socket.
 * The client is passed in: shared code does not load the eager client.
 */
export function adminChannel(client: SupabaseClient, topic: string): RealtimeChannel {
  return client.channel(topic, { config: { private: true } })
}
