import { createContext, useContext, useEffect } from 'react'

/**
 * Work that must outlive a lost session (an open editor with text in it) holds the signed-in
 * screen: while held, the session guard keeps rendering it with the last known account instead
 * of leaving for /login, and the holder asks for the password (and code) itself through these
 * functions, which sign the same account in again. A revocation still leaves at once.
 */
export type SessionHold = {
  hold: () => () => void
  /** False once the session has expired or ended. */
  signedIn: boolean
  /** The account that was signed in. */
  email: string
  /** Signs that account in again; `needsCode` when its new session still needs the second step. */
  signInAgain: (password: string) => Promise<{ needsCode: boolean }>
  confirmCode: (code: string) => Promise<void>
  /** What that account's second step is: the app's code, its security keys, or both. */
  secondStepMethods: () => Promise<{ code: boolean; securityKeys: { id: string; name: string }[] }>
  confirmWithKey: (factorId: string) => Promise<void>
  /**
   * The database refused a write because the second step is owed (made required, or reset and
   * signed in again): the hold lets go so the guard shows enrolment. Typed text is already kept in
   * this browser and offered back when the editor opens again.
   */
  enrol: () => void
  /**
   * Whether a failed write was refused until this account's second step (see `enrol`): the one
   * test every admin write goes through (src/app/admin/second-step-refusals.ts).
   */
  refusedForSecondStep: (error: unknown) => Promise<boolean>
}

/**
 * The `meta` key of a mutation whose caller answers a second-step refusal itself (the article
 * editor keeps the text and says so), so the admin area's shared answer leaves it alone.
 */
export const ANSWERS_SECOND_STEP = 'answersSecondStep'

export const SessionHoldContext = createContext<SessionHold | null>(null)

/** Holds the screen while mounted; null outside a guard that offers holding. */
export function useHoldSession(): SessionHold | null {
  const holder = useContext(SessionHoldContext)
  const hold = holder?.hold
  useEffect(() => hold?.(), [hold])
  return holder
}
