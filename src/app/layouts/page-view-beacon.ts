import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { hasStoredSession } from '@/lib/public-api'
import { useRenderContext } from '@/lib/render-context'

const shown = () => document.visibilityState === 'visible' && !(document as { prerendering?: boolean }).prerendering

/**
 * Counts each public page once it is shown to a person (decision 0044): after the page is visible,
 * on load and on every client-side navigation. A stored session (staff, and their draft previews)
 * is not counted; the database leaves out bots, prefetches, Sec-GPC and DNT. No cookie and no
 * stored id: the database tells visitors apart for one day only.
 */
export function usePageViewBeacon() {
  const { pathname } = useLocation()
  const { api } = useRenderContext()
  // the referring site counts for the page the reader arrived on, not for later navigations
  const landing = useRef(true)
  useEffect(() => {
    let referrer = ''
    if (landing.current) {
      landing.current = false
      try {
        const host = new URL(document.referrer).hostname
        if (host !== location.hostname && /^[a-z0-9.-]{1,253}$/.test(host)) referrer = host
      } catch {
        // no referrer, or not a URL: a direct visit
      }
    }
    const send = () => {
      if (!shown()) return
      stop()
      if (!hasStoredSession()) api.countView(pathname, referrer)
    }
    const stop = () => {
      document.removeEventListener('visibilitychange', send)
      document.removeEventListener('prerenderingchange', send)
    }
    document.addEventListener('visibilitychange', send)
    document.addEventListener('prerenderingchange', send)
    send()
    return stop
  }, [pathname, api])
}
