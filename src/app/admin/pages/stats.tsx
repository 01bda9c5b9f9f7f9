import { StatsPage } from '@/features/admin-stats/components/stats-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'

export const meta = adminMeta(paths.admin.stats)

export function Component() {
  useAdminMeta(meta)
  return <StatsPage />
}
