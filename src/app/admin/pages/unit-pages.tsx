import { lazy } from 'react'
import { UnitPagesPage } from '@/features/admin-unit-pages/components/unit-pages-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'
import { useAdminSession } from '../session-context'

// The articles' editor, handed to the unit-pages screen (features do not import each other);
// it loads when a dialog first shows it.
const RichTextEditor = lazy(() => import('@/features/admin-content/components/rich-text/rich-text-editor'))

export const meta = adminMeta(paths.admin.unitPages)

export function Component() {
  useAdminMeta(meta)
  const { user } = useAdminSession()
  return <UnitPagesPage userId={user.id} RichTextEditor={RichTextEditor} />
}
