import { expect, expectToast, test, uniq } from '../support/fixtures'
import { gotoClientSide } from './navigation'

test('hero carousel advances every 5000 ms, wraps, and pauses while hovered', async ({ page }) => {
  // Time stands still from the start: the 5000 ms are counted from when the hero's timer starts,
  // however long loading and hydration take on a busy machine.
  const start = new Date('2026-11-23T08:00:00+07:00')
  await page.clock.install({ time: start })
  await page.clock.pauseAt(new Date(start.getTime() + 1_000))
  await page.goto('/')
  const slides = page.getByTestId('hero-slides')
  const title = page.getByTestId('hero-title')
  await expect(slides).toHaveAttribute('data-active-slide', '0')
  await expect(title).toHaveText('MI-35P HIND')
  await expect(page.getByTestId('hero-subtitle')).toHaveText('Helikopter Serang Ganas')

  await page.clock.runFor(4_900)
  await expect(slides).toHaveAttribute('data-active-slide', '0')
  await page.clock.runFor(100)
  await expect(slides).toHaveAttribute('data-active-slide', '1')
  await expect(title).toHaveText('MI-17 V5 HIEP')
  await expect(page.getByTestId('hero-subtitle')).toHaveText('Helikopter Angkut Serbaguna')
  await page.clock.runFor(5_000)
  await expect(title).toHaveText('FORMASI GAGAH')
  await expect(page.getByTestId('hero-subtitle')).toHaveText('Kekuatan Udara TNI AD')
  await page.clock.runFor(5_000)
  await expect(slides).toHaveAttribute('data-active-slide', '0')

  // Paused while the pointer is over it, and while keyboard focus is inside it.
  await page.getByTestId('hero-title').hover()
  await page.clock.runFor(15_000)
  await expect(slides).toHaveAttribute('data-active-slide', '0')
  await page.getByRole('contentinfo').hover()
  await page.clock.runFor(5_000)
  await expect(slides).toHaveAttribute('data-active-slide', '1')
  await page.getByRole('link', { name: 'Profil Satuan' }).focus()
  await page.getByRole('contentinfo').hover()
  await page.clock.runFor(15_000)
  await expect(slides).toHaveAttribute('data-active-slide', '1')
  await page.getByRole('link', { name: 'Profil Satuan' }).blur()
  await page.clock.runFor(5_000)
  await expect(slides).toHaveAttribute('data-active-slide', '2')

  // Every slide has alt text; only the first image is eager and high priority.
  const images = page.getByTestId('hero-slide').locator('img')
  await expect(images).toHaveCount(3)
  for (const img of await images.all()) expect(await img.getAttribute('alt')).toBeTruthy()
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high')
  await expect(images.first()).toHaveAttribute('loading', 'eager')
})

test('hero does not rotate when the visitor prefers reduced motion', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' })
  const page = await context.newPage()
  await page.clock.install()
  await page.goto('/')
  await page.clock.runFor(12_000)
  await expect(page.getByTestId('hero-slides')).toHaveAttribute('data-active-slide', '0')
  await context.close()
})

test('hero buttons and the first three articles', async ({ page }) => {
  // A fixed list: other tests add articles in parallel, so the live newest three are not stable.
  const list = [4, 3, 2, 1].map((n) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Berita Beranda ${n}`,
    category: n % 2 ? 'Latihan' : null,
    content: `<p>Isi ${n}</p>`,
    cover_image_url: null,
    image_gallery_urls: [],
    author_id: null,
    published_at: `2099-01-0${n}T00:00:00Z`,
    updated_at: null,
  }))
  await page.route('**/rest/v1/articles**', (route) => route.fulfill({ json: list }))
  await gotoClientSide(page, '/')
  const hero = page.getByTestId('hero-articles')
  await expect(hero.getByRole('link')).toHaveText([/Berita Beranda 4/, /Berita Beranda 3/, /Berita Beranda 2/])
  await expect(hero.getByRole('link').nth(1)).toContainText('LATIHAN · 3 Januari 2099')
  await expect(hero.getByRole('link').first()).toHaveAttribute('href', '/berita/00000000-0000-4000-8000-000000000004')
  await page.getByRole('link', { name: 'Profil Satuan' }).click()
  await expect(page).toHaveURL('/profil')
  await page.goBack()
  await page.getByRole('link', { name: 'Lihat Kegiatan' }).click()
  await expect(page).toHaveURL('/kegiatan')
})

test('news section: 3 placeholders while loading, cards with Baca Selengkapnya, Lihat Semua Berita', async ({ newArticle, page }) => {
  const article = await newArticle({ title: `Berita Kartu ${uniq()}`, content: '<p>Kartu berita</p>', created_at: '2099-02-01T00:00:00Z' })
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/rest/v1/articles**', async (route) => {
    await gate
    await route.continue()
  })
  await gotoClientSide(page, '/')
  await expect(page.getByTestId('article-skeleton')).toHaveCount(3)
  release()
  await expect(page.getByTestId('article-skeleton')).toHaveCount(0)
  const card = page.getByTestId('article-card').filter({ hasText: article.title })
  await card.getByRole('link', { name: 'Baca Selengkapnya' }).click()
  await expect(page).toHaveURL(`/berita/${article.id}`)
  await page.goto('/')
  await page.getByRole('link', { name: 'Lihat Semua Berita' }).click()
  await expect(page).toHaveURL('/kegiatan')
})

test('news section shows the empty message when there are no articles', async ({ page }) => {
  await page.route('**/rest/v1/articles**', (route) => route.fulfill({ json: [] }))
  await gotoClientSide(page, '/')
  await expect(page.getByText('Saat ini belum ada berita untuk ditampilkan.')).toBeVisible()
})

test('Persit carousel by keyboard: arrow keys turn the slides and hidden slides are out of reach', async ({ page }) => {
  await page.goto('/')
  const carousel = page.getByTestId('persit-carousel')
  await carousel.scrollIntoViewIfNeeded()
  const slides = carousel.getByTestId('persit-slide')
  await carousel.getByRole('button', { name: 'Tampilkan foto 1' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(slides.nth(1)).toHaveAttribute('data-active', 'true')
  await expect(slides.nth(0)).toHaveAttribute('aria-hidden', 'true')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(slides.nth(4)).toHaveAttribute('data-active', 'true')
  await expect(carousel.getByRole('button', { name: 'Tampilkan foto 5' })).toHaveAttribute('aria-current', 'true')
})

test('Persit carousel: 5 photos, arrows and dots wrap; the portal button is not implemented yet', async ({ page }) => {
  await page.goto('/')
  const carousel = page.getByTestId('persit-carousel')
  await carousel.scrollIntoViewIfNeeded()
  const slides = carousel.getByTestId('persit-slide')
  await expect(slides).toHaveCount(5)
  await expect(carousel.getByTestId('persit-dot')).toHaveCount(5)
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true')
  await carousel.getByRole('button', { name: 'Foto sebelumnya' }).click()
  await expect(slides.nth(4)).toHaveAttribute('data-active', 'true')
  await carousel.getByRole('button', { name: 'Foto berikutnya' }).click()
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true')
  await carousel.getByRole('button', { name: 'Tampilkan foto 3' }).click()
  await expect(slides.nth(2)).toHaveAttribute('data-active', 'true')
  await expect(carousel.getByRole('button', { name: 'Tampilkan foto 3' })).toHaveAttribute('aria-current', 'true')

  await page.getByRole('button', { name: 'Masuk Portal Persit' }).click()
  await expectToast(page, 'Fitur ini belum diimplementasikan')
})
