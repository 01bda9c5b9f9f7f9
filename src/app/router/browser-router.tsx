import { createContext, use, useLayoutEffect, useState, useTransition, type ReactNode } from 'react'
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
  type Location,
  type NavigationType,
} from 'react-router'

type Navigation = { pending: boolean; latestKey: string }

const NavigationContext = createContext<Navigation | null>(null)

/** True while a navigation waits for the next page's code (the old page stays on screen). */
export const useNavigationPending = () => use(NavigationContext)?.pending ?? false

/**
 * The key of the newest history entry, which is ahead of useLocation() while the next page loads.
 * State tied to "this page" (an open menu) uses it, so a navigation finishing later does not undo
 * what the visitor did in the meantime.
 */
export function useLatestLocationKey() {
  const rendered = useLocation().key
  return use(NavigationContext)?.latestKey ?? rendered
}

type HistoryState = { action: NavigationType; location: Location }

/**
 * React Router's BrowserRouter (declarative mode: no data router in the browser bundle), with the
 * navigation's transition exposed so the layout can show that the next page is loading.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }))
  const [state, setState] = useState<HistoryState>(() => ({ action: history.action, location: history.location }))
  const [latestKey, setLatestKey] = useState(history.location.key)
  const [pending, startTransition] = useTransition()
  useLayoutEffect(
    () =>
      history.listen((update) => {
        setLatestKey(update.location.key)
        startTransition(() => setState(update))
      }),
    [history],
  )
  return (
    <NavigationContext value={{ pending, latestKey }}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationContext>
  )
}
