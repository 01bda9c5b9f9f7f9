import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { SESSION_ENDED_ELSEWHERE } from '@/lib/error-messages'
import { SIGN_IN_AGAIN_TITLE } from '@/features/admin-content/components/sign-in-again-dialog'

/** The server's reason when it closes a channel whose session ended (GoTrue's session_not_found text). */
const SESSION_ENDED_NOTICE = 'Session from session_id claim in JWT does not exist'

/** True for the realtime `system` message that closes a channel because its session ended. */
export function isSessionEndedNotice(payload: unknown): boolean {
  const message = (payload as { status?: unknown; message?: unknown } | null)
  return message?.status === 'error' && message.message === SESSION_ENDED_NOTICE
}

/**
 * The session was ended elsewhere (another device, a password change, a reset by a superadmin):
 * the refresh fails for want of a session, which makes supabase-js sign this tab out at once, so
 * it goes the way an expired session goes: an open editor keeps its text and asks for the
 * password over it ('Sesi Berakhir'), any other screen goes to /login.
 */
export async function endSessionHere(held: boolean): Promise<void> {
  if (!held) toast.error(SIGN_IN_AGAIN_TITLE, { description: SESSION_ENDED_ELSEWHERE })
  const { error } = await supabase.auth.refreshSession()
  if (!error) return
  // a refresh that failed for another reason (offline) must still not leave a dead session in use
  const { data } = await supabase.auth.getSession()
  if (data.session) await supabase.auth.signOut({ scope: 'local' })
}
