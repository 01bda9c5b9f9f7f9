import { useEffect } from 'react'
import { useQueryClient, type Mutation } from '@tanstack/react-query'
import { isAuthError } from '@supabase/supabase-js'
import { toast } from '@/lib/toast'
import { isSecondStepRefusal, SECOND_STEP_OWED_REPEAT, SECOND_STEP_OWED_TITLE } from '@/lib/error-messages'
import { hasLiveSession, isSessionError } from '@/features/admin-content/api/sign-in-again'
import type { AppRole } from '@/features/account/api/types'
import { ANSWERS_SECOND_STEP } from '@/lib/session-hold'
import { secondStepOwed } from './second-step-owed'

/** One toast however many writes a page had under way when the rule arrived. */
export const SECOND_STEP_TOAST_ID = 'second-step-owed'

/**
 * Whether `error` is a staff write the database refused until the second step: an insert names the
 * policy ("Second step for ..."); an update or delete it refuses just changes no row and fails some
 * other way, so a failure of a live session also asks what the gate asks (the setting and the
 * session's level). An ended session is the sign-in's business, not enrolment's.
 */
export async function refusedForSecondStep(error: unknown, role: AppRole): Promise<boolean> {
  if (isSecondStepRefusal(error)) return true
  // the auth server's answers (a wrong code on the enrolment screen itself...) are not refused writes
  if (isAuthError(error)) return false
  if (isSessionError(error) || !(await hasLiveSession().catch(() => false))) return false
  return secondStepOwed(role).catch(() => false)
}

const answersItself = (mutation: Mutation<unknown, unknown, unknown, unknown>) => mutation.meta?.[ANSWERS_SECOND_STEP] === true

/**
 * Every write of the admin area (every useMutation) that is refused for want of a second step
 * sends the admin to enrolment, as the article editor's save does: one handler over the mutation
 * cache, so a page needs nothing of its own and a new page cannot forget it.
 */
export function useSecondStepRefusals(role: AppRole | undefined, enrol: () => void) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (role === undefined) return
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error' || answersItself(event.mutation)) return
      void refusedForSecondStep(event.action.error, role).then((owed) => {
        if (!owed) return
        toast.error(SECOND_STEP_OWED_TITLE, { id: SECOND_STEP_TOAST_ID, description: SECOND_STEP_OWED_REPEAT })
        enrol()
      })
    })
  }, [queryClient, role, enrol])
}
