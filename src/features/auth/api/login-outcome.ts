import { createContext, useSyncExternalStore } from 'react'
import { usePostedOutcome } from '@/lib/posted-form'
import type { LoginRefusal } from './form-sign-in'

/** The refusal the server's render of /login shows (per request, never shared between renders). */
export const LoginRefusalContext = createContext<LoginRefusal | null>(null)

/**
 * The refusal this page was rendered with: in the server's render from the context, in the
 * browser from the state the server handed over, once (coming back to /login later in the same
 * visit starts with a clean form).
 */
export function useLoginRefusal(): LoginRefusal | null {
  return usePostedOutcome(LoginRefusalContext, 'loginRefusal')
}

const subscribe = () => () => {}

/**
 * False in the server's render and while the browser hydrates it, true after: what only the
 * browser knows (a mailed link's fragment, a stored session) changes the screen only then, so
 * hydration meets the markup the server sent.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false)
}
