import type { Browser, Page } from '@playwright/test'
import { secondsAgo } from '../support/fixtures'
import { proxyAs } from '../support/visitor-proxy'
import { expect, newSignedInPage, superadmin, SUPERADMIN, test } from './fixtures'

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const TABLET = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** Opens `path` as it loads in a browser and waits for its beacon's answer (or asserts there is none). */
async function read(page: Page, path: string, counted: boolean | 'none') {
  // the page hydrates before it counts; on a busy machine that takes seconds
  const beacon = page.waitForResponse((r) => r.url().endsWith('/rest/v1/rpc/record_page_view'), { timeout: counted === 'none' ? 8000 : 30_000 })
  const response = await page.goto(path)
  expect(response?.headers()['set-cookie']).toBeUndefined()
  if (counted === 'none') {
    await expect(beacon).rejects.toThrow()
    return
  }
  expect(await (await beacon).json()).toBe(counted)
}

/** A reader at `address` (through a trusted proxy of its own) with the browser `userAgent`. */
async function visitor(browser: Browser, baseURL: string, address: string, userAgent: string) {
  const proxy = await proxyAs(baseURL, address)
  const context = await browser.newContext({ baseURL: proxy.url, userAgent, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
  return { context, page: await context.newPage(), close: async () => { await context.close(); await proxy.close() } }
}

async function todayVisitors(baseURL: string) {
  const { data, error } = await (await superadmin(baseURL)).rpc('page_view_summary', { days: 7 })
  if (error) throw new Error(error.message)
  return (data as { today: { visitors: number } }).today.visitors
}

test.describe('visitor statistics', () => {
  test.describe.configure({ timeout: 180_000 })
  test('three readers, a bot and a signed-in admin: views per article, today\'s visitors on the page and the dashboard', async ({ browser, baseURL, newArticle, newAccount }) => {
    const first = await newArticle({ title: `Dibaca Tiga Kali ${Date.now()}`, content: '<p>Isi</p>', published_at: secondsAgo(120) })
    const second = await newArticle({ title: `Dibaca Sekali ${Date.now()}`, content: '<p>Isi</p>', published_at: secondsAgo(60) })
    // Each run its own addresses: the day's count is the server's, across runs and specs.
    const net = `${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    // The other specs' browsers (127.0.0.1, Playwright's desktop Chrome) are one visitor of the day:
    // counted before `before`, so that the difference is this test's readers alone.
    const local = await browser.newContext()
    const localPage = await local.newPage()
    const localBeacon = localPage.waitForResponse((r) => r.url().endsWith('/rest/v1/rpc/record_page_view'), { timeout: 30_000 })
    await localPage.goto(`${baseURL}/profil`)
    await localBeacon
    await local.close()
    const before = await todayVisitors(baseURL)

    // a and b have the same phone and browser: only their addresses tell them apart
    const a = await visitor(browser, baseURL, `${net}.11`, PHONE)
    await read(a.page, `/berita/${first.id}`, true)
    await read(a.page, `/berita/${first.id}`, false)
    const b = await visitor(browser, baseURL, `${net}.12`, PHONE)
    await read(b.page, `/berita/${first.id}`, true)
    const c = await visitor(browser, baseURL, `${net}.13`, TABLET)
    await read(c.page, `/berita/${first.id}`, true)
    // a client-side navigation counts too
    const listBeacon = c.page.waitForResponse((r) => r.url().endsWith('/rest/v1/rpc/record_page_view'))
    await c.page.getByRole('link', { name: 'Kembali ke Semua Berita' }).first().click()
    await expect(c.page).toHaveURL(/\/kegiatan$/)
    expect(JSON.parse((await listBeacon).request().postData() ?? '{}')).toEqual({ path: '/kegiatan', referrer: '' })
    await read(c.page, `/berita/${second.id}`, true)
    const bot = await visitor(browser, baseURL, `${net}.14`, BOT)
    await read(bot.page, `/berita/${first.id}`, false)
    const staff = await newSignedInPage(browser, baseURL, await newAccount({ role: 'admin', status: 'approved' }))
    await read(staff.page, `/berita/${first.id}`, 'none')
    for (const reader of [a, b, c, bot]) await reader.close()
    await staff.context.close()

    const visitors = await todayVisitors(baseURL)
    expect(visitors).toBe(before + 3)

    const admin = await newSignedInPage(browser, baseURL, SUPERADMIN)
    for (const width of [390, 1440]) {
      await admin.page.setViewportSize({ width, height: 900 })
      await admin.page.goto('/admin/statistik')
      await expect(admin.page.getByRole('heading', { name: 'Statistik Pengunjung', level: 1 })).toBeVisible()
      const top = admin.page.getByRole('region', { name: 'Berita paling banyak dibaca' })
      await expect(top.getByRole('listitem').filter({ hasText: first.title })).toContainText('3 kali dibaca')
      await expect(top.getByRole('listitem').filter({ hasText: second.title })).toContainText('1 kali dibaca')
      await expect(top.getByRole('link', { name: first.title })).toHaveAttribute('href', `/berita/${first.id}`)
      const today = admin.page.getByText('Pengunjung hari ini').locator('..')
      const shown = Number((await today.locator('dd').innerText()).replace(/\./g, ''))
      expect(shown).toBe(visitors)
      await expect(admin.page.getByRole('table', { name: /Tayangan dan pengunjung per hari/ })).toBeAttached()
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await admin.page.screenshot({ path: `test-results/visitor-stats-${width}.png`, fullPage: true })

      await admin.page.goto('/admin/dashboard')
      const card = admin.page.getByRole('region', { name: 'Statistik' }).getByRole('link', { name: /pengunjung hari ini/ })
      await expect(card).toHaveAttribute('aria-label', new RegExp(`^${shown.toLocaleString('id-ID').replace('.', '\\.')} pengunjung hari ini`))
      await expect(card).toHaveAttribute('href', '/admin/statistik')
    }

    await admin.page.goto('/admin/content')
    await expect(admin.page.getByRole('row').filter({ hasText: first.title })).toContainText('3')
    await admin.context.close()
  })

  test('empty and error states, and the CSV download', async ({ browser, baseURL }) => {
    const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN, { width: 390, height: 844 })
    const empty = { today: { views: 0, visitors: 0 }, days: [], articles: [], totals: { views: 0, visitors: 0, search: 0, social: 0, direct: 0, other: 0, phone: 0, tablet: 0, desktop: 0 } }
    await page.route('**/rest/v1/rpc/page_view_summary', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(empty) }))
    await page.goto('/admin/statistik')
    await expect(page.getByText('Belum ada kunjungan tercatat')).toBeVisible()
    await page.unroute('**/rest/v1/rpc/page_view_summary')
    await page.route('**/rest/v1/rpc/page_view_summary', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }))
    await page.getByRole('button', { name: '7 hari' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Gagal memuat statistik pengunjung.' })).toBeVisible({ timeout: 20_000 })
    await page.unroute('**/rest/v1/rpc/page_view_summary')
    await page.getByRole('button', { name: '30 hari' }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Unduh CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('statistik-pengunjung-30-hari.csv')
    await context.close()
  })
})
