import sharp from 'sharp'
import { expectNoAxeViolations } from '../support/fixtures'
import { expect, expectToast, newSignedInPage, superadmin, test, toast, type Account } from './fixtures'
import { fakePng } from './images'
import type { Page } from '@playwright/test'

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved' })
})

/** A 12 MP phone photo with GPS in its EXIF: noise so it compresses like a real one. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const noise = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .resize(width, height, { kernel: 'cubic' }).raw().toBuffer()
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 10/1 3000/100' } })
    .toBuffer()
}

const smallPhoto = async (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } }).png().toBuffer()

async function photoRows(baseURL: string, galleryId: string) {
  const client = await superadmin(baseURL)
  const { data } = await client.from('gallery_photos').select('id, path, alt, caption').eq('gallery_id', galleryId).order('position')
  return data ?? []
}

const objectUrl = (baseURL: string, path: string) => `${baseURL}/storage/v1/object/public/gallery_photos/${path}`

async function openManager(page: Page, name: string) {
  await page.goto('/admin/gallery')
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: `Kelola foto ${name}` }).click()
  return page.getByRole('dialog', { name: `Foto Galeri: ${name}` })
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`a refused file is named with its reason inside the dialog @${viewport.width}`, async ({ newGallery, browser, baseURL }) => {
    const name = `Galeri Tolak ${viewport.width} ${Date.now()}`
    await newGallery({ name })
    const { context, page } = await newSignedInPage(browser, baseURL, admin, viewport)
    try {
      await page.goto('/admin/gallery')
      const dialog = await openManager(page, name)
      const file = 'dokumen-rapat-koordinasi-persiapan-latihan-gabungan.png'
      await dialog.getByLabel('Unggah Foto').setInputFiles([fakePng(file)])
      const refused = dialog.getByRole('list', { name: 'Status unggahan' }).getByRole('listitem').filter({ hasText: file })
      await expect(refused).toContainText('File bukan gambar yang didukung')
      await expect(refused.getByText(file)).toBeVisible()
      const inside = (await dialog.boundingBox())!
      for (const part of [refused, refused.getByText(file)]) {
        const box = (await part.boundingBox())!
        expect(box.width).toBeGreaterThan(0)
        expect(box.x + box.width).toBeLessThanOrEqual(inside.x + inside.width)
      }
      expect(await refused.evaluate((li) => li.scrollWidth <= li.clientWidth)).toBe(true)
      await page.screenshot({ path: test.info().outputPath(`refused-${viewport.width}.png`) })
    } finally {
      await context.close()
    }
  })
}

test('upload many photos, describe, reorder, remove, then delete the gallery (its files wait in Tempat Sampah)', async ({ newGallery, browser, baseURL }) => {
  test.setTimeout(120_000)
  const name = `Latihan Terjun ${Date.now()}`
  const gallery = await newGallery({ name })
  const { context, page } = await newSignedInPage(browser, baseURL, admin)
  await page.goto('/admin/gallery')
  await expect(page.getByRole('listitem').filter({ hasText: name }).locator('img')).toHaveAttribute('src', /^\/assets\/gallery-stock-[\w-]+\.svg$/)

  const dialog = await openManager(page, name)
  await dialog.getByLabel('Unggah Foto').setInputFiles([
    { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() },
    { name: 'lapangan.png', mimeType: 'image/png', buffer: await smallPhoto('#3a5f2b') },
    fakePng('bukan-foto.png'),
  ])
  await expect(dialog.getByText('3/3 foto')).toBeVisible({ timeout: 60_000 })
  const status = dialog.getByRole('list', { name: 'Status unggahan' })
  await expect(status.getByRole('listitem').filter({ hasText: 'bukan-foto.png' })).toContainText('File bukan gambar yang didukung')
  await expectToast(page, 'Sebagian foto gagal diunggah', '1 dari 3 foto')
  const items = dialog.getByRole('list', { name: 'Foto di galeri' }).getByRole('listitem')
  await expect(items).toHaveCount(2)

  // what reached storage: resized, small, without EXIF/GPS
  const rows = await photoRows(baseURL, gallery.id)
  expect(rows).toHaveLength(2)
  const stored = Buffer.from(await (await fetch(objectUrl(baseURL, rows[0].path))).arrayBuffer())
  const meta = await sharp(stored).metadata()
  expect(stored.length).toBeLessThanOrEqual(500 * 1024)
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2000)
  expect(meta.width! / meta.height!).toBeCloseTo(4 / 3, 2)
  expect(meta.exif).toBeUndefined()
  expect(stored.includes('PhoneMaker')).toBe(false)

  await items.nth(0).getByLabel('Teks alternatif (untuk pembaca layar)').fill('Prajurit terjun dari helikopter')
  await items.nth(0).getByLabel('Keterangan').fill('Latihan terjun statis')
  await items.nth(0).getByRole('button', { name: 'Simpan' }).click()
  await expectToast(page, 'Keterangan foto disimpan!')
  await expect(items.nth(0).getByRole('img')).toHaveAttribute('alt', 'Prajurit terjun dari helikopter')

  // the toast's own contrast belongs to the shared toaster; the manager is what is checked here
  await expect(toast(page, 'Keterangan foto disimpan!')).toBeHidden()
  await expectNoAxeViolations(page, 'gallery photo manager')

  await items.nth(0).getByRole('button', { name: 'Turunkan Foto 1' }).click()
  await expect(items.nth(1).getByRole('img')).toHaveAttribute('alt', 'Prajurit terjun dari helikopter')
  expect((await photoRows(baseURL, gallery.id)).map((r) => r.path)).toEqual([rows[1].path, rows[0].path])

  // the app's own question, not the browser's confirm()
  let nativeConfirm = false
  page.once('dialog', (native) => { nativeConfirm = true; void native.dismiss() })
  await items.nth(0).getByRole('button', { name: 'Hapus Foto 1' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Hapus foto ini dari galeri?' })
  await ask.getByRole('button', { name: 'Hapus' }).click()
  expect(nativeConfirm).toBe(false)
  await expectToast(page, 'Foto dihapus!')
  await expect(items).toHaveCount(1)
  // focus stays in the manager, on the list the photo left
  await expect(page.locator(':focus').getByRole('list', { name: 'Foto di galeri' })).toHaveCount(1)
  expect((await fetch(objectUrl(baseURL, rows[1].path))).status).toBe(400)

  await page.keyboard.press('Escape')
  const card = page.getByRole('listitem').filter({ hasText: name })
  await expect(card.locator('img')).toHaveAttribute('src', new RegExp(`render/image/public/gallery_photos/${rows[0].path}`))
  await expect(card.locator('img')).toHaveAttribute('alt', 'Prajurit terjun dari helikopter')

  await card.getByRole('button', { name: `Hapus ${name}` }).click()
  await page.getByRole('alertdialog', { name: 'Hapus Galeri?' }).getByRole('button', { name: 'Ya, Hapus' }).click()
  await expectToast(page, 'Galeri dihapus!')
  // A deleted gallery waits 30 days in Tempat Sampah, its photo files with it (decision 0018).
  expect((await fetch(objectUrl(baseURL, rows[0].path))).status).toBe(200)
  expect(await photoRows(baseURL, gallery.id)).toEqual([])
  await context.close()
})

test('the photo manager at 390 px', async ({ newGallery, browser, baseURL }) => {
  const name = `Bakti Sosial ${Date.now()}`
  await newGallery({ name })
  const { context, page } = await newSignedInPage(browser, baseURL, admin, { width: 390, height: 844 })
  const dialog = await openManager(page, name)
  await dialog.getByLabel('Unggah Foto').setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: await smallPhoto('#884400') }])
  await expectToast(page, '1 foto berhasil diunggah!')
  await expect(dialog.getByRole('list', { name: 'Foto di galeri' }).getByRole('listitem')).toHaveCount(1)
  await expect(toast(page, '1 foto berhasil diunggah!')).toBeHidden()
  await expectNoAxeViolations(page, 'gallery photo manager 390')
  await page.screenshot({ path: 'screenshots/admin-gallery-photos-390.png' })
  await context.close()
})
