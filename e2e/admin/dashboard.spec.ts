import { expect, newSignedInPage, superadmin, SUPERADMIN, test } from './fixtures'

async function count(baseURL: string, table: 'articles' | 'galleries' | 'approved profiles') {
  const api = await superadmin(baseURL)
  const { count: n, error } = table === 'approved profiles'
    // A plain user sees the approved colleagues only (docs/decisions/0002).
    ? await api.from('profiles').select('*', { count: 'exact', head: true }).eq('status', 'approved')
    : table === 'articles'
      // ...and the published articles only: drafts and scheduled ones are staff-only (issue 11)
      ? await api.from(table).select('*', { count: 'exact', head: true }).lte('published_at', new Date().toISOString())
      : await api.from(table).select('*', { count: 'exact', head: true })
  if (error) throw new Error(error.message)
  return n ?? 0
}

test.describe('dashboard', () => {
  test('stat cards, recent article activity and the system status card', async ({ newArticle, newAccount, browser, baseURL }) => {
    await newArticle({ title: `Aktivitas Terbaru ${Date.now()}`, content: '<p>Isi</p>', category: 'Latihan' })
    const account = await newAccount({ role: 'user', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    await page.goto('/admin/dashboard')

    // Other spec files add rows while this runs: counts are read from the API and the page
    // reloaded until both agree.
    const stats = page.getByRole('region', { name: 'Statistik' })
    await expect(async () => {
      const [users, articles, galleries] = await Promise.all([
        count(baseURL, 'approved profiles'),
        count(baseURL, 'articles'),
        count(baseURL, 'galleries'),
      ])
      await page.reload()
      await expect(stats).toContainText(`Total Pengguna${users.toLocaleString('id-ID')}`, { timeout: 3000 })
      await expect(stats).toContainText(`Total Artikel${articles.toLocaleString('id-ID')}`, { timeout: 3000 })
      await expect(stats).toContainText(`Total Galeri${galleries.toLocaleString('id-ID')}`, { timeout: 3000 })
    }).toPass({ timeout: 30_000 })
    await expect(stats).toContainText('Pengunjung Hari Ini1.2k')

    // The same for the newest articles (some specs add future-dated ones).
    const api = await superadmin(baseURL)
    const card = page.getByRole('heading', { name: 'Aktivitas Artikel Terbaru' }).locator('xpath=ancestor::*[@data-slot="card"]')
    let newest = { id: '', title: '' }
    await expect(async () => {
      const { data, error } = await api.from('articles').select('id, title, profiles(full_name)')
        .lte('published_at', new Date().toISOString()).order('created_at', { ascending: false }).limit(5)
      if (error || !data?.length) throw new Error(error?.message ?? 'no articles')
      newest = data[0]
      await page.reload()
      const first = card.getByRole('listitem').first()
      await expect(first).toContainText(data[0].title, { timeout: 3000 })
      await expect(first).toContainText(data[0].profiles?.full_name ?? 'Pengguna')
      await expect(first).toContainText(/\d+ (detik|menit|jam|hari|bulan|tahun) lalu/)
      expect(await card.getByRole('listitem').count()).toBe(data.length)
    }).toPass({ timeout: 30_000 })
    const activity = card.getByRole('listitem').first()
    await expect(activity.getByRole('link', { name: newest.title })).toHaveAttribute('href', `/berita/${newest.id}`)

    for (const line of ['Website: Online', 'Database: Terhubung', /^Penyimpanan: \d{1,3}% Penuh$/, 'Sistem Keamanan: Aktif']) {
      await expect(page.getByText(line)).toBeVisible()
    }

    await activity.getByRole('link', { name: newest.title }).click()
    await expect(page).toHaveURL(new RegExp(`/berita/${newest.id}$`))
    await context.close()
  })

  test('empty activity text, and load errors are only logged', async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
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

test.describe('dashboard backup card', () => {
  test('a superadmin sees the age of the last good backup; other staff see no such card', async ({ newAccount, browser, baseURL }) => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN, viewport)
      await page.goto('/admin/dashboard')
      const card = page.getByRole('heading', { name: 'Cadangan Terakhir' }).locator('xpath=ancestor::*[@data-slot="card"]')
      await expect(card).toBeVisible()
      await expect(card).toContainText(/Belum ada cadangan|\d+ (detik|menit|jam|hari|bulan|tahun) lalu/)
      await page.screenshot({ path: `test-results/dashboard-backup-${viewport.width}.png`, fullPage: true })
      await context.close()
    }
    const admin = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { name: 'Status Sistem' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Cadangan Terakhir' })).toHaveCount(0)
    await context.close()
  })
})

test.describe('dashboard disk card', () => {
  test('a superadmin sees the free space of the server disk and its reserve; other staff see no such card', async ({ newAccount, browser, baseURL }) => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN, viewport)
      await page.goto('/admin/dashboard')
      const card = page.getByRole('heading', { name: 'Ruang Disk Server' }).locator('xpath=ancestor::*[@data-slot="card"]')
      await expect(card).toBeVisible()
      await expect(card).toContainText(/[\d.,]+ (GB|MB) kosong/)
      await expect(card).toContainText(/Cadangan untuk basis data [\d.,]+ (GB|MB)|Di bawah cadangan/)
      await page.screenshot({ path: `test-results/dashboard-disk-${viewport.width}.png`, fullPage: true })
      await context.close()
    }
    const admin = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { name: 'Status Sistem' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Ruang Disk Server' })).toHaveCount(0)
    await context.close()
  })
})
