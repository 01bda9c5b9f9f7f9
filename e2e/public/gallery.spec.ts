import sharp from 'sharp'
import { expect, expectNoAxeViolations, isPhone, superadmin, test, uniq, type GalleryInput } from '../support/fixtures'

const COLOURS = ['#3a5f2b', '#6b4a2b', '#2b4a6b']

/** A gallery with three 1600x1200 photos, made through the API as staff would. */
async function galleryWithPhotos(baseURL: string, newGallery: (input: GalleryInput) => Promise<{ id: string; name: string }>) {
  const staff = await superadmin(baseURL)
  const name = `Latihan Gabungan ${uniq()}`
  const gallery = await newGallery({ name, description: 'Latihan terjun dan evakuasi medis.' })
  for (const [position, colour] of COLOURS.entries()) {
    const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } }).webp().toBuffer()
    const path = `${gallery.id}/${position}.webp`
    const upload = await staff.storage.from('gallery_photos').upload(path, bytes, { contentType: 'image/webp' })
    if (upload.error) throw upload.error
    const caption = position === 1 ? 'Evakuasi medis dengan MI-17' : null
    const insert = await staff.from('gallery_photos').insert({ gallery_id: gallery.id, path, position, caption, alt: `Foto latihan ${position + 1}` })
    if (insert.error) throw insert.error
  }
  return { id: gallery.id, name }
}

test('home and /kegiatan lead to /galeri, whose card opens the gallery', async ({ newGallery, page, baseURL }) => {
  const gallery = await galleryWithPhotos(baseURL, newGallery)
  await page.goto('/')
  await page.getByRole('link', { name: 'Lihat Galeri Foto' }).click()
  await expect(page).toHaveURL('/galeri')
  await expect(page).toHaveTitle(/^Galeri \|/)

  const card = page.getByRole('link', { name: new RegExp(gallery.name) })
  const cover = card.getByRole('img')
  await expect(cover).toHaveAttribute('alt', 'Foto latihan 1')
  await expect(cover).toHaveAttribute('srcset', /render\/image\/public\/gallery_photos\/.+\?width=320&height=240&resize=cover 320w/)
  await expect(card).toContainText('3 foto')
  // the browser picked a rendition from the srcset, not the 1600 px original
  // (a lazy image picks it once it is near the viewport)
  await cover.scrollIntoViewIfNeeded()
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/render\/image\/public\/.+\?width=\d+/)
  await expectNoAxeViolations(page, '/galeri')
  await page.screenshot({ path: `screenshots/galeri-${isPhone(page) ? 390 : 1440}.png`, fullPage: false })

  await card.click()
  await expect(page).toHaveURL(`/galeri/${gallery.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(gallery.name)

  await page.goto('/kegiatan')
  await page.getByRole('link', { name: 'Lihat Galeri Foto Kegiatan' }).click()
  await expect(page).toHaveURL('/galeri')
})

test('gallery page: grid with alt texts and captions, a lightbox used by keyboard alone', async ({ newGallery, page, baseURL }) => {
  const gallery = await galleryWithPhotos(baseURL, newGallery)
  const images: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/gallery_photos/')) images.push(request.url())
  })
  const response = await page.goto(`/galeri/${gallery.id}`)
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(new RegExp(`^${gallery.name} \\|`))
  const thumbnails = page.getByRole('button', { name: /^Perbesar foto/ })
  await expect(thumbnails).toHaveCount(3)
  await expect(page.getByRole('img', { name: 'Foto latihan 2' })).toBeVisible()
  await expect(page.getByText('Evakuasi medis dengan MI-17')).toBeVisible()
  // only transformed renditions are downloaded, none wider than the layout needs at this width
  expect(images.length).toBeGreaterThan(0)
  for (const url of images) {
    expect(url).toContain('/render/image/public/')
    expect(Number(new URL(url).searchParams.get('width'))).toBeLessThanOrEqual(800)
  }
  await expectNoAxeViolations(page, 'gallery page')
  await page.screenshot({ path: `screenshots/galeri-detail-${isPhone(page) ? 390 : 1440}.png` })

  await thumbnails.nth(0).focus()
  await page.keyboard.press('Enter')
  const lightbox = page.getByRole('dialog', { name: 'Foto 1 dari 3' })
  await expect(lightbox).toBeVisible()
  await expect(lightbox.getByRole('img', { name: 'Foto latihan 1' })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  const second = page.getByRole('dialog', { name: 'Foto 2 dari 3' })
  await expect(second).toContainText('Evakuasi medis dengan MI-17')
  await expectNoAxeViolations(page, 'gallery lightbox')
  await page.screenshot({ path: `screenshots/galeri-lightbox-${isPhone(page) ? 390 : 1440}.png` })
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('dialog', { name: 'Foto 3 dari 3' })).toBeVisible()
  await page.getByRole('button', { name: 'Sebelumnya' }).click()
  await expect(page.getByRole('dialog', { name: 'Foto 2 dari 3' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(thumbnails.nth(1)).toBeFocused()
})

test('without image transformations (a free hosted plan answers 400), the photos show their originals', async ({ newGallery, page, baseURL }) => {
  const gallery = await galleryWithPhotos(baseURL, newGallery)
  await page.route('**/storage/v1/render/image/**', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ statusCode: '403', error: 'FeatureNotEnabled', message: 'feature not enabled for this tier' }) }),
  )
  await page.goto(`/galeri/${gallery.id}`)
  const thumbnails = page.getByRole('button', { name: /^Perbesar foto/ })
  await expect(thumbnails).toHaveCount(3)
  for (const index of [0, 1, 2]) {
    const img = thumbnails.nth(index).getByRole('img')
    await img.scrollIntoViewIfNeeded()
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toContain(`/storage/v1/object/public/gallery_photos/${gallery.id}/`)
  }
  // later images on the page go to the originals at once
  await thumbnails.nth(0).click()
  const photo = page.getByRole('dialog', { name: 'Foto 1 dari 3' }).getByRole('img', { name: 'Foto latihan 1' })
  await expect(photo).toBeVisible()
  await expect(photo).not.toHaveAttribute('srcset', /.*/)
  await expect(photo).toHaveAttribute('src', new RegExp(`/storage/v1/object/public/gallery_photos/${gallery.id}/0\\.webp$`))
})

test('an unknown gallery answers 404 with a way back', async ({ page }) => {
  const response = await page.goto(`/galeri/${crypto.randomUUID()}`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Galeri tidak ditemukan' })).toBeVisible()
  await page.getByRole('link', { name: 'Kembali ke Galeri' }).click()
  await expect(page).toHaveURL('/galeri')
})
