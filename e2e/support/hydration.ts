import type { Page } from '@playwright/test'

/**
 * Waits until React has taken over the page (hydrateRoot or createRoot marks its container). The
 * app's code starts only after a server-rendered page has loaded and painted, so before that the
 * page shows content but runs no handlers.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })
}

/** page.goto that returns once the app runs, for an HTML answer in a context with JavaScript. */
export function gotoWaitsForHydration(page: Page) {
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    const html = response?.headers()['content-type']?.startsWith('text/html')
    if (html && options?.waitUntil !== 'commit') await waitForHydration(page)
    return response
  }
}
