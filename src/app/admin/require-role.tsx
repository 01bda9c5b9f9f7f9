import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { paths } from '@/lib/paths'
import type { AppRole } from '@/features/account/api/types'
import { hasRole } from './roles'
import { useAdminSession } from './session-context'

/** Other roles go to the dashboard; the superadmin passes every list. */
export function RequireRole({ roles, children }: { roles?: readonly AppRole[]; children: ReactNode }) {
  const { profile } = useAdminSession()
  if (!profile) return <Navigate to={paths.home} replace />
  if (!hasRole(profile.role, roles)) return <Navigate to={paths.admin.dashboard} replace />
  return children
}
