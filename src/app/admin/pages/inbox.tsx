import { InboxPage } from '@/features/admin-inbox/components/inbox-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'

export const meta = adminMeta(paths.admin.inbox)

export function Component() {
  useAdminMeta(meta)
  return <InboxPage />
}
