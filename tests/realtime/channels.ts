import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../src/lib/database.types.ts';
import type { TypedClient } from '../support/server.ts';

export interface Received {
  event: string;
  payload: unknown;
  [key: string]: unknown;
}

/** An anonymous supabase-js client speaking the given protocol version. */
export function clientFor(url: string, key: string, vsn: '1.0.0' | '2.0.0'): TypedClient {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, vsn },
  });
}

/** Resolves once joined; rejects with the server's reason (CHANNEL_ERROR) or on a timeout. */
export function joined(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

/** Joins `name` listening to every broadcast event; the messages land in the returned list. */
export async function listen(client: TypedClient, name: string, config: Record<string, unknown> = {}): Promise<{ channel: RealtimeChannel; received: Received[] }> {
  const received: Received[] = [];
  const channel = client.channel(name, { config }).on('broadcast', { event: '*' }, (message) => received.push(message as unknown as Received));
  await joined(channel);
  return { channel, received };
}
