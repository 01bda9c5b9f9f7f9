import { hasStoredSession } from '@/lib/public-api'
import { handoffWaiting } from './api/take-handoff'

/**
 * True when this visit may involve a signed-in user: a stored session, tokens or an error coming
 * back in the URL from an e-mail link, a session the /login form signed in without the app, or the
 * login and admin screens. Anywhere else the visitor
 * is anonymous and the auth client is not loaded until they act.
 */
export function mayHaveSession(): boolean {
  if (hasStoredSession() || handoffWaiting()) return true
  const { pathname, hash, search } = window.location
  if (/access_token|refresh_token|error_description|[?&]code=/.test(hash + search)) return true
  return pathname === '/login' || pathname.startsWith('/admin')
}
