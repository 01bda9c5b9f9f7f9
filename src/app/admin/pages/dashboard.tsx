import { DashboardPage } from '@/features/admin-dashboard/components/dashboard-page'
import { IntegrityCard } from '@/features/admin-integrity/components/integrity-card'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { useAdminSession } from '../session-context'

export const meta = adminMeta(paths.admin.dashboard)

export function Component() {
  useAdminMeta(meta)
  const { profile } = useAdminSession()
  return <DashboardPage extraCards={profile.role === 'superadmin' ? <IntegrityCard /> : null} />
}
