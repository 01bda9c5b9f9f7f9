import type { AppRole } from '@/features/account/api/types'

export const CONTENT_ROLES = ['admin', 'superadmin'] as const satisfies readonly AppRole[]
export const USER_ADMIN_ROLES = ['superadmin'] as const satisfies readonly AppRole[]

/** The superadmin passes every list; no list means any approved role. */
export function hasRole(role: AppRole, allowed: readonly AppRole[] | undefined): boolean {
  return role === 'superadmin' || !allowed || allowed.includes(role)
}
