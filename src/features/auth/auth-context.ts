import { createContext } from 'react'
import type { AuthError, Session, User } from '@supabase/supabase-js'
import type { LinkOutcome } from './auth-redirect'

export type SignUpData = {
  fullName: string
  username: string
  email: string
  password: string
  phoneNumber: string
}

export type AuthResult = { error: AuthError | Error | null; user?: User | null; session?: Session | null }

export type AuthContextValue = {
  session: Session | null
  user: User | null
  loading: boolean
  isSignedIn: boolean
  /** Signed in with the password, the code of the second step still to come. */
  secondStepPending: boolean
  /** What a mailed link (confirmation, recovery, or an expired one) brought the visitor back with. */
  linkOutcome: LinkOutcome
  dismissLinkOutcome: () => void
  signIn: (email: string, password: string) => Promise<AuthResult>
  signUp: (data: SignUpData) => Promise<AuthResult>
  signOut: () => Promise<AuthResult>
}

export const AuthContext = createContext<AuthContextValue | null>(null)
