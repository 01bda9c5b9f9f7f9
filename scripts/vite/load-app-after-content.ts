import type { Plugin } from 'vite'

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

/**
 * Runs in the page (stringified): starts the app once a server-rendered page has loaded and
 * painted, or 3 s after the paint if loading takes longer. Waiting for the paint and the load uses
 * the Paint Timing API and events, not timers, so a test clock that stops timers does not stop the
 * app.
 */
function loadApp(entry: string, preloads: string[]) {
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const href of preloads) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    void import(entry)
  }
  if (!document.getElementById('root')?.hasChildNodes()) return start()
  let loaded = document.readyState === 'complete'
  // A browser without Paint Timing, or a tab opened in the background, starts on load alone.
  let painted = !PerformanceObserver.supportedEntryTypes?.includes('paint') || document.visibilityState === 'hidden'
  const startWhenReady = () => {
    if (!painted) return
    if (loaded) start()
    // An image that never finishes must not keep the page from working.
    else setTimeout(start, 3000)
  }
  if (!painted) {
    new PerformanceObserver((_, observer) => {
      observer.disconnect()
      painted = true
      startWhenReady()
    }).observe({ type: 'paint', buffered: true })
  }
  if (!loaded) addEventListener('load', () => ((loaded = true), startWhenReady()), { once: true })
  startWhenReady()
}

/**
 * The browser code starts loading once a server-rendered page has loaded and painted, not while
 * the page's own styles and first images are still on the way: on a slow phone connection the
 * content (already in the HTML, readable without JavaScript) gets the bandwidth first, and the
 * code that only makes it interactive follows. A page the server did not render (an empty #root)
 * starts its code at once.
 *
 * Vite's module script and modulepreload links become one inline script at the end of the body;
 * the server allows it in its Content-Security-Policy by hash (server/site/inline-scripts.ts).
 */
export function loadAppAfterContent(): Plugin {
  return {
    name: 'load-app-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY.exec(html)?.[1]
        if (!entry) throw new Error('load-app-after-content: no module entry script in index.html')
        const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1])
        const loader = `(${loadApp.toString()})(${JSON.stringify(entry)}, ${JSON.stringify(preloads)})`
        return html
          .replace(ENTRY, '')
          .replace(PRELOAD, '')
          .replace('</body>', `  <script>${loader}</script>\n  </body>`)
      },
    },
  }
}
