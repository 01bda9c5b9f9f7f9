import { DashboardPage } from '@/features/admin-dashboard/components/dashboard-page'
import { IntegrityCard } from '@/features/admin-integrity/components/integrity-card'
import { VisitorsToday } from '@/features/admin-stats/components/visitors-today'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { CONTENT_ROLES, hasRole } from '../roles'
import { useAdminSession } from '../session-context'

export const meta = adminMeta(paths.admin.dashboard)

export function Component() {
  useAdminMeta(meta)
  const { profile } = useAdminSession()
  return (
    <DashboardPage
      extraCards={profile.role === 'superadmin' ? <IntegrityCard /> : null}
      visitorsToday={hasRole(profile.role, CONTENT_ROLES) ? <VisitorsToday /> : '-'}
    />
  )
}
