import { useEffect } from 'react'
import { mainNavItems, accountNavItem } from './nav-items'
import type { RouteMeta } from '@/lib/route-module'

const TITLE_SUFFIX = 'Admin SKD 31'

/** An admin page's meta: its title is the sidebar's name for it. */
export const adminMeta = (path: string) => (): RouteMeta => ({
  title: [...mainNavItems, accountNavItem].find((item) => item.path === path)?.name ?? null,
})

/** The admin page's title in the tab while it is shown (admin pages are never indexed or shared). */
export function useAdminMeta(meta: () => RouteMeta) {
  const { title } = meta()
  useEffect(() => {
    const previous = document.title
    document.title = `${title} | ${TITLE_SUFFIX}`
    return () => {
      document.title = previous
    }
  }, [title])
}
