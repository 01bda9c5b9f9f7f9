import { expect, expectToast, newSignedInPage, SUPERADMIN, test, type Account } from './fixtures'

const PAGES = ['/admin/dashboard', '/admin/users', '/admin/content', '/admin/statistik', '/admin/gallery', '/admin/dokumen', '/admin/pesan', '/admin/riwayat', '/admin/integritas', '/admin/my-account'] as const

// Which admin pages each role may open; everything else lands on the dashboard.
const ALLOWED: Record<'superadmin' | 'admin' | 'user', readonly string[]> = {
  superadmin: PAGES,
  admin: ['/admin/dashboard', '/admin/content', '/admin/statistik', '/admin/gallery', '/admin/dokumen', '/admin/pesan', '/admin/my-account'],
  user: ['/admin/dashboard', '/admin/my-account'],
}

// The inbox link carries the live unread count, whatever other tests left unread.
const INBOX = /^Pesan Masuk(\d+ belum dibaca)?$/

const SIDEBAR: Record<'superadmin' | 'admin' | 'user', readonly (string | RegExp)[]> = {
  superadmin: ['Dashboard', 'Manajemen Pengguna', 'Manajemen Konten', 'Statistik Pengunjung', 'Manajemen Galeri', 'Halaman Satuan', 'Dokumen Publik', INBOX, 'Riwayat Aktivitas', 'Integritas Situs', 'Akun Saya'],
  admin: ['Dashboard', 'Manajemen Konten', 'Statistik Pengunjung', 'Manajemen Galeri', 'Halaman Satuan', 'Dokumen Publik', INBOX, 'Akun Saya'],
  user: ['Dashboard', 'Akun Saya'],
}

test.describe('admin guards', () => {
  test('signed-out visitors are sent to /login from every admin route', async ({ page }) => {
    for (const path of ['/admin', ...PAGES, '/admin/unknown']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/login$/)
    }
  })

  for (const role of ['user', 'admin', 'superadmin'] as const) {
    test(`${role}: allowed pages open, others redirect to the dashboard, sidebar by role`, async ({
      newAccount,
      browser,
      baseURL,
    }) => {
      const account: Pick<Account, 'email' | 'password'> =
        role === 'superadmin' ? SUPERADMIN : await newAccount({ role, status: 'approved' })
      const { context, page } = await newSignedInPage(browser, baseURL, account)

      await page.goto('/admin')
      await expect(page).toHaveURL(/\/admin\/dashboard$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

      const nav = page.getByRole('navigation', { name: 'Navigasi admin' })
      await expect(nav.getByRole('link')).toHaveText([...SIDEBAR[role]])

      for (const path of PAGES) {
        await page.goto(path)
        const expected = ALLOWED[role].includes(path) ? path : '/admin/dashboard'
        await expect(page).toHaveURL(new RegExp(`${expected}(\\?.*)?$`))
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      }
      await context.close()
    })
  }

  test('an unknown admin path shows a not-found page inside the shell, without redirecting', async ({
    newAccount,
    browser,
    baseURL,
  }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    for (const path of ['/admin/tidak-ada', '/admin/tidak/ada/sama-sekali']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: 'Halaman tidak ditemukan' })).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByRole('navigation', { name: 'Navigasi admin' })).toBeVisible()
    }
    await page.getByRole('link', { name: 'Kembali ke Dashboard' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await context.close()
  })

  for (const status of ['pending', 'rejected'] as const) {
    test(`${status} account with a session is signed out with 'Akses Dicabut'`, async ({ newAccount, browser, baseURL }) => {
      const account = await newAccount({ role: 'admin', status })
      const { context, page } = await newSignedInPage(browser, baseURL, account)
      await page.goto('/admin/dashboard')
      await expectToast(page, 'Akses Dicabut')
      await expect(page).toHaveURL(/\/login$/)
      // Signed out for real: coming back does not get in.
      await page.goto('/admin/dashboard')
      await expect(page).toHaveURL(/\/login$/)
      await context.close()
    })
  }

  test('the shell: validating screen, active link, notification toast, user menu', async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved', fullName: 'Budi Santoso' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    // Hold the profile read back so the validating screen can be seen.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/rest/v1/profiles**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/admin/content')
    await expect(page.getByText('Memvalidasi sesi...')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Navigasi admin' })).toHaveCount(0)
    release()
    await expect(page.getByRole('heading', { level: 1, name: 'Manajemen Konten' })).toBeVisible()
    await page.unroute('**/rest/v1/profiles**')
    const nav = page.getByRole('navigation', { name: 'Navigasi admin' })
    await expect(nav.getByRole('link', { name: 'Manajemen Konten' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('ADMIN', { exact: true }).first()).toBeVisible()
    await expect(page.getByText('SKD 31', { exact: true }).first()).toBeVisible()
    // No avatar picture yet: the first letter on the gold circle.
    await expect(page.locator('aside').getByText('B', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Notifikasi' }).click()
    await expectToast(page, 'Fitur ini belum diimplementasikan', 'jangan khawatir')

    await page.getByRole('button', { name: 'Menu akun' }).click()
    await expect(page.getByRole('menu')).toContainText('Akun Saya')
    await page.getByRole('menuitem', { name: 'Keamanan' }).click()
    await expect(page).toHaveURL(/\/admin\/my-account\?tab=security$/)
    await expect(page.getByRole('tab', { name: 'Keamanan' })).toHaveAttribute('aria-selected', 'true')

    await page.getByRole('button', { name: 'Menu akun' }).click()
    await page.getByRole('menuitem', { name: 'Profil' }).click()
    await expect(page).toHaveURL(/\/admin\/my-account\?tab=profile$/)

    await page.getByRole('button', { name: 'Menu akun' }).click()
    await page.getByRole('menuitem', { name: 'Pengaturan' }).click()
    await expectToast(page, 'Fitur ini belum diimplementasikan')

    await page.getByRole('button', { name: 'Menu akun' }).click()
    await page.getByRole('menuitem', { name: 'Keluar' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(/\/login$/)
    await context.close()
  })

  test('phone: the sidebar is a drawer that closes after choosing a link', async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, account, { width: 390, height: 844 })
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('navigation', { name: 'Navigasi admin' })).toBeHidden()
    await page.getByRole('button', { name: 'Buka menu admin' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu admin' })
    await drawer.getByRole('link', { name: 'Manajemen Galeri' }).click()
    await expect(page).toHaveURL(/\/admin\/gallery$/)
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Manajemen Galeri' })).toBeVisible()
    await context.close()
  })
})
