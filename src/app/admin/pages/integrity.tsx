import { IntegrityPage } from '@/features/admin-integrity/components/integrity-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'

export const meta = adminMeta(paths.admin.integrity)

export function Component() {
  useAdminMeta(meta)
  return <IntegrityPage />
}
