import { GalleryPage } from '@/features/admin-gallery/components/gallery-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { useAdminSession } from '../session-context'
import { CONTENT_ROLES, hasRole } from '../roles'

export const meta = adminMeta(paths.admin.gallery)

export function Component() {
  useAdminMeta(meta)
  const { profile } = useAdminSession()
  return <GalleryPage canEdit={hasRole(profile.role, CONTENT_ROLES)} />
}
