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
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Page = component
      },
      (error: unknown) => {
        // A failed chunk (offline, or removed by a new deployment) may load on a later visit.
        loading = undefined
        throw error
      },
    ))
  function LazyRoute() {
    if (!Page) use(preload())
    return createElement(Page!)
  }
  return Object.assign(LazyRoute, { preload })
}
