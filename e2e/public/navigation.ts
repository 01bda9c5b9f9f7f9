import type { Page } from '@playwright/test'

/**
 * Opens `path` the way a click inside the app does, after a server-rendered first page: loading
 * placeholders and load errors only exist on such navigations (the server renders with the data).
 */
export async function gotoClientSide(page: Page, path: string) {
  await page.goto('/kontak')
  await waitForHydration(page)
  await page.evaluate((target) => {
    window.history.pushState(null, '', target)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

/**
 * Waits until React has taken over the server's HTML (hydrateRoot marks its container): before
 * that the page shows content but runs no timers or handlers.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })
}
