import { expect, expectNoAxeViolations, isPhone, superadmin, test, uniq } from '../support/fixtures'

// A phone without JavaScript (or before it arrives): the menu and the contact form still work.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the mobile menu opens and its links lead on; no "needs JavaScript" notice', async ({ page }) => {
    test.skip(!isPhone(page), 'the menu button exists below lg only')
    await page.goto('/profil')
    await expect(page.locator('#mobile-menu')).toBeHidden()
    await expect(page.locator('noscript')).toHaveCount(0)
    await page.getByRole('button', { name: 'Buka menu' }).click()
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeVisible()
    await expect(page.getByRole('button', { name: 'Tutup menu' })).toBeVisible()
    await menu.getByRole('link', { name: 'Kegiatan', exact: true }).click()
    await expect(page).toHaveURL('/kegiatan')
    await expect(page.getByRole('heading', { level: 1, name: 'Berita & Kegiatan' })).toBeVisible()
  })

  test('the contact form answers with the same messages and sends', async ({ page, baseURL }) => {
    await page.goto('/kontak')
    await page.getByRole('button', { name: 'Kirim Pesan' }).click()
    const notice = page.getByTestId('contact-notice')
    await expect(notice).toContainText('Form Tidak Lengkap')
    await expect(notice).toContainText('Mohon lengkapi nama, email, dan pesan.')
    await expect(page.getByText('Wajib diisi.').first()).toBeVisible()

    const email = `tanpa-js-${uniq()}@contoh.id`
    await page.getByLabel('Nama Lengkap').fill('Budi Tanpa Skrip')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Pesan', exact: true }).fill('Pesan dikirim tanpa JavaScript.')
    await page.getByRole('button', { name: 'Kirim Pesan' }).click()
    await expect(page).toHaveURL('/kontak?terkirim=1')
    await expect(page.getByTestId('contact-notice')).toContainText('Pesan Terkirim!')

    const admin = await superadmin(baseURL)
    const { data } = await admin.from('contacts').select('id, message').eq('email', email)
    expect(data?.map((row) => row.message)).toEqual(['Pesan dikirim tanpa JavaScript.'])
    await admin.from('contacts').delete().eq('email', email).throwOnError()
  })
})

test('with JavaScript the menu keeps its name and state once the app took over a menu opened before it', async ({ page }) => {
  test.skip(!isPhone(page), 'the menu button exists below lg only')
  await page.goto('/struktur')
  await page.getByRole('button', { name: 'Buka menu' }).click()
  await expect(page.getByRole('button', { name: 'Tutup menu' })).toHaveAttribute('aria-expanded', 'true')
  // axe needs JavaScript in the page, so the open menu is checked here.
  await expectNoAxeViolations(page, 'menu <details> open')
  await page.getByRole('banner').getByRole('link', { name: 'Kontak', exact: true }).click()
  await expect(page).toHaveURL('/kontak')
  await expect(page.locator('#mobile-menu')).toBeHidden()
})
