import { MyAccountPage } from '@/features/account/components/my-account-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { useAdminSession } from '../session-context'

export const meta = adminMeta(paths.admin.myAccount)

export function Component() {
  useAdminMeta(meta)
  const { user, profile, signOutTo } = useAdminSession()
  return <MyAccountPage profile={profile} email={user.email ?? profile.email ?? ''} signOutTo={signOutTo} />
}
