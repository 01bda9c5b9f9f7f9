import { expect, expectToast, newSignedInPage, tabTo, test, type Account } from './fixtures'
import type { Page } from '@playwright/test'

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved' })
})

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name })

test.describe('gallery page', () => {
  test('create, edit and delete a gallery with validation, confirmation and failures', async ({ cleanup, browser, baseURL }) => {
    const name = cleanup.gallery(`Galeri HUT ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.goto('/admin/gallery')
    await page.getByRole('button', { name: 'Tambah Galeri' }).click()
    let dialog = page.getByRole('dialog', { name: 'Galeri Baru' })
    await expect(dialog.getByLabel('Deskripsi')).toHaveAttribute('placeholder', 'Deskripsi singkat galeri...')
    await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()
    await expect(dialog.getByText('Nama galeri tidak boleh kosong')).toBeVisible()
    await expect(dialog.getByLabel('Nama Galeri')).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByLabel('Nama Galeri')).toHaveAccessibleDescription('Nama galeri tidak boleh kosong')
    // Spaces alone are no name either.
    await dialog.getByLabel('Nama Galeri').fill('   ')
    await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()
    await expect(dialog.getByLabel('Nama Galeri')).toHaveAttribute('aria-invalid', 'true')

    await dialog.getByLabel('Nama Galeri').fill(name)
    await page.route('**/rest/v1/galleries**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Penyimpanan penuh' }) })
        : route.continue(),
    )
    await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()
    await expectToast(page, 'Gagal menyimpan galeri', 'Penyimpanan penuh')
    await expect(dialog.getByLabel('Nama Galeri')).toHaveValue(name)
    await page.unroute('**/rest/v1/galleries**')
    await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()
    await expectToast(page, 'Galeri berhasil dibuat!')
    await expect(dialog).toBeHidden()
    await expect(card(page, name)).toContainText('Tidak ada deskripsi.')

    await card(page, name).getByRole('button', { name: /^Edit/ }).click()
    dialog = page.getByRole('dialog', { name: 'Edit Galeri' })
    await expect(dialog.getByLabel('Nama Galeri')).toHaveValue(name)
    await dialog.getByLabel('Deskripsi').fill('Dokumentasi upacara HUT satuan.')
    await page.route('**/rest/v1/galleries**', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Sibuk' }) })
        : route.continue(),
    )
    await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()
    await expectToast(page, 'Gagal memperbarui galeri', 'Sibuk')
    await page.unroute('**/rest/v1/galleries**')
    await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()
    await expectToast(page, 'Galeri berhasil diperbarui!')
    await page.reload()
    await expect(card(page, name)).toContainText('Dokumentasi upacara HUT satuan.')

    await card(page, name).getByRole('button', { name: /^Hapus/ }).click()
    let confirm = page.getByRole('alertdialog', { name: 'Hapus Galeri?' })
    await expect(confirm).toContainText('semua media di dalamnya')
    await confirm.getByRole('button', { name: 'Batal' }).click()
    await expect(card(page, name)).toBeVisible()

    await page.route('**/rest/v1/galleries**', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Nanti saja' }) })
        : route.continue(),
    )
    await card(page, name).getByRole('button', { name: /^Hapus/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(page, 'Gagal menghapus galeri', 'Nanti saja')
    await page.unroute('**/rest/v1/galleries**')

    await card(page, name).getByRole('button', { name: /^Hapus/ }).click()
    confirm = page.getByRole('alertdialog')
    await confirm.getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(page, 'Galeri dihapus!')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Manajemen Galeri' })).toBeVisible()
    await expect(card(page, name)).toHaveCount(0)
    await context.close()
  })

  test('empty state and load failure', async ({ browser, baseURL }) => {
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.route('**/rest/v1/galleries**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    )
    await page.goto('/admin/gallery')
    await expect(page.getByRole('heading', { name: 'Belum Ada Galeri' })).toBeVisible()
    await expect(page.getByText("Klik 'Tambah Galeri'")).toBeVisible()
    await page.unroute('**/rest/v1/galleries**')
    await page.route('**/rest/v1/galleries**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'gallery backend unreachable' }) }),
    )
    await page.reload()
    await expectToast(page, 'Gagal memuat galeri', 'Terjadi kesalahan. Silakan coba lagi.')
    await context.close()
  })

  test('keyboard only: create, edit and delete a gallery', async ({ cleanup, browser, baseURL }) => {
    const name = cleanup.gallery(`Galeri Papan Ketik ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.goto('/admin/gallery')
    await tabTo(page, page.getByRole('button', { name: 'Tambah Galeri' }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Galeri Baru' })
    await expect(dialog.getByLabel('Nama Galeri')).toBeFocused()
    await page.keyboard.type(name)
    await page.keyboard.press('Tab')
    await page.keyboard.type('Dibuat dengan papan ketik.')
    await page.keyboard.press('Enter')
    await tabTo(page, dialog.getByRole('button', { name: 'Simpan Galeri' }))
    await page.keyboard.press('Enter')
    await expectToast(page, 'Galeri berhasil dibuat!')

    await tabTo(page, card(page, name).getByRole('button', { name: /^Edit/ }))
    await page.keyboard.press('Enter')
    const edit = page.getByRole('dialog', { name: 'Edit Galeri' })
    await expect(edit.getByLabel('Nama Galeri')).toBeFocused()
    cleanup.gallery(`${name} (revisi)`)
    await page.keyboard.type(' (revisi)')
    await page.keyboard.press('Enter')
    await expectToast(page, 'Galeri berhasil diperbarui!')
    await expect(card(page, `${name} (revisi)`)).toBeVisible()

    await tabTo(page, card(page, name).getByRole('button', { name: /^Hapus/ }))
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Galeri?' })
    await tabTo(page, confirm.getByRole('button', { name: 'Ya, Hapus' }), 4)
    await page.keyboard.press('Enter')
    await expectToast(page, 'Galeri dihapus!')
    await expect(card(page, name)).toHaveCount(0)
    await context.close()
  })
})
