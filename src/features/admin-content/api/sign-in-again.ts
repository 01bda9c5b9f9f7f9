import type { AuthErrorCode } from '@/lib/auth-error-codes'
import { supabase } from '@/lib/supabase'

/** Failures that mean the request went without a live session (PostgREST's JWT errors, GoTrue's). */
const ENDED: AuthErrorCode[] = ['session_expired', 'session_not_found', 'refresh_token_not_found']
const SESSION_CODES = new Set<string>(['PGRST301', 'PGRST303', ...ENDED])

export function isSessionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, status } = error as { code?: unknown; status?: unknown }
  return (typeof code === 'string' && SESSION_CODES.has(code)) || status === 401
}

/** Whether this browser still holds a session (auth-js refreshes an expired one here, or drops it). */
export async function hasLiveSession(): Promise<boolean> {
  const { data, error } = await supabase.auth.getSession()
  return !error && data.session !== null
}
