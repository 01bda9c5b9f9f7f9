import { expect, expectToast, newSignedInPage, test, type Account } from './fixtures'
import { serviceClient } from '../support/cleanup'
import { expectNoAxeViolations, newPage } from '../support/fixtures'

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Letda Penerangan' })
})

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`)

/** Removes what the test made: the document and its file (the service role passes the trash's hold on it). */
async function removeDocuments(baseURL: string, title: string) {
  const service = await serviceClient(baseURL)
  const { data } = await service.from('public_documents').select('id, file_path').eq('title', title)
  for (const row of data ?? []) {
    await service.from('public_documents').delete().eq('id', row.id)
    await service.storage.from('documents').remove([row.file_path])
  }
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`staff publish a regulation as a PDF and a reader finds and downloads it, with and without JavaScript @${viewport.width}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000)
    const title = `Peraturan Komandan Uji ${Date.now()} ${viewport.width}`
    const { context, page } = await newSignedInPage(browser, baseURL!, admin, viewport)
    const visitor = await newPage(browser, baseURL!, viewport)
    const noJs = await browser.newContext({ baseURL, viewport, locale: 'id-ID', javaScriptEnabled: false })
    try {
      await page.goto('/admin/dokumen')
      await expect(page.getByRole('heading', { name: 'Dokumen Informasi Publik', level: 1 })).toBeVisible()
      await expectNoAxeViolations(page, `Dokumen @${viewport.width}`)

      await page.getByRole('button', { name: 'Unggah Dokumen' }).click()
      const dialog = page.getByRole('dialog', { name: 'Unggah Dokumen' })
      // nothing filled: told in Indonesian, nothing sent
      await dialog.getByRole('button', { name: 'Simpan' }).click()
      await expect(dialog.getByText('Judul dokumen wajib diisi.')).toBeVisible()
      await expect(dialog.getByText('Pilih kategori dokumen.')).toBeVisible()
      await dialog.getByLabel('Judul').fill(title)
      await dialog.getByLabel('Kategori').selectOption('setiap_saat')
      await dialog.getByLabel('Tahun').fill('2026')
      await dialog.getByLabel('Terbitkan di halaman Informasi Publik').check()
      // a web page named .pdf is refused by the server from its bytes
      await dialog.getByLabel('Berkas').setInputFiles({ name: 'surat.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') })
      await dialog.getByRole('button', { name: 'Simpan' }).click()
      await expectToast(page, 'Gagal Menyimpan Dokumen', 'Jenis berkas tidak didukung')
      await dialog.getByLabel('Berkas').setInputFiles({ name: 'peraturan.pdf', mimeType: 'application/pdf', buffer: pdf(title) })
      await page.screenshot({ path: test.info().outputPath(`admin-dialog-${viewport.width}.png`) })
      await dialog.getByRole('button', { name: 'Simpan' }).click()
      await expectToast(page, 'Dokumen Diunggah')
      await expect(dialog).toBeHidden()
      await expect(page.getByText(title).filter({ visible: true })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`admin-${viewport.width}.png`), fullPage: true })

      // a reader searches for it and downloads it; on a phone the list is one tap from the top
      await visitor.page.goto('/informasi-publik')
      const jump = visitor.page.getByRole('link', { name: 'Lihat Daftar Dokumen Informasi Publik' })
      await expect(jump).toBeInViewport()
      await jump.click()
      await expect(visitor.page.getByRole('heading', { name: 'Daftar Dokumen Informasi Publik' })).toBeInViewport()
      await visitor.page.getByLabel('Cari dokumen').fill(title)
      await visitor.page.getByRole('button', { name: 'Cari' }).click()
      await expect(visitor.page.getByTestId('document-summary')).toHaveText('1 dokumen ditemukan')
      const link = visitor.page.getByRole('link', { name: `Unduh ${title} (PDF, 1 KB)` })
      await expect(link).toBeVisible()
      await expectNoAxeViolations(visitor.page, `Informasi Publik @${viewport.width}`)
      await visitor.page.screenshot({ path: test.info().outputPath(`public-${viewport.width}.png`), fullPage: true })
      const file = await visitor.page.request.get((await link.getAttribute('href'))!)
      expect(file.status()).toBe(200)
      expect(file.headers()['content-type']).toBe('application/pdf')
      expect(await file.text()).toContain(title)
      // saved under its title, not the storage key
      expect(file.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`)
      const href = (await link.getAttribute('href'))!

      // the same without JavaScript: the form is a plain GET, the link a plain link
      const plain = await noJs.newPage()
      await plain.goto('/informasi-publik')
      await plain.getByLabel('Cari dokumen').fill(title)
      await plain.getByLabel('Kategori').selectOption('setiap_saat')
      await plain.getByRole('button', { name: 'Cari' }).click()
      await expect(plain).toHaveURL(/kategori=setiap_saat/)
      await expect(plain.getByRole('link', { name: `Unduh ${title} (PDF, 1 KB)` })).toBeVisible()
      await plain.screenshot({ path: test.info().outputPath(`public-nojs-${viewport.width}.png`), fullPage: true })

      // taken back after a question: gone from the list
      await page.getByRole('button', { name: `Tarik ${title}` }).click()
      const ask = page.getByRole('alertdialog', { name: 'Tarik dokumen?' })
      await expect(ask).toContainText(title)
      await ask.getByRole('button', { name: 'Tarik' }).click()
      await expectToast(page, 'Dokumen Ditarik')
      await plain.reload()
      await expect(plain.getByText('Tidak ada dokumen yang sesuai dengan pencarian.')).toBeVisible()

      // its old link (a bookmark, the sitemap, a search engine) tells the reader in Indonesian where to look
      await visitor.page.goto(href)
      await expect(visitor.page.getByRole('heading', { name: 'Dokumen tidak lagi tersedia', level: 1 })).toBeVisible()
      await expect(visitor.page.getByText('NoSuchKey')).toHaveCount(0)
      await visitor.page.screenshot({ path: test.info().outputPath(`gone-${viewport.width}.png`) })
      await visitor.page.getByRole('link', { name: 'Lihat Daftar Dokumen Informasi Publik' }).click()
      await expect(visitor.page).toHaveURL(/\/informasi-publik#dokumen$/)
      await expect(visitor.page.getByRole('heading', { name: 'Daftar Dokumen Informasi Publik' })).toBeVisible()

      // a double click on 'Terbitkan' publishes once, without a conflict
      await page.getByRole('button', { name: `Terbitkan ${title}` }).dblclick()
      await expectToast(page, 'Dokumen Diterbitkan')
      await expect(page.getByRole('button', { name: `Tarik ${title}` })).toBeVisible()
      await expect(page.getByText('Gagal Mengubah Status')).toHaveCount(0)
      await expect(page.getByRole('alertdialog')).toHaveCount(0)
    } finally {
      await context.close()
      await visitor.context.close()
      await noJs.close()
      await removeDocuments(baseURL!, title)
    }
  })
}
