import { expect, isPhone, test, uniq } from '../support/fixtures'
import type { Page } from '@playwright/test'

const ACTIVITIES_CHUNK = '**/assets/activities-page-*.js'

/** Holds back the answer for a page's code until the returned function is called. */
async function holdBackChunk(page: Page, pattern: string) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await held
    await route.continue()
  })
  return release
}

async function openKegiatanFromNavbar(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Buka menu' }).click()
  await page.getByRole('banner').getByRole('link', { name: 'Kegiatan', exact: true }).click()
}

test("while the next page's code loads, the current page stays and the bar says it is loading", async ({ page }) => {
  const release = await holdBackChunk(page, ACTIVITIES_CHUNK)
  await page.goto('/profil')
  await openKegiatanFromNavbar(page)
  await expect(page.getByRole('progressbar', { name: 'Memuat halaman' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: /^Profil/ })).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Berita & Kegiatan' })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Memuat halaman' })).toHaveCount(0)
})

test('a page whose code cannot load (an old deployment) asks for a reload; the next page works again', async ({ page }) => {
  await page.route(ACTIVITIES_CHUNK, (route) => route.abort())
  await page.goto('/profil')
  await openKegiatanFromNavbar(page)
  await expect(page.getByRole('heading', { name: 'Terjadi kesalahan' })).toBeVisible()
  await expect(page.getByText('Versi situs telah diperbarui. Muat ulang halaman untuk melanjutkan.')).toBeVisible()
  await page.unroute(ACTIVITIES_CHUNK)
  await page.getByRole('link', { name: 'Ke Beranda' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByTestId('hero-title')).toBeVisible()
})

test('back returns to where the reader was on the list; a new page starts at the top', async ({ page, newArticles }) => {
  await newArticles(Array.from({ length: 3 }, (_, i) => ({ title: `Gulir ${i} ${uniq()}`, content: '<p>Isi.</p>' })))
  await page.goto('/kegiatan')
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
  // A DOM click: Playwright's own click would first scroll the link into view.
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('[data-testid="article-card"] a')!.click())
  await expect(page).toHaveURL(/\/berita\//)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect(page).toHaveURL('/kegiatan')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
})

test('an image that never finishes loading does not keep the page from working', async ({ page }) => {
  await page.route('**/images/**', () => {
    // never answered: the load event cannot fire
  })
  // page.goto waits for the app to take over the page (e2e/support/hydration.ts).
  await page.goto('/profil', { waitUntil: 'domcontentloaded' })
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
  await openKegiatanFromNavbar(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Berita & Kegiatan' })).toBeVisible()
})

test('the menu opened while the next page loads stays open when that page arrives', async ({ page }) => {
  test.skip(!isPhone(page), 'the menu button exists below lg only')
  const release = await holdBackChunk(page, ACTIVITIES_CHUNK)
  await page.goto('/profil')
  await openKegiatanFromNavbar(page)
  await expect(page.locator('#mobile-menu')).toBeHidden()
  await expect(page.getByRole('progressbar', { name: 'Memuat halaman' })).toBeVisible()
  await page.getByRole('button', { name: 'Buka menu' }).click()
  await expect(page.locator('#mobile-menu')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Berita & Kegiatan' })).toBeVisible()
  await expect(page.locator('#mobile-menu')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kegiatan', exact: true })).toHaveAttribute('aria-current', 'page')
})
