import { DocumentsPage } from '@/features/admin-documents/components/documents-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { useAdminSession } from '../session-context'

export const meta = adminMeta(paths.admin.documents)

export function Component() {
  useAdminMeta(meta)
  const { user } = useAdminSession()
  return <DocumentsPage userId={user.id} />
}
