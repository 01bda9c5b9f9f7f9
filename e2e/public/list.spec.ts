import type { Page } from '@playwright/test'
import { expect, secondsAgo, test, uniq } from '../support/fixtures'
import { gotoClientSide } from './navigation'

const titles = (page: Page) => page.getByTestId('article-card').getByRole('heading')

test('pages of 12 as links: numbers, Sebelumnya/Berikutnya, the category kept, a page past the end is 404', async ({ newArticles, page }) => {
  const tag = uniq()
  const category = `Halaman ${tag}`
  const made = await newArticles(
    Array.from({ length: 14 }, (_, index) => ({
      title: `Paging ${tag} ${String(index + 1).padStart(2, '0')}`,
      content: `<p>Isi ${index + 1}</p>`,
      category,
      published_at: secondsAgo(3600 + 100 - index),
    })),
  )
  const newestFirst = made.map((row) => row.title).reverse()

  await page.goto(`/kegiatan?kategori=${encodeURIComponent(category)}`)
  await expect(titles(page)).toHaveText(newestFirst.slice(0, 12))
  const pages = page.getByTestId('pagination')
  await expect(pages.getByRole('link', { name: 'Halaman 1' })).toHaveAttribute('aria-current', 'page')
  await expect(pages.getByRole('link', { name: 'Sebelumnya' })).toHaveCount(0)
  const next = pages.getByRole('link', { name: 'Berikutnya' })
  await expect(next).toHaveAttribute('href', `/kegiatan?kategori=${encodeURIComponent(category).replace(/%20/g, '+')}&halaman=2`)

  await next.click()
  await expect(page).toHaveURL(/halaman=2/)
  await expect(titles(page)).toHaveText(newestFirst.slice(12))
  await expect(pages.getByRole('link', { name: 'Halaman 2' })).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/kegiatan\\?kategori=.+&halaman=2$`))
  await pages.getByRole('link', { name: 'Sebelumnya' }).click()
  await expect(titles(page)).toHaveText(newestFirst.slice(0, 12))

  const past = await page.request.get(`/kegiatan?kategori=${encodeURIComponent(category)}&halaman=3`)
  expect(past.status()).toBe(404)
  expect(await past.text()).toContain('Tidak Ada Kegiatan')
})

test('bad page numbers and oversized searches answer a page or a 404, never a server error', async ({ request }) => {
  for (const [query, status] of [
    ['halaman=-1', 404],
    ['halaman=abc', 404],
    ['halaman=0', 404],
    ['halaman=1.5', 404],
    ['halaman=99999', 404],
    [`cari=${'kata '.repeat(2000)}`, 200],
    ['cari=%22%20%26%20%7C%20!%20(', 200],
    // a category no article has is no page (issue 31: made-up values render no new page)
    ['kategori=a*b(%5C', 404],
  ] as const) {
    const res = await request.get(`/kegiatan?${query}`)
    expect(res.status(), query).toBe(status)
    const body = await res.text()
    expect(body.includes('Halaman tidak ditemukan') || body.includes('Tidak Ada Kegiatan') || status === 200, query).toBe(true)
    expect(body, query).toContain('Skadron 31/Serbu')
  }
})

test('one button per category whatever its case; filtering matches every case', async ({ newArticles, page }) => {
  const tag = uniq()
  const [upper, lower] = await newArticles([
    { title: `Kasus Besar ${tag}`, content: '<p>a</p>', category: `Kasus ${tag}`, published_at: secondsAgo(3600 + 1) },
    { title: `Kasus Kecil ${tag}`, content: '<p>b</p>', category: `kasus ${tag}`, published_at: secondsAgo(3600 + 2) },
  ])
  await page.goto('/kegiatan')
  const filter = page.getByTestId('category-filter')
  await expect(filter.getByRole('button', { name: new RegExp(`^kasus ${tag}$`, 'i') })).toHaveCount(1)
  await filter.getByRole('button', { name: new RegExp(`^kasus ${tag}$`, 'i') }).click()
  await expect(page).toHaveURL(/kategori=/)
  await expect(titles(page)).toHaveText([upper.title, lower.title])

  await page.goto(`/kegiatan?kategori=KASUS+${tag.toUpperCase()}`)
  await expect(titles(page)).toHaveText([upper.title, lower.title])
  await expect(filter.getByRole('button', { name: new RegExp(`^kasus ${tag}$`, 'i') })).toHaveAttribute('aria-pressed', 'true')
})

test('search: Indonesian stemming, title matches ranked first, combined with the category, empty state', async ({ newArticles, page }) => {
  const tag = uniq()
  const word = `sandi${tag.replace(/\d/g, 'x')}`
  const [inBody, inTitle, otherCategory] = await newArticles([
    { title: `Badan ${tag}`, content: `<p>Prajurit melaksanakan ${word} di pangkalan.</p>`, category: `Cari ${tag}`, published_at: secondsAgo(3600 + 1) },
    { title: `Latihan ${word} ${tag}`, content: '<p>Isi tanpa kata itu.</p>', category: `Cari ${tag}`, published_at: secondsAgo(3600 + 60) },
    { title: `Lain ${tag}`, content: `<p>Pelaksanaan ${word}.</p>`, category: `Bukan ${tag}`, published_at: secondsAgo(3600 + 2) },
  ])

  await page.goto('/kegiatan')
  await page.getByRole('searchbox', { name: 'Cari kegiatan' }).fill(`latihan ${word}`)
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page).toHaveURL(/cari=/)
  // Every word must match ("latihan" only in one title).
  await expect(titles(page).first()).toHaveText(inTitle.title)

  await page.getByRole('searchbox', { name: 'Cari kegiatan' }).fill(word)
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  // Equal ranks (both in the body) fall back to the newest first.
  await expect(titles(page)).toHaveText([inTitle.title, inBody.title, otherCategory.title])
  await page.getByTestId('category-filter').getByRole('button', { name: `Cari ${tag}` }).click()
  await expect(page).toHaveURL(new RegExp(`cari=${word}`))
  await expect(titles(page)).toHaveText([inTitle.title, inBody.title])
  await expect(page.getByRole('searchbox', { name: 'Cari kegiatan' })).toHaveValue(word)

  await page.getByRole('searchbox', { name: 'Cari kegiatan' }).fill(`tidakada${tag.replace(/\d/g, 'q')}`)
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Tidak Ada Kegiatan' })).toBeVisible()
  await expect(page.getByText('Tidak ada kegiatan yang sesuai dengan filter yang dipilih.')).toBeVisible()
})

test('the list reads card columns only, and the first cover loads eagerly with high priority', async ({ newArticles, page }) => {
  const tag = uniq()
  await newArticles([
    { title: `Sampul A ${tag}`, content: '<p>a</p>', published_at: secondsAgo(3600 + 1) },
    { title: `Sampul B ${tag}`, content: '<p>b</p>', published_at: secondsAgo(3600 + 2) },
  ])
  const request = page.waitForRequest((req) => req.url().includes('/rest/v1/articles?'))
  await gotoClientSide(page, '/kegiatan')
  const select = new URL((await request).url()).searchParams.get('select')
  expect(select).toBe('id,title,category,cover_image_url,excerpt,published_at')

  await page.goto('/kegiatan')
  const cards = page.getByTestId('article-card')
  await expect(cards.first().getByRole('img')).toHaveAttribute('loading', 'eager')
  await expect(cards.first().getByRole('img')).toHaveAttribute('fetchpriority', 'high')
  await expect(cards.nth(1).getByRole('img')).toHaveAttribute('loading', 'lazy')
})
