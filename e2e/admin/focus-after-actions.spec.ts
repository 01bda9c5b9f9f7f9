import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { expect, expectToast, newSignedInPage, SUPERADMIN, test } from './fixtures'
import { serviceClient } from '../support/cleanup'

// After each action the pressed button is disabled, swapped or gone: focus must land on what the
// action changed, never on the page body.
const bodyHasFocus = (page: Page) => page.evaluate(() => document.activeElement === null || document.activeElement === document.body)

const codeOf = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 })

async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus()
  await page.keyboard.press('Enter')
}

test('two-step enrolment: the code field takes focus with the QR code in view; turning it on or off focuses the section', async ({
  newAccount,
  browser,
  baseURL,
}) => {
  const account = await newAccount({ role: 'admin', status: 'approved' })
  const { context, page } = await newSignedInPage(browser, baseURL, account)
  await page.goto('/admin/my-account?tab=security')
  const section = page.getByRole('region', { name: 'Aplikasi Autentikator' })
  await press(page, 'Aktifkan Verifikasi Dua Langkah')
  await expect(page.getByLabel('Kode Verifikasi')).toBeFocused()
  await expect(page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' })).toBeInViewport({ ratio: 1 })

  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
  const used = codeOf(secret)
  await page.keyboard.type(used)
  await page.keyboard.press('Enter')
  await expectToast(page, 'Verifikasi Dua Langkah Aktif')
  await expect(section).toBeFocused()

  await press(page, 'Nonaktifkan Verifikasi Dua Langkah')
  await expect(page.getByLabel('Kode saat ini')).toBeFocused()
  await page.keyboard.type(codeOf(secret, 1) === used ? codeOf(secret) : codeOf(secret, 1))
  await page.keyboard.press('Enter')
  await expectToast(page, 'Verifikasi Dua Langkah Dinonaktifkan')
  await expect(section).toBeFocused()
  await context.close()
})

test('users: approving and rejecting from the keyboard leave focus on the list’s count', async ({ newAccount, browser, baseURL }) => {
  const tag = Date.now().toString(36)
  const toApprove = await newAccount({ status: 'pending', fullName: `Fokus Setuju ${tag}` })
  const toReject = await newAccount({ status: 'pending', fullName: `Fokus Tolak ${tag}` })
  const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN)
  await page.goto('/admin/users')
  await page.getByPlaceholder('Cari pengguna berdasarkan nama atau email...').fill(tag)
  const count = page.getByRole('status').filter({ hasText: /^Menampilkan/ })

  for (const [user, button, confirm, done] of [
    [toApprove, 'Setujui', 'Ya, Setujui', 'Pengguna berhasil disetujui!'],
    [toReject, 'Tolak', 'Ya, Tolak', 'Pengguna berhasil ditolak!'],
  ] as const) {
    await page.getByRole('button', { name: `${button} ${user.fullName}` }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('alertdialog').getByRole('button', { name: confirm }).focus()
    await page.keyboard.press('Enter')
    await expectToast(page, done)
    await expect(count).toBeFocused()
    expect(await bodyHasFocus(page)).toBe(false)
  }
  await context.close()
})

test('articles: deleting one from the keyboard leaves focus on the list’s count', async ({ newArticle, browser, baseURL }) => {
  const article = await newArticle({ title: `Fokus Hapus ${Date.now().toString(36)}`, content: '<p>Isi</p>' })
  const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN)
  await page.goto('/admin/content')
  const row = page.getByRole('row').filter({ hasText: article.title })
  page.once('dialog', (dialog) => void dialog.accept())
  await row.getByRole('button', { name: /^Hapus/ }).focus()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Artikel dihapus!')
  await expect(row).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: /^Menampilkan/ })).toBeFocused()
  await context.close()
})

test('documents: Tarik, Hapus and Pulihkan from the keyboard leave focus on the list acted on', async ({ newAccount, browser, baseURL }) => {
  const admin = await newAccount({ role: 'admin', status: 'approved' })
  const title = `Dokumen Fokus ${Date.now().toString(36)}`
  const { context, page } = await newSignedInPage(browser, baseURL, admin)
  try {
    await page.goto('/admin/dokumen')
    await page.getByRole('button', { name: 'Unggah Dokumen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Unggah Dokumen' })
    await dialog.getByLabel('Judul').fill(title)
    await dialog.getByLabel('Kategori').selectOption('setiap_saat')
    await dialog.getByLabel('Tahun').fill('2026')
    await dialog.getByLabel('Terbitkan di halaman Informasi Publik').check()
    await dialog.getByLabel('Berkas').setInputFiles({ name: 'fokus.pdf', mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${title}) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`) })
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expectToast(page, 'Dokumen Diunggah')
    const list = page.getByRole('region', { name: 'Daftar dokumen' })

    await page.getByRole('button', { name: `Tarik ${title}` }).filter({ visible: true }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Tarik' }).focus()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Dokumen Ditarik')
    await expect(list).toBeFocused()

    await page.getByRole('button', { name: `Hapus ${title}` }).filter({ visible: true }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).focus()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Dokumen Dihapus')
    await expect(list).toBeFocused()

    await page.getByRole('button', { name: `Pulihkan "${title}"` }).filter({ visible: true }).focus()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Dokumen Dipulihkan')
    await expect(page.getByRole('region', { name: 'Tempat Sampah' })).toBeFocused()
  } finally {
    const service = await serviceClient(baseURL)
    const { data } = await service.from('public_documents').select('id, file_path').eq('title', title)
    for (const row of data ?? []) {
      await service.from('public_documents').delete().eq('id', row.id)
      await service.storage.from('documents').remove([row.file_path])
    }
    await context.close()
  }
})
