import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/lib/database.types'
import { HANDOFF_MARKER_COOKIE, HANDOFF_PATH } from './handoff-names'

/** True when the /login form signed in without the app and left a session for it to take. */
export function handoffWaiting(): boolean {
  if (typeof document === 'undefined') return false
  return document.cookie.split(/;\s*/).some((cookie) => cookie.startsWith(`${HANDOFF_MARKER_COOKIE}=`))
}

/**
 * Takes the session the site server kept for this browser (once; the code travels in an HttpOnly
 * cookie, never in a URL) into supabase-js's own storage, as if the app had signed in itself.
 * Nothing to take, or a failure, leaves the visitor signed out: they sign in again.
 */
export async function takeHandoff(supabase: SupabaseClient<Database>): Promise<void> {
  const answer = await fetch(HANDOFF_PATH, { method: 'POST', credentials: 'same-origin' }).catch(() => null)
  if (!answer?.ok) return
  const session = (await answer.json()) as { access_token: string; refresh_token: string }
  const { error } = await supabase.auth.setSession(session)
  if (error) console.warn('The session signed in by the form could not be taken over.', error.message)
}
