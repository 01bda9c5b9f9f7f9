// Issue 33: publishing is a choice beside the button, captions before the first save, the
// publication date in Manajemen Konten, toasts that cover no dialog button, at 390 and 1440 px.
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { articleBody, expect, expectToast, newSignedInPage, test, type Account } from './fixtures'
import { imageFile } from './images'
import { serviceClient } from '../support/cleanup'

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Penulis' })
})

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not rendered')
  return found
}
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The toast showing now must cover none of the open dialog's visible buttons. */
async function expectToastClearOfButtons(page: Page, dialog: Locator) {
  const toast = page.locator('[data-sonner-toast][data-visible="true"]').first()
  await expect(toast).toBeVisible()
  const toastBox = await box(toast)
  const buttons = dialog.getByRole('button')
  for (let i = 0; i < (await buttons.count()); i += 1) {
    const button = buttons.nth(i)
    if (!(await button.isVisible()) || !(await button.evaluate((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight }))) continue
    expect(overlaps(toastBox, await box(button)), `toast covers "${await button.innerText()}"`).toBe(false)
  }
}

for (const viewport of VIEWPORTS) {
  test(`the save's outcome stands beside the button; a draft is one tap; captions before the first save (${viewport.name})`, async ({ cleanup, browser, baseURL }) => {
    test.slow()
    const title = cleanup.article(`Pilihan ${viewport.name} ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL!, admin, viewport)
    await page.goto('/admin/content')
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    const dialog = page.getByRole('dialog', { name: 'Artikel Baru' })

    // SPEC.md's default stays (a saved new article is public), but it is said beside the button
    const save = dialog.getByRole('button', { name: 'Simpan Artikel' })
    await expect(save).toBeInViewport()
    await expect(dialog.getByLabel('Terbitkan sekarang')).toBeChecked()
    await expect(dialog.getByLabel('Terbitkan sekarang')).toBeInViewport()
    await expect(dialog.getByText('Langsung tampil di situs publik, RSS dan peta situs.')).toBeInViewport()
    await expect(dialog.getByRole('button', { name: 'Simpan Draf' })).toBeInViewport()

    // a refused save: the toast shows clear of the dialog's buttons, and axe finds nothing with it
    await save.click()
    await expectToast(page, 'Data Tidak Lengkap')
    await expect(page.locator('[data-sonner-toast] [data-close-button]').first()).toHaveAttribute('aria-label', 'Tutup notifikasi')
    await expect(dialog.getByLabel('Judul')).toBeFocused()
    await expectToastClearOfButtons(page, dialog)
    // axe measures contrast as shown: wait until the toast has faded fully in
    await expect(page.locator('[data-sonner-toast][data-visible="true"]').first()).toHaveCSS('opacity', '1')
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
    expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

    await dialog.getByLabel('Judul').fill(title)
    await articleBody(dialog).fill('Setengah jadi, belum untuk umum.')
    await dialog.locator('input[type="file"]').first().setInputFiles(imageFile('sampul-latihan.png', [30, 120, 60]))
    const caption = dialog.getByLabel('Keterangan gambar sampul (sampul-latihan.png)')
    await caption.fill('Helikopter di landasan saat fajar.')
    await page.screenshot({ path: `screenshots/newsroom-choices-${viewport.name}.png` })

    await dialog.getByRole('button', { name: 'Simpan Draf' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!', 'Disimpan sebagai draf.')
    await expect(dialog).toBeHidden()

    const service = await serviceClient(baseURL!)
    const { data: stored } = await service.from('articles').select('published_at, cover_image_url, image_captions, author_id').eq('title', title).single()
    expect(stored!.published_at).toBeNull()
    expect(stored!.author_id).toBe(admin.id)
    expect(stored!.image_captions).toEqual({ [stored!.cover_image_url!]: 'Helikopter di landasan saat fajar.' })

    // Manajemen Konten: the author, and the publication date beside 'Dibuat Pada' (none for a draft)
    await page.getByLabel('Cari artikel').fill(title)
    const row = page.getByRole(viewport.name === 'phone' ? 'listitem' : 'row').filter({ hasText: title })
    await expect(row.getByText('Oleh Serda Penulis')).toBeVisible()
    if (viewport.name === 'desktop') await expect(page.getByRole('columnheader', { name: 'Tanggal Terbit' })).toBeVisible()
    await context.close()
  })

  test(`a scheduled article shows its go-live time, and the editor's name after another's edit (${viewport.name})`, async ({ newArticle, newAccount, browser, baseURL }) => {
    const goLive = '2099-12-31T01:30:00.000Z'
    const article = await newArticle({ title: `Terjadwal ${viewport.name} ${Date.now()}`, content: '<p>Nanti.</p>', published_at: goLive })
    const editor = await newAccount({ role: 'admin', status: 'approved', fullName: 'Kapten Penyunting' })
    const { context, page } = await newSignedInPage(browser, baseURL!, editor, viewport)
    await page.goto('/admin/content')
    await page.getByLabel('Cari artikel').fill(article.title)
    await page.getByRole('button', { name: `Edit "${article.title}"` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Artikel' })
    await expect(dialog.getByLabel('Jadwalkan')).toBeChecked()
    await dialog.getByLabel('Judul').fill(`${article.title} (koreksi)`)
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Diperbarui!')
    const row = page.getByRole(viewport.name === 'phone' ? 'listitem' : 'row').filter({ hasText: article.title })
    await expect(row).toContainText('Disunting oleh Kapten Penyunting')
    await expect(row).toContainText('Tayang 31 Des 2099')
    await expect(row).not.toContainText('Oleh Kapten Penyunting')
    await page.screenshot({ path: `screenshots/newsroom-choices-list-${viewport.name}.png` })
    await context.close()
  })
}
