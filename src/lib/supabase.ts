import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { supabaseConfig } from './env'

function createMissingConfigClient(message: string): SupabaseClient<Database> {
  // main.tsx renders the configuration error instead of the app; this only guards stray use.
  return new Proxy({} as SupabaseClient<Database>, {
    get() {
      throw new Error(message)
    },
  })
}

export const supabase: SupabaseClient<Database> = supabaseConfig.ok
  ? createClient<Database>(supabaseConfig.url, supabaseConfig.anonKey, {
      auth: {
        flowType: 'implicit',
        persistSession: true,
        detectSessionInUrl: true,
        autoRefreshToken: true,
        // GoTrue's /passkeys (list, rename, remove on Keamanan); the server answers passkey_disabled when off
        experimental: { passkey: true },
      },
    })
  : createMissingConfigClient(supabaseConfig.message)
