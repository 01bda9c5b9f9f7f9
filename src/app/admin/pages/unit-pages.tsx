import { UnitPagesPage } from '@/features/admin-unit-pages/components/unit-pages-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { useAdminSession } from '../session-context'

export const meta = adminMeta(paths.admin.unitPages)

export function Component() {
  useAdminMeta(meta)
  const { user } = useAdminSession()
  return <UnitPagesPage userId={user.id} />
}
