import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import type { User } from '@supabase/supabase-js'
import { toast } from '@/lib/toast'
import { useAuth } from '@/features/auth'
import { supabase } from '@/lib/supabase'
import { adminChannel } from '@/lib/admin-channel'
import { paths } from '@/lib/paths'
import { queryKeys } from '@/lib/query-keys'
import { useOwnProfile } from '@/features/account/api/get-own-profile'
import type { Profile } from '@/features/account/api/types'
import { SecondStepGate } from './second-step-gate'
import { AdminSessionContext, type AdminSession } from './session-context'
import { SessionHoldContext, type SessionHold } from '@/lib/session-hold'
import { ValidatingScreen } from './validating-screen'
import { confirmCode, confirmWithKey, secondStepMethods, signInAgain } from './sign-in-again'
import { secondStepOwed } from './second-step-owed'
import { endSessionHere, isSessionEndedNotice } from './session-ended'

export const REVOKED_TITLE = 'Akses Dicabut'
const REVOKED_DESCRIPTION = 'Akun Anda tidak lagi memiliki akses ke area admin.'
const FALLBACK_POLL_MS = 10_000

/**
 * Lets only approved profiles into the admin area and throws them out the moment that stops
 * being true: on load, and live through a realtime subscription on the user's own row.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { user, loading, isSignedIn, signOut } = useAuth()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const userId = user?.id
  // While the realtime channel is down, re-read the row now and then so a revocation still lands.
  const [live, setLive] = useState(false)
  const profileQuery = useOwnProfile(userId, { pollMs: live ? undefined : FALLBACK_POLL_MS })
  const [exitTo, setExitTo] = useState<string | null>(null)
  const leaving = useRef(false)
  // An open editor keeps the screen through an expired session and signs in again itself.
  const [holds, setHolds] = useState(0)
  const hold = useCallback(() => {
    setHolds((n) => n + 1)
    return () => setHolds((n) => n - 1)
  }, [])
  // Set by a write refused for want of a second step: the hold no longer keeps the gate away.
  const [owed, setOwed] = useState(false)
  if (owed && holds === 0) setOwed(false)
  const enrol = useCallback(() => {
    setOwed(true)
    // the gate decides on the setting and the session's level as they are now, not as cached
    void queryClient.invalidateQueries({ queryKey: queryKeys.security.all })
  }, [queryClient])
  const [lastSession, setLastSession] = useState<{ user: User; profile: Profile } | null>(null)
  const email = lastSession?.user.email ?? ''
  const role = lastSession?.profile.role
  const holder = useMemo<SessionHold>(
    () => ({ hold, signedIn: isSignedIn, email, signInAgain: (password) => signInAgain(email, password), confirmCode, secondStepMethods, confirmWithKey, enrol,
      secondStepOwed: async () => role !== undefined && (await secondStepOwed(role)) }),
    [hold, isSignedIn, email, enrol, role],
  )

  const leave = useCallback(
    async (to: string) => {
      if (leaving.current) return
      leaving.current = true
      setExitTo(to)
      try {
        await signOut()
      } finally {
        // A later sign-in must load the profile afresh, never a cached revoked one.
        queryClient.removeQueries({ queryKey: queryKeys.profiles.all })
        void navigate(to, { replace: true })
      }
    },
    [signOut, queryClient, navigate],
  )

  const revoke = useCallback(() => {
    if (leaving.current) return
    toast.error(REVOKED_TITLE, { description: REVOKED_DESCRIPTION })
    void leave(paths.login)
  }, [leave])

  const heldRef = useRef(false)
  useEffect(() => {
    heldRef.current = holds > 0
  }, [holds])
  const revokeRef = useRef(revoke)
  useEffect(() => {
    revokeRef.current = revoke
  }, [revoke])

  const profile = profileQuery.data
  const loadFailed = profileQuery.isError && profile === undefined
  const notAllowed = profile === null || (profile !== undefined && profile.status !== 'approved')
  useEffect(() => {
    if (isSignedIn && (loadFailed || notAllowed)) revokeRef.current()
  }, [isSignedIn, loadFailed, notAllowed])

  useEffect(() => {
    if (!userId) return
    const key = queryKeys.profiles.detail(userId)
    const channel = adminChannel(supabase, `admin-profile:${userId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'profiles', filter: `id=eq.${userId}` },
        (payload) => {
          if (payload.eventType === 'DELETE') return revokeRef.current()
          if (payload.eventType !== 'UPDATE') return
          const next = payload.new as Partial<Profile>
          if (next.status !== 'approved') return revokeRef.current()
          queryClient.setQueryData<Profile | null>(key, (prev) => (prev ? { ...prev, ...next } : prev))
        },
      )
      .on('system', {}, (payload: unknown) => {
        // a suspension's own-row UPDATE comes first and has already left with 'Akses Dicabut'
        if (isSessionEndedNotice(payload) && !leaving.current) void endSessionHere(heldRef.current)
      })
      .subscribe((status, error) => {
        setLive(status === 'SUBSCRIBED')
        // Changes made while the socket was down are not replayed; re-read the row instead.
        if (status === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey: key })
        if (error) console.warn('Profile subscription failed:', error.message)
      })
    return () => {
      setLive(false)
      void supabase.removeChannel(channel)
    }
  }, [userId, queryClient])

  const current = isSignedIn && user && profile && profile.status === 'approved' ? { user, profile } : null
  if (current && (current.user !== lastSession?.user || current.profile !== lastSession.profile)) setLastSession(current)

  // One tree whether held or not, so holding never remounts the page under it.
  const held = holds > 0 && lastSession !== null && !exitTo && !owed
  const shown = current ?? (held ? lastSession : null)
  if (!held) {
    if (loading) return <ValidatingScreen />
    if (!isSignedIn || !user) return <Navigate to={exitTo ?? paths.login} replace />
  }
  if (!shown) return <ValidatingScreen />
  return (
    <SecondStepGate userId={shown.user.id} role={shown.profile.role} onSignOut={() => void leave(paths.login)} loading={<ValidatingScreen />} held={held}>
      <SessionHoldContext.Provider value={holder}>
        <SessionProvider user={shown.user} profile={shown.profile} signOutTo={leave}>
          {children}
        </SessionProvider>
      </SessionHoldContext.Provider>
    </SecondStepGate>
  )
}

function SessionProvider({ children, ...session }: AdminSession & { children: ReactNode }) {
  const { user, profile, signOutTo } = session
  const value = useMemo<AdminSession>(() => ({ user, profile, signOutTo }), [user, profile, signOutTo])
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>
}
