import { AuditPage } from '@/features/admin-audit/components/audit-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'

export const meta = adminMeta(paths.admin.auditLog)

export function Component() {
  useAdminMeta(meta)
  return <AuditPage />
}
