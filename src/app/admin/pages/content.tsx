import { ContentPage } from '@/features/admin-content/components/content-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { useAdminSession } from '../session-context'
import { CONTENT_ROLES, hasRole } from '../roles'

export const meta = adminMeta(paths.admin.content)

export function Component() {
  useAdminMeta(meta)
  const { user, profile } = useAdminSession()
  return <ContentPage userId={user.id} canEdit={hasRole(profile.role, CONTENT_ROLES)} />
}
