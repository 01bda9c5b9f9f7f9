import { getAssurance } from '@/features/account/api/assurance'
import type { AppRole } from '@/features/account/api/types'
import { getSecondStepRequired } from '@/features/admin-users/api/security-settings'
import { CONTENT_ROLES, hasRole } from './roles'

/**
 * True when private.second_step_satisfied() refuses this session's staff writes, read as the gate
 * reads it. An update the policy refuses changes no row and names no policy, so a failed save asks.
 */
export async function secondStepOwed(role: AppRole): Promise<boolean> {
  const { current, next } = await getAssurance()
  if (next === 'aal2') return current !== 'aal2'
  return hasRole(role, CONTENT_ROLES) && (await getSecondStepRequired())
}
