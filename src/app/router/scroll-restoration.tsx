import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType, type Location } from 'react-router'

const STORAGE_KEY = 'scroll-positions'

// Every document load starts at history key "default", so the key alone would hand a freshly
// loaded page the scroll position saved for whatever page the previous document showed.
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname + location.search : location.key)

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * Back and forward return to where the reader was; a new page starts at the top, or at its #hash.
 * The positions survive a reload (session storage), as the browser's own restoration would.
 */
export function ScrollRestoration() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef<Record<string, number>>(null)
  const current = useRef({ key: scrollKey(location), y: 0 })

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const remember = () => {
      current.current.y = window.scrollY
    }
    const onPageHide = () => {
      positions.current![current.current.key] = current.current.y
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current))
      } catch {
        // Storage full or blocked: restoring is a nicety.
      }
    }
    window.addEventListener('scroll', remember, { passive: true })
    // Scroll events wait for the next frame: a link pressed right after scrolling would otherwise
    // leave its page with the position from before.
    document.addEventListener('click', remember, { capture: true })
    window.addEventListener('pagehide', onPageHide)
    return () => {
      document.removeEventListener('click', remember, { capture: true })
      window.removeEventListener('scroll', remember)
      window.removeEventListener('pagehide', onPageHide)
    }
  }, [])

  useLayoutEffect(() => {
    positions.current ??= readSaved()
    const key = scrollKey(location)
    if (current.current.key !== key) positions.current[current.current.key] = current.current.y
    current.current = { key, y: window.scrollY }
    const saved = positions.current[key]
    if (navigationType === 'POP' || location.key === 'default') {
      if (saved !== undefined) window.scrollTo(0, saved)
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView()
    } else {
      window.scrollTo(0, 0)
    }
  }, [location, navigationType])

  return null
}
