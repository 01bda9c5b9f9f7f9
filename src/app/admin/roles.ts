import type { AppRole } from '@/features/account/api/types'

/** The superadmin passes every list; no list means any approved role. */
export function hasRole(role: AppRole, allowed: readonly AppRole[] | undefined): boolean {
  return role === 'superadmin' || !allowed || allowed.includes(role)
}
