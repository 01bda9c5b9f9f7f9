import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { Session, User } from '@supabase/supabase-js'
import { toast } from '@/lib/toast'
import { loadSupabase } from '@/lib/supabase-lazy'
import { AuthContext, type AuthContextValue, type SignUpData } from './auth-context'
import { getProfileStatus } from './api/get-profile-status'
import { clearErrorFragment, initialLinkOutcome, type LinkOutcome } from './auth-redirect'
import { mayHaveSession } from './may-have-session'
import { handoffWaiting, takeHandoff } from './api/take-handoff'

// Sign-out failures that only mean "nothing to sign out from".
const ALREADY_SIGNED_OUT = /(user|session|refresh token).*not found|session.*missing|session_not_found|user_not_found/i

/**
 * The error wording (with the storage and auth tables) loads when a sign-in or sign-out fails:
 * every public page runs this provider, and almost no visitor ever sees one of those messages.
 */
async function describeLater(error: unknown): Promise<string> {
  return (await import('@/lib/error-messages')).describeError(error)
}

export function isAlreadySignedOutError(error: { message?: string; code?: string } | null | undefined) {
  if (!error) return false
  return ALREADY_SIGNED_OUT.test(error.code ?? '') || ALREADY_SIGNED_OUT.test(error.message ?? '')
}

/**
 * A session that still owes its second step (aal1 for an account with a verified factor, as
 * supabase-js's getAuthenticatorAssuranceLevel reads it): the public shell offers no dashboard
 * before the code is entered.
 */
function secondStepPending(session: Session | null): boolean {
  if (!session?.user.factors?.some((factor) => factor.status === 'verified')) return false
  try {
    const payload = session.access_token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    return (JSON.parse(atob(payload)) as { aal?: unknown }).aal !== 'aal2'
  } catch {
    return true
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null)
  const [user, setUser] = useState<User | null>(null)
  const [authLoading, setLoading] = useState(true)
  // A confirmation link signs the member in (GoTrue issues a session), but the account still
  // waits for approval: that session is ended at once and never shown as signed in.
  const [linkOutcome, setLinkOutcome] = useState<LinkOutcome>(() =>
    initialLinkOutcome.kind === 'confirmed' ? { kind: 'none' } : initialLinkOutcome,
  )
  const confirming = useRef(initialLinkOutcome.kind === 'confirmed')
  const ending = useRef(false)

  useEffect(() => clearErrorFragment(), [])

  // supabase-js (~50 kB gz) is loaded only for a visitor who may be signed in or is signing in.
  const [wanted, setWanted] = useState(false)
  const want = useCallback(() => {
    setWanted(true)
    return loadSupabase()
  }, [])
  // null while the server renders and the page hydrates: both show the same "loading" state.
  // Read after hydration as a transition: a store read that differs from the server's value would
  // make React render every auth consumer again at once, in one long task on a slow phone.
  const [mayBeSignedIn, setMayBeSignedIn] = useState<boolean | null>(null)
  useEffect(() => startTransition(() => setMayBeSignedIn(mayHaveSession())), [])
  const active = wanted || mayBeSignedIn === true
  const loading = mayBeSignedIn === null || (active && authLoading)

  useEffect(() => {
    if (!active) return
    let unsubscribe: (() => void) | undefined
    let cancelled = false
    void loadSupabase().then(async (supabase) => {
      // A session the /login form signed in before the app ran is taken first, so the first
      // state the app reports (INITIAL_SESSION) is already signed in.
      if (handoffWaiting()) await takeHandoff(supabase)
      if (cancelled) return
      const endConfirmationSession = async (userId: string) => {
        const approved = await getProfileStatus(userId).then((status) => status === 'approved', () => false)
        await supabase.auth.signOut({ scope: 'local' })
        confirming.current = false
        setSession(null)
        setUser(null)
        setLoading(false)
        setLinkOutcome({ kind: 'confirmed', approved })
      }
      const {
        data: { subscription },
      } = supabase.auth.onAuthStateChange((event, nextSession) => {
        // Only synchronous state updates here: awaiting a supabase call inside this
        // callback deadlocks the client's auth lock.
        if (confirming.current) {
          if (nextSession) {
            if (!ending.current) setTimeout(() => void endConfirmationSession(nextSession.user.id), 0)
            ending.current = true
            return
          }
          if (event === 'INITIAL_SESSION') {
            confirming.current = false
            setLinkOutcome({ kind: 'confirmed', approved: false })
          }
        }
        if (event === 'PASSWORD_RECOVERY') setLinkOutcome({ kind: 'recovery' })
        setSession(nextSession)
        setUser(nextSession?.user ?? null)
        if (event === 'INITIAL_SESSION') setLoading(false)
      })
      unsubscribe = () => subscription.unsubscribe()
    })
    return () => {
      cancelled = true
      unsubscribe?.()
    }
  }, [active])

  const signOut = useCallback(async () => {
    const supabase = await want()
    // this device only: supabase-js's default (global) would end the member's other devices too
    const { error } = await supabase.auth.signOut({ scope: 'local' })
    if (error && !isAlreadySignedOutError(error)) {
      toast.error('Sign out Failed', { description: await describeLater(error) })
      return { error }
    }
    if (error) console.warn('Sign-out: session already gone on the server.', error.message)
    // The client drops the stored session itself; clear ours even if no event arrives.
    setSession(null)
    setUser(null)
    return { error: null }
  }, [want])

  const hasStaleUser = !loading && user !== null && session === null
  useEffect(() => {
    if (!hasStaleUser) return
    console.warn('Stale user session detected. Clearing state.')
    const timer = setTimeout(() => void signOut(), 0)
    return () => clearTimeout(timer)
  }, [hasStaleUser, signOut])

  const signIn = useCallback(async (email: string, password: string) => {
    const supabase = await want()
    const { data, error } = await supabase.auth.signInWithPassword({ email, password })
    if (error) toast.error('Sign in Failed', { description: await describeLater(error) })
    return { error, user: data.user, session: data.session }
  }, [want])

  const signUp = useCallback(async (data: SignUpData) => {
    const supabase = await want()
    const { data: result, error } = await supabase.auth.signUp({
      email: data.email,
      password: data.password,
      options: {
        data: { full_name: data.fullName, username: data.username, phone_number: data.phoneNumber },
        emailRedirectTo: `${window.location.origin}/login`,
      },
    })
    // the registration form says it once, as 'Pendaftaran Gagal' (SPEC.md), with the field marked
    return { error, user: result.user, session: result.session }
  }, [want])

  const dismissLinkOutcome = useCallback(() => setLinkOutcome({ kind: 'none' }), [])

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      user,
      loading,
      isSignedIn: Boolean(user && session),
      secondStepPending: secondStepPending(session),
      linkOutcome,
      dismissLinkOutcome,
      signIn,
      signUp,
      signOut,
    }),
    [session, user, loading, linkOutcome, dismissLinkOutcome, signIn, signUp, signOut],
  )

  return <AuthContext value={value}>{children}</AuthContext>
}
