import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'

let pending: Promise<SupabaseClient<Database>> | null = null

/**
 * The same single client as `./supabase`, loaded on first use. Public pages go through this so
 * the ~50 kB (gzip) client is not part of the JavaScript that has to run before the first paint.
 */
export function loadSupabase(): Promise<SupabaseClient<Database>> {
  pending ??= import('./supabase').then((module) => module.supabase)
  return pending
}
