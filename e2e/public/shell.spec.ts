import { expect, isPhone, seedSession, signedIn, test } from '../support/fixtures'
import { waitForHydration } from '../support/hydration'

const links = [
  ['Beranda', '/'],
  ['Profil', '/profil'],
  ['Struktur Organisasi', '/struktur'],
  ['Kegiatan', '/kegiatan'],
  ['Galeri', '/galeri'],
  ['Kontak', '/kontak'],
] as const

test('navbar links navigate and mark the current route', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('banner')
  await expect(page.locator('header')).toHaveCSS('position', 'fixed')
  expect((await page.locator('header').boundingBox())?.height).toBe(80)

  for (const [name, path] of links) {
    if (isPhone(page)) await page.getByRole('button', { name: 'Buka menu' }).click()
    await nav.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(path)
    // The menu closes when a link is chosen.
    await expect(page.locator('#mobile-menu')).toBeHidden()
    if (isPhone(page)) await page.getByRole('button', { name: 'Buka menu' }).click()
    const current = nav.getByRole('link', { name, exact: true })
    await expect(current).toHaveAttribute('aria-current', 'page')
    for (const [other] of links.filter(([n]) => n !== name)) {
      await expect(nav.getByRole('link', { name: other, exact: true })).not.toHaveAttribute('aria-current', 'page')
    }
    if (isPhone(page)) await page.getByRole('button', { name: 'Tutup menu' }).click()
  }
})

test('mobile menu opens and closes below lg; the desktop bar shows links inline', async ({ page }) => {
  await page.goto('/profil')
  const toggle = page.getByRole('button', { name: /menu/ })
  if (!isPhone(page)) {
    await expect(toggle).toBeHidden()
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible()
    return
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kegiatan', exact: true })).toBeHidden()
  await page.getByRole('button', { name: 'Buka menu' }).click()
  const menu = page.locator('#mobile-menu')
  await expect(menu).toBeVisible()
  await expect(page.getByRole('button', { name: 'Tutup menu' })).toHaveAttribute('aria-expanded', 'true')
  const login = menu.getByRole('link', { name: 'Login' })
  await expect(login).toBeVisible()
  const loginBox = await login.boundingBox()
  const menuBox = await menu.locator('ul').boundingBox()
  expect(loginBox!.width).toBeGreaterThan(menuBox!.width * 0.85)
  await page.getByRole('button', { name: 'Tutup menu' }).click()
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Buka menu' }).click()
  await menu.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL('/login')
  await expect(menu).toBeHidden()
})

test('signed in, the navbar offers the dashboard instead of Login', async ({ newAccount, browser, baseURL }) => {
  const account = await newAccount({ role: 'user', status: 'approved' })
  const { session } = await signedIn(baseURL, account.email, account.password)
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport ?? undefined })
  await seedSession(context, baseURL, session!)
  const page = await context.newPage()
  await page.goto('/kontak')
  const dashboard = page.getByRole('link', { name: 'Dashboard' }).filter({ visible: true })
  await expect(dashboard).toHaveAttribute('href', '/admin/dashboard')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0)
  if (isPhone(page)) {
    // On a phone the dashboard is an icon button in the bar itself, outside the menu.
    await expect(page.locator('#mobile-menu')).toBeHidden()
    await expect(dashboard).toBeVisible()
  }
  await context.close()
})

test('footer: three columns, social links in a new tab, current year and design credit', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('heading', { name: 'Navigasi' })).toBeVisible()
  await expect(footer.getByRole('heading', { name: 'Ikuti Kami' })).toBeVisible()
  await expect(footer).toContainText('Situs resmi Skadron 31/Serbu, bagian dari Pusat Penerbangan Angkatan Darat')
  const navNames = await footer.getByRole('navigation', { name: 'Navigasi' }).getByRole('link').allTextContents()
  expect(navNames).toEqual(['Beranda', 'Profil', 'Struktur Organisasi', 'Kegiatan', 'Galeri', 'Kontak', 'Login'])
  // the public-information pages sit in their own row under the columns (issue 25)
  const information = footer.getByRole('navigation', { name: 'Informasi publik' })
  await expect(information.getByRole('link')).toHaveText(['Kebijakan Privasi', 'Pernyataan Aksesibilitas', 'Informasi Publik (PPID)'])
  const columnsBottom = await footer.getByRole('heading', { name: 'Navigasi' }).evaluate((el) => el.closest('nav')!.getBoundingClientRect().bottom)
  expect((await information.boundingBox())!.y).toBeGreaterThanOrEqual(columnsBottom)
  for (const name of [/Instagram/, /YouTube/]) {
    const link = footer.getByRole('link', { name })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Skadron 31/Serbu`)
  await expect(footer).toContainText('Dirancang dan dikembangkan oleh')
})

test('unknown routes show a not-found page inside the shell', async ({ page }) => {
  await page.goto('/tidak-ada-halaman-ini')
  await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('Escape closes the mobile menu and puts focus back on its button', async ({ page }) => {
  test.skip(!isPhone(page), 'the menu button exists below lg only')
  await page.goto('/kegiatan')
  await page.getByRole('button', { name: 'Buka menu' }).click()
  await expect(page.locator('#mobile-menu')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.locator('#mobile-menu')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Buka menu' })).toBeFocused()
})

test('an anonymous visit loads no supabase-js and no /env.js; signing in loads it', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  for (const path of ['/', '/kegiatan', '/profil', '/kontak']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  expect(scripts).not.toContain('/env.js')
  // supabase-lazy-*.js is the few-line loader; supabase-*.js holds the client.
  const supabaseChunk = (path: string) => /\/assets\/supabase-(?!lazy-)[\w-]+\.js$/.test(path)
  expect(scripts.filter(supabaseChunk)).toEqual([])
  await page.goto('/login')
  await waitForHydration(page)
  await expect.poll(() => scripts.some(supabaseChunk)).toBe(true)
})
