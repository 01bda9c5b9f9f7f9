import { useEffect } from 'react'
import { preloadRichTextEditor } from '@/components/rich-text'
import type { LazyRouteComponent } from '../router/lazy-route'
import { CONTENT_ROLES, hasRole } from './roles'
import { adminRoutes, type AdminHandle } from './routes'
import { useAdminSession } from './session-context'

// Safari has no requestIdleCallback: a short timeout stands in.
const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 3_000 }) : setTimeout(work, 500)

/**
 * Once the admin area shows, the browser fetches (while idle) the page chunks this role may open,
 * and the rich-text editor for those who write: a first open of another page then waits only for
 * its data, not for a chunk on a slow connection (issue 33 measured 1.2 to 2.7 s cold).
 */
export function PrefetchPages() {
  const { role } = useAdminSession().profile
  useEffect(() => {
    const pages = adminRoutes.flatMap((route) => {
      const component = route.Component as Partial<LazyRouteComponent> | undefined
      const roles = (route.handle as AdminHandle | undefined)?.roles
      return component?.preload && route.path !== '*' && hasRole(role, roles) ? [component.preload] : []
    })
    if (hasRole(role, CONTENT_ROLES)) pages.push(preloadRichTextEditor)
    // a chunk that fails here is fetched (and its failure shown) again when the page opens
    for (const preload of pages) whenIdle(() => void preload().catch(() => undefined))
  }, [role])
  return null
}
