import { publicPages } from '../../src/lib/pages'
import { expect, test, uniq } from '../support/fixtures'

test('rss.xml: RSS 2.0 of the 20 newest published articles, linked from the head of every page', async ({ newArticles, newArticle, request, baseURL }) => {
  const tag = uniq()
  const newest = await newArticle({
    title: `Umpan <RSS> & ${tag}`,
    content: '<p>Ringkasan untuk pembaca umpan berita.</p>',
    category: 'Latihan',
  })
  const [draft] = await newArticles([{ title: `Draf RSS ${tag}`, content: '<p>x</p>', published_at: null }])
  await newArticles(Array.from({ length: 21 }, (_, index) => ({
    title: `Lama RSS ${tag} ${index}`, content: '<p>x</p>', published_at: `2000-01-${String(index + 1).padStart(2, '0')}T00:00:00Z`,
  })))

  const res = await request.get('/rss.xml')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/rss+xml')
  const xml = await res.text()
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
  const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? []
  expect(items).toHaveLength(20)
  const first = items.find((item) => item.includes(newest.id))!
  expect(first).toContain(`<title>Umpan &#60;RSS&#62; &#38; ${tag}</title>`)
  expect(first).toContain(`<link>${baseURL}/berita/${newest.id}</link>`)
  expect(first).toContain('<description>Ringkasan untuk pembaca umpan berita.</description>')
  expect(first).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/)
  expect(xml).not.toContain(draft.id)
  // Dates never increase down the feed.
  const dates = items.map((item) => Date.parse(/<pubDate>(.*)<\/pubDate>/.exec(item)![1]))
  expect([...dates].sort((a, b) => b - a)).toEqual(dates)

  for (const page of [...publicPages, { path: `/berita/${newest.id}` }]) {
    const html = await (await request.get(page.path)).text()
    expect(html, page.path).toContain('<link rel="alternate" type="application/rss+xml"')
    expect(html, page.path).toContain('href="/rss.xml"')
  }
})

test('sitemap.xml lists every published article, drafts left out', async ({ newArticles, request, baseURL }) => {
  const tag = uniq()
  const rows = await newArticles([
    { title: `Peta A ${tag}`, content: '<p>a</p>', published_at: '2001-01-01T00:00:00Z' },
    { title: `Peta B ${tag}`, content: '<p>b</p>', published_at: null },
  ])
  const xml = await (await request.get('/sitemap.xml')).text()
  expect(xml).toContain(`<loc>${baseURL}/berita/${rows[0].id}</loc>`)
  expect(xml).not.toContain(rows[1].id)
})
