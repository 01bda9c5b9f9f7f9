import { articleBody, client, expect, expectToast, newSignedInPage, tabTo, test, typeFormatted, type Account } from './fixtures'
import { corruptPng, fakePng, imageFile, png } from './images'
import type { Page } from '@playwright/test'

const DELETE_CONFIRM = 'Apakah Anda yakin ingin menghapus artikel ini?'

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Penulis Konten' })
})

async function openEditor(page: Page) {
  await page.goto('/admin/content')
  await page.getByRole('button', { name: 'Tambah Artikel' }).click()
  const dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function articleByTitle(baseURL: string, title: string) {
  const supabase = await client(baseURL)
  const { data, error } = await supabase.from('articles').select('*').eq('title', title)
  if (error) throw error
  return data
}

test.describe('content page', () => {
  test('article with a cover and four gallery images, one refused by its bytes at pick and one undecodable at upload: saves with the other two', async ({
    cleanup,
    browser,
    baseURL,
  }) => {
    const title = cleanup.article(`Latihan Terjun ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    const dialog = await openEditor(page)
    await dialog.getByLabel('Judul').fill(title)
    await expect(dialog.getByLabel('Kategori')).toHaveAttribute('placeholder', 'Kategori (e.g., Latihan, Operasi)')
    await dialog.getByLabel('Kategori').fill('Latihan')
    // Formatting from the keyboard: Ctrl+B around the bold words.
    await articleBody(dialog).click()
    await page.keyboard.type('Latihan ')
    await typeFormatted(page, 'ControlOrMeta+b', 'terjun payung')
    await page.keyboard.type(' di Semarang.')
    // Wider than 2,000 px: the browser scales it down before upload.
    await dialog
      .getByLabel('Pilih gambar sampul')
      .setInputFiles({ name: 'sampul utama.png', mimeType: 'image/png', buffer: png(2400, 600, [200, 40, 40]) })
    await dialog
      .getByLabel('Tambah gambar galeri')
      .setInputFiles([
        imageFile('galeri-1.png', [40, 200, 40]),
        fakePng('bukan-gambar.png'),
        corruptPng('rusak.png'),
        imageFile('galeri 3 (akhir).png', [40, 40, 200]),
      ])
    // Text named .png is refused at once by its bytes; a damaged picture passes that check and fails at upload.
    await expectToast(page, 'Upload Gagal', 'bukan-gambar.png bukan file gambar.')
    await expect(dialog.getByRole('img')).toHaveCount(4)
    // Per-image removal before saving.
    await dialog.getByLabel('Tambah gambar galeri').setInputFiles(imageFile('salah-pilih.png', [9, 9, 9]))
    await dialog.getByRole('button', { name: 'Hapus salah-pilih.png' }).click()
    await expect(dialog.getByRole('img')).toHaveCount(4)

    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expect(dialog.getByRole('button', { name: 'Menyimpan...' })).toBeDisabled()
    await expectToast(page, 'Artikel Berhasil Dibuat!', '1 gambar galeri gagal diunggah')
    await expect(dialog).toBeHidden()

    const [saved] = await articleByTitle(baseURL, title)
    expect(saved.category).toBe('Latihan')
    expect(saved.content).toBe('<p>Latihan <strong>terjun payung</strong> di Semarang.</p>')
    // Re-encoded in the browser (src/lib/images): WebP, named after the picked file.
    expect(saved.cover_image_url).toMatch(new RegExp(`/article_images/${admin.id}/\\d+_sampul_utama\\.webp$`))
    expect(saved.image_gallery_urls).toHaveLength(2)
    expect(saved.image_gallery_urls[0]).toMatch(new RegExp(`/article_images/${admin.id}/gallery/\\d+_galeri-1\\.webp$`))
    expect(saved.image_gallery_urls[1]).toMatch(/\/gallery\/\d+_galeri_3_akhir\.webp$/)
    for (const url of [saved.cover_image_url!, ...saved.image_gallery_urls]) {
      const res = await page.request.get(url)
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toContain('image/webp')
      expect((await res.body()).length).toBeLessThanOrEqual(500 * 1024)
    }

    await page.reload()
    const row = page.getByRole('row').filter({ hasText: title })
    await expect(row).toContainText('Latihan')

    // The public page shows the cover and both gallery images.
    const publicPage = await context.newPage()
    await publicPage.goto(`/berita/${saved.id}`)
    await expect(publicPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
    // The slideshow shows one picture at a time: cover first, then the two stored gallery images.
    const images = [saved.cover_image_url!, ...saved.image_gallery_urls]
    await expect(publicPage.getByRole('button', { name: /^Tampilkan gambar/ })).toHaveCount(images.length)
    for (const url of images) {
      const shown = publicPage.locator(`img[src="${url}"]`)
      await expect(shown).toBeVisible()
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(url === saved.cover_image_url ? 2000 : 64)
      await publicPage.getByRole('button', { name: 'Gambar berikutnya' }).click()
    }
    await context.close()
  })

  test('a refused cover aborts the save and keeps everything typed', async ({ cleanup, browser, baseURL }) => {
    const title = cleanup.article(`Sampul Ditolak ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    const dialog = await openEditor(page)
    await dialog.getByLabel('Judul').fill(title)
    await dialog.getByLabel('Kategori').fill('Operasi')
    await articleBody(dialog).fill('Isi yang tidak boleh hilang.')
    await dialog.getByLabel('Pilih gambar sampul').setInputFiles(fakePng('teks.png'))
    await expectToast(page, 'Upload Gagal', 'teks.png bukan file gambar.')
    await expect(dialog.getByRole('button', { name: 'Hapus gambar sampul' })).toHaveCount(0)
    await dialog.getByLabel('Pilih gambar sampul').setInputFiles(corruptPng('sampul.png'))
    await dialog.getByLabel('Tambah gambar galeri').setInputFiles(imageFile('ok.png', [1, 2, 3]))
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Upload Gagal', 'sampul.png')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Judul')).toHaveValue(title)
    await expect(dialog.getByLabel('Kategori')).toHaveValue('Operasi')
    await expect(articleBody(dialog)).toHaveText('Isi yang tidak boleh hilang.')
    await expect(dialog.getByRole('button', { name: 'Simpan Artikel' })).toBeEnabled()
    expect(await articleByTitle(baseURL, title)).toHaveLength(0)

    // Swap in a real picture: the same form now saves.
    await dialog.getByRole('button', { name: 'Hapus gambar sampul' }).click()
    await dialog.getByLabel('Pilih gambar sampul').setInputFiles(imageFile('sampul-asli.png', [5, 5, 5]))
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!')
    const [saved] = await articleByTitle(baseURL, title)
    expect(saved.image_gallery_urls).toHaveLength(1)
    await context.close()
  })

  test('a failed save keeps the form, and the retry does not upload twice', async ({ cleanup, browser, baseURL }) => {
    const title = cleanup.article(`Simpan Gagal ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    const dialog = await openEditor(page)
    await dialog.getByLabel('Judul').fill(title)
    await articleBody(dialog).fill('Isi')
    await dialog.getByLabel('Pilih gambar sampul').setInputFiles(imageFile('sekali.png', [7, 7, 7]))
    let uploads = 0
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/storage/v1/object/article_images/')) uploads++
    })
    await page.route('**/rest/v1/articles**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'XX000', message: 'Server sedang sibuk', details: null, hint: null }),
          })
        : route.continue(),
    )
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Gagal Menyimpan', 'Server sedang sibuk')
    await expect(dialog.getByLabel('Judul')).toHaveValue(title)
    await expect(dialog.getByRole('img', { name: 'sekali.png' })).toBeVisible()
    await page.unroute('**/rest/v1/articles**')
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!')
    expect(uploads).toBe(1)
    await context.close()
  })

  test('a cover stored by a failed save is removed when the article is then discarded', async ({ browser, baseURL }) => {
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    const dialog = await openEditor(page)
    await dialog.getByLabel('Judul').fill(`Tidak Jadi ${Date.now()}`)
    await articleBody(dialog).fill('Isi')
    await dialog.getByLabel('Pilih gambar sampul').setInputFiles(imageFile('ditinggal.png', [8, 8, 8]))
    const stored = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/storage/v1/object/article_images/'))
    await page.route('**/rest/v1/articles**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'Server sedang sibuk' }) })
        : route.continue(),
    )
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    const { Key } = (await (await stored).json()) as { Key: string }
    const url = `${baseURL}/storage/v1/object/public/${Key}`
    await expectToast(page, 'Gagal Menyimpan', 'Server sedang sibuk')
    expect((await page.request.get(url)).status()).toBe(200)

    await dialog.getByRole('button', { name: 'Batal', exact: true }).click()
    await page.getByRole('alertdialog', { name: 'Buang perubahan?' }).getByRole('button', { name: 'Buang Perubahan' }).click()
    await expect(dialog).toBeHidden()
    await expect.poll(async () => (await page.request.get(url)).status()).not.toBe(200)
    await context.close()
  })

  test('validation, unsaved-changes prompt, edit, delete and their failures', async ({ cleanup, browser, baseURL }) => {
    test.slow()
    const title = cleanup.article(`Artikel Sunting ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    let dialog = await openEditor(page)
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Data Tidak Lengkap', 'Judul dan isi artikel tidak boleh kosong.')
    // Each missing field says so itself, linked for screen readers.
    const titleInput = dialog.getByLabel('Judul')
    await expect(titleInput).toHaveAttribute('aria-invalid', 'true')
    await expect(titleInput).toHaveAccessibleDescription('Judul dan isi artikel tidak boleh kosong.')
    await expect(articleBody(dialog)).toHaveAttribute('aria-invalid', 'true')
    await titleInput.fill(title)
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Data Tidak Lengkap')
    await expect(titleInput).not.toHaveAttribute('aria-invalid')
    await expect(articleBody(dialog)).toHaveAccessibleDescription('Judul dan isi artikel tidak boleh kosong.')

    // Closing with unsaved text asks first.
    await page.keyboard.press('Escape')
    const prompt = page.getByRole('alertdialog', { name: 'Buang perubahan?' })
    await expect(prompt).toBeVisible()
    await prompt.getByRole('button', { name: 'Lanjutkan Mengedit' }).click()
    await expect(dialog.getByLabel('Judul')).toHaveValue(title)
    await articleBody(dialog).fill('Versi pertama')
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!')

    const row = page.getByRole('row').filter({ hasText: title })
    await expect(row.getByRole('cell').nth(1)).toHaveText('-')
    await expect(row.getByRole('cell').nth(2)).toHaveText('Terbit')
    const date = await row.getByRole('cell').nth(3).textContent()
    expect(date).toMatch(/^\d{1,2} \w{3} \d{4}$/)
    await expect(row.getByRole('link', { name: /di tab baru/ })).toHaveAttribute('target', '_blank')

    // Edit: unchanged form closes without asking; a change is saved.
    await row.getByRole('button', { name: /^Edit/ }).click()
    dialog = page.getByRole('dialog', { name: 'Edit Artikel' })
    await expect(dialog.getByLabel('Judul')).toHaveValue(title)
    await dialog.getByRole('button', { name: 'Batal' }).click()
    await expect(dialog).toBeHidden()
    await row.getByRole('button', { name: /^Edit/ }).click()
    await dialog.getByLabel('Kategori').fill('Operasi')
    await page.route('**/rest/v1/articles**', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Tidak tersedia' }) })
        : route.continue(),
    )
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Gagal Memperbarui', 'Tidak tersedia')
    await expect(dialog.getByLabel('Kategori')).toHaveValue('Operasi')
    await page.unroute('**/rest/v1/articles**')
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Diperbarui!')
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Operasi')

    // Delete: the browser confirm; dismissing keeps the article.
    const messages: string[] = []
    page.once('dialog', (d) => {
      messages.push(d.message())
      void d.dismiss()
    })
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Hapus/ }).click()
    await expect.poll(() => messages).toEqual([`${DELETE_CONFIRM}\n\nArtikel dipindahkan ke Tempat Sampah dan dapat dipulihkan selama 30 hari.`])
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1)

    await page.route('**/rest/v1/articles**', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Coba lagi nanti' }) })
        : route.continue(),
    )
    page.once('dialog', (d) => void d.accept())
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Hapus/ }).click()
    await expectToast(page, 'Gagal menghapus', 'Coba lagi nanti')
    await page.unroute('**/rest/v1/articles**')

    page.once('dialog', (d) => void d.accept())
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Hapus/ }).click()
    await expectToast(page, 'Artikel dihapus!')
    await page.reload()
    await expect(page.getByRole('button', { name: 'Tambah Artikel' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)
    expect(await articleByTitle(baseURL, title)).toHaveLength(0)

    await page.route('**/rest/v1/articles**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'database is down' }) }),
    )
    await page.reload()
    await expectToast(page, 'Gagal memuat artikel', 'Terjadi kesalahan. Silakan coba lagi.')
    await context.close()
  })

  test('keyboard only: create, edit and delete an article', async ({ cleanup, browser, baseURL }) => {
    // The longest keyboard walk in the suite: on a loaded 2-core machine it needs more than the default.
    test.slow()
    const title = cleanup.article(`Papan Ketik ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.goto('/admin/content')
    await expect(page.getByRole('heading', { level: 1, name: 'Manajemen Konten' })).toBeVisible()
    await tabTo(page, page.getByRole('button', { name: 'Tambah Artikel' }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
    await tabTo(page, dialog.getByLabel('Judul'))
    await page.keyboard.type(title)
    await page.keyboard.press('Tab')
    await page.keyboard.type('Kegiatan')
    // The formatting toolbar is one Tab stop, then the preview switch, then the text.
    await tabTo(page, articleBody(dialog), 4)
    await page.keyboard.type('Ditulis tanpa tetikus.')
    await tabTo(page, dialog.getByRole('button', { name: 'Simpan Artikel' }))
    await page.keyboard.press('Enter')
    await expectToast(page, 'Artikel Berhasil Dibuat!')

    const row = page.getByRole('row').filter({ hasText: title })
    await tabTo(page, row.getByRole('button', { name: /^Edit/ }))
    await page.keyboard.press('Enter')
    const edit = page.getByRole('dialog', { name: 'Edit Artikel' })
    await tabTo(page, edit.getByLabel('Kategori'))
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Operasi')
    await tabTo(page, edit.getByRole('button', { name: 'Simpan Artikel' }))
    await page.keyboard.press('Enter')
    await expectToast(page, 'Artikel Berhasil Diperbarui!')
    await expect(row).toContainText('Operasi')

    page.once('dialog', (d) => void d.accept())
    await tabTo(page, row.getByRole('button', { name: /^Hapus/ }))
    await page.keyboard.press('Enter')
    await expectToast(page, 'Artikel dihapus!')
    await expect(row).toHaveCount(0)
    await context.close()
  })
})
