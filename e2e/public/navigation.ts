import type { Page } from '@playwright/test'

/**
 * Opens `path` the way a click inside the app does, after a server-rendered first page: loading
 * placeholders and load errors only exist on such navigations (the server renders with the data).
 */
export async function gotoClientSide(page: Page, path: string) {
  await page.goto('/kontak')
  await page.evaluate((target) => {
    window.history.pushState(null, '', target)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}
