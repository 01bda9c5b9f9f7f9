import { createArticle } from '../support/fixtures'
import { createAccount, expect, newSignedInPage, superadmin, test } from './fixtures'

async function count(baseURL: string, table: 'profiles' | 'articles' | 'galleries') {
  const api = await superadmin(baseURL)
  const { count: n, error } = await api.from(table).select('*', { count: 'exact', head: true })
  if (error) throw new Error(error.message)
  return n ?? 0
}

test.describe('dashboard', () => {
  test('stat cards, recent article activity and the system status card', async ({ browser, baseURL }) => {
    const title = `Aktivitas Terbaru ${Date.now()}`
    const article = await createArticle(baseURL, { title, content: '<p>Isi</p>', category: 'Latihan' })
    const account = await createAccount(baseURL, { role: 'user', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    await page.goto('/admin/dashboard')

    const stats = page.getByRole('region', { name: 'Statistik' })
    const [users, articles, galleries] = await Promise.all([
      count(baseURL, 'profiles'),
      count(baseURL, 'articles'),
      count(baseURL, 'galleries'),
    ])
    await expect(stats).toContainText(`Total Pengguna${users.toLocaleString('id-ID')}`)
    await expect(stats).toContainText(`Total Artikel${articles.toLocaleString('id-ID')}`)
    await expect(stats).toContainText(`Total Galeri${galleries.toLocaleString('id-ID')}`)
    await expect(stats).toContainText('Pengunjung Hari Ini1.2k')

    const activity = page.locator('li').filter({ hasText: title })
    // Seeded by the superadmin, whose profile is named "Superadmin".
    await expect(activity).toContainText('Superadmin')
    await expect(activity).toContainText(/\d+ (detik|menit) lalu/)
    await expect(activity.getByRole('link', { name: title })).toHaveAttribute('href', `/berita/${article.id}`)
    await expect(page.getByRole('heading', { name: 'Aktivitas Artikel Terbaru' })).toBeVisible()
    const rows = page.getByRole('heading', { name: 'Aktivitas Artikel Terbaru' }).locator('xpath=ancestor::*[@data-slot="card"]').getByRole('listitem')
    expect(await rows.count()).toBeLessThanOrEqual(5)

    for (const line of ['Website: Online', 'Database: Terhubung', 'Penyimpanan: 85% Penuh', 'Sistem Keamanan: Aktif']) {
      await expect(page.getByText(line)).toBeVisible()
    }

    await activity.getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/berita/${article.id}$`))
    await context.close()
  })

  test('empty activity text, and load errors are only logged', async ({ browser, baseURL }) => {
    const account = await createAccount(baseURL, { role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    const recentQuery = (url: URL) =>
      url.pathname.endsWith('/rest/v1/articles') && Boolean(url.searchParams.get('select')?.startsWith('id,'))
    await page.route(recentQuery, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.continue(),
    )
    await page.goto('/admin/dashboard')
    await expect(page.getByText('Tidak ada aktivitas terbaru.')).toBeVisible()

    const logged: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text())
    })
    await page.unroute(recentQuery)
    await page.route('**/rest/v1/articles**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Mati' }) }),
    )
    await page.reload()
    await expect(page.getByText('Tidak ada aktivitas terbaru.')).toBeVisible()
    await expect.poll(() => logged.some((line) => line.includes('Gagal memuat'))).toBe(true)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await context.close()
  })
})
