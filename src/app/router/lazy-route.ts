import { createElement, use, type ComponentType } from 'react'
import type { AnyRouteModule } from '@/lib/route-module'

/** A route's module, loaded on first use; `preload` lets the first render find it already there. */
export type LazyRouteComponent = ComponentType & {
  preload: () => Promise<void>
  /** The loaded module (its loader and meta), for the server's render. */
  load: () => Promise<AnyRouteModule>
}

/**
 * React.lazy always suspends on its first render, even when its module is already loaded, and a
 * page that suspends while hydrating leaves the server's HTML unhydrated for a turn. This wrapper
 * renders synchronously once `preload` has finished, so the browser can load the page's chunk
 * first and then hydrate in one pass. `wrap` puts the page inside something the table owns (the
 * admin area's role check).
 */
export function lazyRoute(load: () => Promise<AnyRouteModule>, wrap?: (page: ComponentType, module: AnyRouteModule) => ComponentType): LazyRouteComponent {
  let Page: ComponentType | undefined
  let loading: Promise<AnyRouteModule> | undefined
  // A failed load stays failed until the page is reloaded (the error screen asks for that):
  // trying again on every render would suspend for ever on a chunk a new deployment removed.
  const loadModule = () =>
    (loading ??= load().then((module) => {
      Page = wrap ? wrap(module.Component, module) : module.Component
      return module
    }))
  const preload = async () => {
    await loadModule()
  }
  function LazyRoute() {
    if (!Page) use(loadModule())
    return createElement(Page!)
  }
  return Object.assign(LazyRoute, { preload, load: loadModule })
}
