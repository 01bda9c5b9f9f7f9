// Issue 24: two editors on one article, revisions, the trash and unsaved text, at 390 and 1440 px.
import type { Browser, Page } from '@playwright/test'
import { articleBody, expect, expectToast, newSignedInPage, signedInClient, test, toast, type Account } from './fixtures'
import { png } from './images'
import { serviceClient } from '../support/cleanup'

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

let first: Account
let second: Account
test.beforeEach(async ({ newAccount }) => {
  first = await newAccount({ role: 'admin', status: 'approved', fullName: 'Letda Pertama' })
  second = await newAccount({ role: 'admin', status: 'approved', fullName: 'Kapten Kedua' })
})

async function openEditor(browser: Browser, baseURL: string, account: Account, title: string, viewport: { width: number; height: number }) {
  const { context, page } = await newSignedInPage(browser, baseURL, account, viewport)
  await page.goto('/admin/content')
  await page.getByLabel('Cari artikel').fill(title)
  await page.getByRole('button', { name: `Edit "${title}"` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Artikel' })
  await expect(dialog.getByLabel('Judul')).toHaveValue(title)
  return { context, page, dialog }
}

async function storedRow(baseURL: string, account: Account, id: string) {
  const { supabase } = await signedInClient(baseURL, account.email, account.password)
  const { data, error } = await supabase.from('articles').select('title, content, version').eq('id', id).single()
  if (error) throw error
  return data
}

async function conflict(browser: Browser, baseURL: string, title: string, viewport: { width: number; height: number }) {
  const a = await openEditor(browser, baseURL, first, title, viewport)
  const b = await openEditor(browser, baseURL, second, title, viewport)
  await expect(b.dialog.getByText('Sedang disunting oleh Letda Pertama.')).toBeVisible()

  await a.dialog.getByLabel('Judul').fill(`${title} (judul baru)`)
  await a.dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
  await expectToast(a.page, 'Artikel Berhasil Diperbarui!', 'Sudah terbit.')

  await articleBody(b.dialog).click()
  await b.page.keyboard.press('End')
  await b.page.keyboard.type(' Koreksi dari Kapten.')
  await b.dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
  await expectToast(b.page, 'Artikel Telah Diubah', 'Letda Pertama telah menyimpan versi yang lebih baru')
  const panel = b.dialog.getByRole('alert', { name: 'Artikel Telah Diubah' })
  await expect(panel).toBeVisible()
  // on a phone too, the choices come into view and focus moves to them
  await expect(panel.getByText('Artikel Telah Diubah', { exact: true })).toBeFocused()
  await expect(panel.getByRole('button', { name: 'Simpan Tetap' })).toBeInViewport()
  // the toast over the open dialog does not cover the panel's heading
  const heading = (await panel.getByText('Artikel Telah Diubah', { exact: true }).boundingBox())!
  const shown = (await toast(b.page, 'Artikel Telah Diubah').boundingBox())!
  expect(heading.y >= shown.y + shown.height || heading.y + heading.height <= shown.y, 'the toast covers the heading').toBe(true)
  await expect(articleBody(b.dialog)).toContainText('Koreksi dari Kapten.')
  return { a, b, panel }
}

for (const viewport of VIEWPORTS) {
  test(`a stale save asks first: see the differences, then save anyway (${viewport.name})`, async ({ newArticle, browser, baseURL }) => {
    test.slow()
    const article = await newArticle({ title: `Konflik ${viewport.name} ${Date.now()}`, content: '<p>Isi awal redaksi.</p>' })
    const { a, b, panel } = await conflict(browser, baseURL, article.title, viewport)
    await panel.getByRole('button', { name: 'Lihat Perbedaan' }).click()
    await expect(panel.getByLabel('Perbedaan judul').locator('del')).toContainText('(judul baru)')
    await expect(panel.getByLabel('Perbedaan isi').locator('ins')).toContainText('Koreksi dari Kapten.')
    await b.page.screenshot({ path: `screenshots/newsroom-conflict-${viewport.name}.png` })
    await panel.getByRole('button', { name: 'Simpan Tetap' }).click()
    await expect(panel.getByText('tetap tersimpan di Riwayat Revisi')).toBeVisible()
    const confirm = panel.getByRole('button', { name: 'Ya, Simpan Tetap' })
    await expect(confirm).toBeFocused()
    await confirm.click()
    await expectToast(b.page, 'Artikel Berhasil Diperbarui!')
    await expect(b.dialog).toBeHidden()
    const row = await storedRow(baseURL, first, article.id)
    expect(row).toMatchObject({ title: article.title, version: 3 })
    expect(row.content).toContain('Koreksi dari Kapten.')
    await a.context.close()
    await b.context.close()
  })

  test(`a stale save asks first: reload the newer version (${viewport.name})`, async ({ newArticle, browser, baseURL }) => {
    test.slow()
    const article = await newArticle({ title: `Muat ulang ${viewport.name} ${Date.now()}`, content: '<p>Isi awal redaksi.</p>' })
    const { a, b, panel } = await conflict(browser, baseURL, article.title, viewport)
    await panel.getByRole('button', { name: 'Muat Versi Terbaru' }).click()
    await expect(b.dialog.getByLabel('Judul')).toHaveValue(`${article.title} (judul baru)`)
    await expect(articleBody(b.dialog)).not.toContainText('Koreksi dari Kapten.')
    await expect(b.dialog.getByRole('alert', { name: 'Artikel Telah Diubah' })).toHaveCount(0)
    expect(await storedRow(baseURL, first, article.id)).toMatchObject({ title: `${article.title} (judul baru)`, version: 2 })
    await a.context.close()
    await b.context.close()
  })

  test(`Riwayat Revisi lists earlier versions with a word diff and restores one (${viewport.name})`, async ({ newArticle, browser, baseURL }) => {
    const article = await newArticle({ title: `Revisi ${viewport.name} ${Date.now()}`, content: '<p>Teks pertama yang benar.</p>' })
    const { supabase } = await signedInClient(baseURL, first.email, first.password)
    const { error } = await supabase.from('articles')
      .update({ content: '<p>Teks kedua yang salah.</p>', author_id: first.id, version: 1 }).eq('id', article.id)
    expect(error).toBeNull()
    const { context, page, dialog } = await openEditor(browser, baseURL, second, article.title, viewport)
    await dialog.getByRole('button', { name: 'Riwayat Revisi' }).click()
    const history = dialog.getByRole('region', { name: 'Riwayat Revisi' })
    await expect(history.getByText(/Versi 1/)).toBeVisible()
    await history.getByRole('button', { name: 'Lihat Perbedaan' }).click()
    const diff = history.getByLabel('Perbedaan versi 1 dengan teks sekarang')
    await expect(diff.locator('del')).toHaveText(['pertama', 'benar'])
    await expect(diff.locator('ins')).toHaveText(['kedua', 'salah'])
    await page.screenshot({ path: `screenshots/newsroom-revisions-${viewport.name}.png` })
    await history.getByRole('button', { name: 'Pulihkan versi 1' }).click()
    await expectToast(page, 'Revisi Dipulihkan', 'Versi 1 kini menjadi versi 3.')
    await expect(articleBody(page.getByRole('dialog', { name: 'Edit Artikel' }))).toHaveText('Teks pertama yang benar.')
    expect(await storedRow(baseURL, first, article.id)).toMatchObject({ content: '<p>Teks pertama yang benar.</p>', version: 3 })
    await context.close()
  })

  test(`a deleted article comes back from Tempat Sampah with its URL and picture (${viewport.name})`, async ({ newArticle, browser, baseURL }) => {
    test.slow()
    const { supabase } = await signedInClient(baseURL, first.email, first.password)
    const path = `${first.id}/sampul-${viewport.name}-${Date.now()}.png`
    expect((await supabase.storage.from('article_images').upload(path, png(40, 30, [20, 90, 160]), { contentType: 'image/png' })).error).toBeNull()
    const coverUrl = supabase.storage.from('article_images').getPublicUrl(path).data.publicUrl
    const article = await newArticle({ title: `Sampah ${viewport.name} ${Date.now()}`, content: '<p>Akan dipulihkan.</p>', cover_image_url: coverUrl })

    const { context, page } = await newSignedInPage(browser, baseURL, first, viewport)
    await page.goto('/admin/content')
    await page.getByLabel('Cari artikel').fill(article.title)
    let asked = ''
    page.once('dialog', (confirm) => {
      asked = confirm.message()
      void confirm.accept()
    })
    await page.getByRole('button', { name: `Hapus "${article.title}"` }).click()
    await expectToast(page, 'Artikel dihapus!', 'Artikel dipindahkan ke Tempat Sampah dan dapat dipulihkan selama 30 hari.')
    expect(asked).toBe('Apakah Anda yakin ingin menghapus artikel ini?\n\nArtikel dipindahkan ke Tempat Sampah dan dapat dipulihkan selama 30 hari.')
    expect((await page.request.get(`/berita/${article.id}`)).status()).toBe(404)
    expect((await page.request.get(coverUrl)).status()).toBe(200)

    // Tempat Sampah is a button of its own beside 'Tambah Artikel', each entry with its purge date
    await page.getByRole('button', { name: 'Tempat Sampah' }).click()
    const trash = page.getByRole('region', { name: 'Tempat Sampah' })
    const restore = trash.getByRole('button', { name: `Pulihkan "${article.title}"` })
    await expect(restore).toBeVisible()
    await expect(page.locator(':text("oleh Letda Pertama"):visible')).toBeVisible()
    const purge = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Jakarta' })
      .format(new Date(Date.now() + 30 * 24 * 3600 * 1000))
    await expect(trash.locator(`:text("${purge}"):visible`).first()).toBeVisible()
    await page.screenshot({ path: `screenshots/newsroom-trash-${viewport.name}.png` })
    await restore.click()
    await expectToast(page, 'Artikel Dipulihkan')
    await expect(restore).toBeHidden()

    const visitor = await page.request.get(`/berita/${article.id}`)
    expect(visitor.status()).toBe(200)
    expect(await visitor.text()).toContain(article.title)
    expect((await page.request.get(coverUrl)).status()).toBe(200)
    await context.close()
    // the fixture deletes the article, whose picture the trash then keeps for 30 days
    await (await serviceClient(baseURL)).storage.from('article_images').remove([path])
  })

  test(`text typed before the tab closed is offered back (${viewport.name})`, async ({ newArticle, browser, baseURL }) => {
    const article = await newArticle({ title: `Pulihkan ${viewport.name} ${Date.now()}`, content: '<p>Isi tersimpan.</p>' })
    const { context, page, dialog } = await openEditor(browser, baseURL, first, article.title, viewport)
    await articleBody(dialog).click()
    await page.keyboard.press('End')
    await page.keyboard.type(' Kalimat yang belum disimpan.')
    await page.close()

    const again: Page = await context.newPage()
    await again.goto('/admin/content')
    await again.getByLabel('Cari artikel').fill(article.title)
    await again.getByRole('button', { name: `Edit "${article.title}"` }).click()
    const reopened = again.getByRole('dialog', { name: 'Edit Artikel' })
    const offer = reopened.getByRole('alert', { name: 'Perubahan belum disimpan' })
    await expect(offer).toContainText('Pulihkan perubahan yang belum disimpan?')
    await expect(articleBody(reopened)).not.toContainText('Kalimat yang belum disimpan.')
    await offer.getByRole('button', { name: 'Pulihkan' }).click()
    await expect(articleBody(reopened)).toContainText('Isi tersimpan. Kalimat yang belum disimpan.')
    await context.close()
  })
}

for (const viewport of VIEWPORTS) {
  test(`a deleted gallery comes back from Tempat Sampah with its photos (${viewport.name})`, async ({ newGallery, browser, baseURL }) => {
    const gallery = await newGallery({ name: `Galeri Sampah ${viewport.name} ${Date.now()}` })
    const { supabase } = await signedInClient(baseURL, first.email, first.password)
    const path = `${gallery.id}/foto.png`
    expect((await supabase.storage.from('gallery_photos').upload(path, png(40, 30, [160, 90, 20]), { contentType: 'image/png' })).error).toBeNull()
    expect((await supabase.from('gallery_photos').insert({ gallery_id: gallery.id, path, alt: 'Foto latihan' })).error).toBeNull()
    const url = supabase.storage.from('gallery_photos').getPublicUrl(path).data.publicUrl

    const { context, page } = await newSignedInPage(browser, baseURL, first, viewport)
    await page.goto('/admin/gallery')
    await page.getByRole('button', { name: `Hapus ${gallery.name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(page, 'Galeri dihapus!')
    expect((await page.request.get(url)).status()).toBe(200)

    await page.getByRole('button', { name: 'Tempat Sampah' }).click()
    const trash = page.getByRole('region', { name: 'Galeri di Tempat Sampah' })
    await expect(trash).toContainText('1 foto')
    await trash.getByRole('button', { name: `Pulihkan ${gallery.name}` }).click()
    await expectToast(page, 'Galeri Dipulihkan')
    await expect(page.getByRole('heading', { name: gallery.name })).toBeVisible()
    const { data } = await supabase.from('gallery_photos').select('path, alt').eq('gallery_id', gallery.id)
    expect(data).toEqual([{ path, alt: 'Foto latihan' }])
    expect((await page.request.get(url)).status()).toBe(200)
    await context.close()
  })
}
