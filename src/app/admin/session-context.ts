import { createContext, useContext } from 'react'
import type { User } from '@supabase/supabase-js'
import type { Profile } from '@/features/account/api/types'

export type AdminSession = {
  user: User
  profile: Profile
  /** Signs out and leaves the admin area for `to` (the session guard would otherwise pick /login). */
  signOutTo: (to: string) => Promise<void>
}

export const AdminSessionContext = createContext<AdminSession | null>(null)

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext)
  if (!session) throw new Error('useAdminSession must be used inside <SessionGuard>')
  return session
}
