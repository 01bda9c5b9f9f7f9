import { createElement, use, type ComponentType } from 'react'

/** A route's page, loaded on first use; `preload` lets the first render find it already there. */
export type LazyRouteComponent = ComponentType & { preload: () => Promise<void> }

/**
 * React.lazy always suspends on its first render, even when its module is already loaded, and a
 * page that suspends while hydrating leaves the server's HTML unhydrated for a turn. This wrapper
 * renders synchronously once `preload` has finished, so the browser can load the page's chunk
 * first and then hydrate in one pass.
 */
export function lazyRoute(load: () => Promise<ComponentType>): LazyRouteComponent {
  let Page: ComponentType | undefined
  let loading: Promise<void> | undefined
  // A failed load stays failed until the page is reloaded (the error screen asks for that):
  // trying again on every render would suspend for ever on a chunk a new deployment removed.
  const preload = () =>
    (loading ??= load().then((component) => {
      Page = component
    }))
  function LazyRoute() {
    if (!Page) use(preload())
    return createElement(Page!)
  }
  return Object.assign(LazyRoute, { preload })
}
