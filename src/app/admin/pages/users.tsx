import { UsersPage } from '@/features/admin-users/components/users-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { useAdminSession } from '../session-context'

export const meta = adminMeta(paths.admin.users)

export function Component() {
  useAdminMeta(meta)
  const { user } = useAdminSession()
  return <UsersPage currentUserId={user.id} />
}
