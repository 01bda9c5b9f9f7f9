import { createContext, use, useLayoutEffect, useState, useTransition, type ReactNode } from 'react'
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router'

const NavigationPendingContext = createContext(false)

/** True while a navigation waits for the next page's code (the old page stays on screen). */
export const useNavigationPending = () => use(NavigationPendingContext)

type HistoryState = { action: NavigationType; location: Location }

/**
 * React Router's BrowserRouter (declarative mode: no data router in the browser bundle), with the
 * navigation's transition exposed so the layout can show that the next page is loading.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }))
  const [state, setState] = useState<HistoryState>(() => ({ action: history.action, location: history.location }))
  const [pending, startTransition] = useTransition()
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history])
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext>
  )
}
