// Issue 44 (medium 1): on a nearly full disk every upload is refused with the server's 507, and
// staff read its Indonesian message, not a generic "coba lagi".
import { errors } from '../../server/storage/errors.ts'
import { DISK_FULL_MESSAGE } from '../../src/lib/storage-error-messages'
import { articleBody, expect, expectToast, newSignedInPage, test, type Account } from './fixtures'
import { imageFile } from './images'
import type { Page } from '@playwright/test'

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`)

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved' })
})

/** Every upload answered as the storage server answers it below its disk reserve. */
async function diskBelowReserve(page: Page) {
  const refusal = errors.diskFull()
  await page.route(/\/storage\/v1\/object\/(?!public|sign|list|move|copy)/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 507, contentType: 'application/json', headers: refusal.headers, body: JSON.stringify(refusal.body()) })
      : route.fallback())
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`a full disk is told in the server's words for a gallery photo, an article cover and a document @${viewport.width}`, async ({ browser, baseURL, newGallery }) => {
    test.setTimeout(90_000)
    const gallery = await newGallery({ name: `Galeri Disk Penuh ${Date.now()} ${viewport.width}` })
    const { context, page } = await newSignedInPage(browser, baseURL!, admin, viewport)
    await diskBelowReserve(page)
    try {
      await page.goto('/admin/gallery')
      await page.getByRole('listitem').filter({ hasText: gallery.name }).getByRole('button', { name: `Kelola foto ${gallery.name}` }).click()
      const photos = page.getByRole('dialog', { name: `Foto Galeri: ${gallery.name}` })
      await photos.getByLabel('Unggah Foto').setInputFiles(imageFile('apel-pagi.png', [30, 90, 30]))
      const row = photos.getByRole('list', { name: 'Status unggahan' }).getByRole('listitem').filter({ hasText: 'apel-pagi.png' })
      await expect(row).toContainText(DISK_FULL_MESSAGE)
      await expect(photos).not.toContainText('coba lagi')
      await page.screenshot({ path: test.info().outputPath(`gallery-${viewport.width}.png`) })
      await page.keyboard.press('Escape')

      await page.goto('/admin/content')
      await page.getByRole('button', { name: 'Tambah Artikel' }).click()
      const editor = page.getByRole('dialog', { name: 'Artikel Baru' })
      await editor.getByLabel('Judul').fill(`Disk Penuh ${Date.now()}`)
      await editor.getByLabel('Kategori').fill('Latihan')
      await articleBody(editor).fill('Isi artikel.')
      await editor.getByLabel('Pilih gambar sampul').setInputFiles(imageFile('sampul.png', [200, 40, 40]))
      await editor.getByRole('button', { name: 'Simpan Artikel' }).click()
      await expectToast(page, 'Upload Gagal', `sampul.png: ${DISK_FULL_MESSAGE}`)
      await expect(page.getByText('Terjadi kesalahan. Silakan coba lagi.')).toHaveCount(0)
      await page.screenshot({ path: test.info().outputPath(`cover-${viewport.width}.png`) })

      await page.goto('/admin/dokumen')
      await page.getByRole('button', { name: 'Unggah Dokumen' }).click()
      const documents = page.getByRole('dialog', { name: 'Unggah Dokumen' })
      await documents.getByLabel('Judul').fill('Laporan Disk Penuh')
      await documents.getByLabel('Kategori').selectOption('setiap_saat')
      await documents.getByLabel('Tahun').fill('2026')
      await documents.getByLabel('Berkas').setInputFiles({ name: 'laporan.pdf', mimeType: 'application/pdf', buffer: pdf('Laporan') })
      await documents.getByRole('button', { name: 'Simpan' }).click()
      await expectToast(page, 'Gagal Menyimpan Dokumen', DISK_FULL_MESSAGE)
      await expect(page.getByText('Terjadi kesalahan. Silakan coba lagi.')).toHaveCount(0)
      await page.screenshot({ path: test.info().outputPath(`document-${viewport.width}.png`) })
    } finally {
      await context.close()
    }
  })
}
