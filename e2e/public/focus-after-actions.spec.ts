import type { Page } from '@playwright/test'
import { expect, expectToast, secondsAgo, SUPERADMIN, test, uniq } from '../support/fixtures'

// After each action the button that was pressed is disabled, gone or remounted; focus must land on
// what the action changed, never on the page body (where a keyboard user starts over from the top).
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? null)

test('/kegiatan: a search by Enter and paging by keyboard focus the list', async ({ newArticles, page }) => {
  const tag = uniq()
  const category = `Fokus ${tag}`
  await newArticles(
    Array.from({ length: 13 }, (_, index) => ({
      title: `Fokus ${tag} ${index + 1}`,
      content: `<p>Isi ${index + 1}</p>`,
      category,
      published_at: secondsAgo(3600 - index),
    })),
  )
  await page.goto(`/kegiatan?kategori=${encodeURIComponent(category)}`)
  const list = page.getByRole('region', { name: 'Daftar kegiatan' })

  await page.getByTestId('pagination').getByRole('link', { name: 'Berikutnya' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/halaman=2/)
  await expect(list).toBeFocused()

  await page.getByRole('searchbox', { name: 'Cari kegiatan' }).fill(`Fokus ${tag} 1`)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('search-summary')).toContainText('ditemukan')
  await expect(list).toBeFocused()
  expect(await focusedTag(page)).not.toBe('BODY')
})

test('/kontak: an empty submit focuses the first field to fix', async ({ page }) => {
  await page.goto('/kontak')
  await page.getByRole('button', { name: 'Kirim Pesan' }).focus()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Form Tidak Lengkap')
  await expect(page.getByRole('textbox', { name: 'Nama Lengkap', exact: true })).toBeFocused()
})

test('registration refused by the check focuses its first field; a refused sign-in returns to the button', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Daftar di sini' }).click()
  await page.getByLabel('Nama Lengkap').fill('Prada Fokus')
  await page.getByRole('button', { name: 'Daftar', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Form Tidak Lengkap')
  await expect(page.getByLabel('Username')).toBeFocused()

  await page.getByRole('button', { name: 'Masuk di sini' }).click()
  await page.getByLabel('Email').fill(SUPERADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill('bukan-password-ini')
  await page.getByRole('button', { name: 'Masuk', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Login Gagal')
  await expect(page.getByRole('button', { name: 'Masuk', exact: true })).toBeFocused()
})
