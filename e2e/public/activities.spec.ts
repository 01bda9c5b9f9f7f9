import { expect, expectToast, secondsAgo, test, uniq } from '../support/fixtures'
import { gotoClientSide } from './navigation'

test('category filter: Semua by default, one button per category, filtering and the empty state', async ({ newArticle, page }) => {
  const tag = uniq()
  const latihan = `Latihan ${tag}`
  const operasi = `Operasi ${tag}`
  // Taken before the inserts, which may take seconds each.
  const [first, second, third] = [1, 2, 3].map(secondsAgo)
  const a = await newArticle({ title: `Filter A ${tag}`, content: '<p>a</p>', category: latihan, created_at: '2098-03-03T00:00:00Z', published_at: first })
  const b = await newArticle({ title: `Filter B ${tag}`, content: '<p>b</p>', category: operasi, created_at: '2098-03-02T00:00:00Z', published_at: second })
  const c = await newArticle({ title: `Filter C ${tag}`, content: '<p>c</p>', category: latihan, created_at: '2098-03-01T00:00:00Z', published_at: third })

  await page.goto('/kegiatan')
  const filter = page.getByTestId('category-filter')
  await expect(filter.getByRole('button', { name: 'Semua' })).toHaveAttribute('aria-pressed', 'true')
  await expect(filter.getByRole('button', { name: latihan })).toHaveCount(1)
  await expect(filter.getByRole('button', { name: operasi })).toHaveCount(1)

  const titles = page.getByTestId('article-card').getByRole('heading')
  const all = await titles.allTextContents()
  // Newest first.
  expect(all.indexOf(a.title)).toBeLessThan(all.indexOf(b.title))
  expect(all.indexOf(b.title)).toBeLessThan(all.indexOf(c.title))

  await filter.getByRole('button', { name: latihan }).click()
  await expect(filter.getByRole('button', { name: latihan })).toHaveAttribute('aria-pressed', 'true')
  await expect(titles).toHaveText([a.title, c.title])
  await expect(page.getByTestId('article-category').first()).toHaveText(latihan.toUpperCase(), { ignoreCase: false, useInnerText: true })

  await filter.getByRole('button', { name: operasi }).click()
  await expect(titles).toHaveText([b.title])
  await page.getByTestId('article-card').getByRole('link', { name: 'Lihat Detail' }).click()
  await expect(page).toHaveURL(`/berita/${b.id}`)

  await page.goBack()
  await filter.getByRole('button', { name: 'Semua' }).click()
  expect(await titles.count()).toBeGreaterThanOrEqual(3)
})

test('cards: 100-character plain-text excerpt, Indonesian long date, default cover', async ({ newArticle, page }) => {
  const words = 'Prajurit Skadron melaksanakan latihan terbang malam dengan helikopter MI-17 V5 di sekitar pangkalan udara. '
  const article = await newArticle({
    title: `Kutipan ${uniq()}`,
    content: `<h2>Judul &amp; Sub</h2><p>${words.repeat(3)}</p><script>ignored()</script>`,
    category: null,
    published_at: '2024-08-17T03:00:00Z',
  })
  await page.goto('/kegiatan')
  const card = page.getByTestId('article-card').filter({ hasText: article.title })
  const text = `Judul & Sub ${words.repeat(3)}`.replace(/\s+/g, ' ').trim()
  const expected = `${text.slice(0, 100).trimEnd()}...`
  await expect(card.getByTestId('article-excerpt')).toHaveText(expected)
  expect(expected.length).toBeLessThanOrEqual(103)
  await expect(card.getByTestId('article-date')).toHaveText('17 Agustus 2024')
  await expect(card.getByTestId('article-category')).toHaveCount(0)
  await expect(card.getByRole('img')).toHaveAttribute('src', '/images/articles/default-cover.webp')
  const box = await card.getByRole('heading').evaluate((el) => getComputedStyle(el).webkitLineClamp)
  expect(box).toBe('2')
})

test('6 placeholders while loading, then the error toast when the list fails', async ({ page }) => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/rest/v1/articles**', async (route) => {
    await gate
    await route.fulfill({ status: 500, json: { message: 'database is busy', code: 'XX000' } })
  })
  await gotoClientSide(page, '/kegiatan')
  await expect(page.getByTestId('article-skeleton')).toHaveCount(6)
  release()
  await expectToast(page, 'Gagal memuat kegiatan', 'Terjadi kesalahan. Silakan coba lagi.')
  await expect(page.getByRole('heading', { name: 'Tidak Ada Kegiatan' })).toBeVisible()
  await expect(page.getByText('Tidak ada kegiatan yang sesuai dengan filter yang dipilih.')).toBeVisible()
})
