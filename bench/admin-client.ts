import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createUser } from '../server/auth/accounts.ts';
import type { RunningServer } from '../server/server.ts';

/** An approved admin account on a benchmark's server, and a supabase-js client signed in as it. */
export async function signedInAdmin(server: RunningServer, email: string, password: string) {
  await createUser(server.ctx.db, { email, password, role: 'admin', status: 'approved', confirmed: true });
  const client = createClient(server.url, server.ctx.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, signIn: data };
}
