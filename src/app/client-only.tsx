import { useSyncExternalStore, type ReactNode } from 'react'

const subscribe = () => () => {}

/**
 * Renders its children only in the browser, after hydration; the server and the first client
 * render show the fallback. For forms that must not be used before their JavaScript runs (a
 * native submit of the login form would put the password into the URL).
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const hydrated = useSyncExternalStore(subscribe, () => true, () => false)
  return hydrated ? children : fallback
}
