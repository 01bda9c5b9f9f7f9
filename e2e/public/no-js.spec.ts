import { expect, secondsAgo, test, uniq } from '../support/fixtures'

// A phone without JavaScript (or a crawler) reads everything from the HTML the server sends.
test.use({ javaScriptEnabled: false })

test('home, a list page, a search result and an article are readable without JavaScript', async ({ newArticles, page }) => {
  const tag = uniq()
  const word = `nojs${tag.replace(/\d/g, 'k')}`
  const category = `Tanpa JS ${tag}`
  const rows = await newArticles(
    Array.from({ length: 13 }, (_, index) => ({
      title: `Tanpa Skrip ${tag} ${String(index + 1).padStart(2, '0')}`,
      content: `<p>Isi ${word} nomor ${index + 1}.</p><script>document.title = 'dijalankan'</script>`,
      category,
      published_at: secondsAgo(7200 + index),
    })),
  )

  await page.goto('/')
  await expect(page.getByTestId('article-card').first()).toBeVisible()
  await expect(page.getByTestId('hero-articles').getByRole('link')).toHaveCount(3)

  await page.goto(`/kegiatan?kategori=${encodeURIComponent(category)}`)
  await expect(page.getByTestId('article-card')).toHaveCount(12)
  await page.getByTestId('pagination').getByRole('link', { name: 'Berikutnya' }).click()
  await expect(page).toHaveURL(/halaman=2/)
  await expect(page.getByTestId('article-card').getByRole('heading')).toHaveText([rows[12].title])

  // The search form submits as a plain GET form; the category button keeps the search.
  await page.getByRole('searchbox', { name: 'Cari kegiatan' }).fill(word)
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`cari=${word}`))
  await expect(page.getByTestId('article-card')).toHaveCount(12)
  await page.getByTestId('category-filter').getByRole('button', { name: 'Semua' }).click()
  await expect(page).toHaveURL(new RegExp(`cari=${word}`))
  await expect(page.getByTestId('category-filter').getByRole('button', { name: 'Semua' })).toHaveAttribute('aria-pressed', 'true')

  await page.getByTestId('article-card').first().getByRole('link', { name: 'Lihat Detail' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Tanpa Skrip ${tag}`)
  await expect(page.getByTestId('article-content')).toContainText(word)
  await expect(page.getByTestId('article-date').first()).not.toBeEmpty()
})

test('the article HTML from the server is already sanitized', async ({ newArticle, request }) => {
  const article = await newArticle({
    title: `Mentah ${uniq()}`,
    content: '<p>Teks aman</p><script>window.__pwned=1</script><img src="/x.png" onerror="window.__pwned=2"><a href="javascript:alert(1)">x</a><a id="ext" href="https://example.com/">luar</a>',
  })
  const html = await (await request.get(`/berita/${article.id}`)).text()
  const body = /data-testid="article-content"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? ''
  expect(body).toContain('Teks aman')
  expect(body).not.toMatch(/<script|onerror|javascript:/i)
  expect(body).toContain('target="_blank"')
  expect(body).toContain('rel="nofollow ugc noopener noreferrer"')
})
