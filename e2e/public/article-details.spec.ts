import { expect, expectNoAxeViolations, seedSession, signedIn, superadmin, SUPERADMIN, test, uniq } from '../support/fixtures'

const DAY = 86_400_000

test('byline, publication and update dates, captions, share links, JSON-LD and the 1200x630 share image', async ({ newArticle, page, baseURL, request }) => {
  const published = new Date(Date.now() - 3 * DAY).toISOString()
  const cover = `${baseURL}/images/equipment/mi35p-1.webp`
  const second = `${baseURL}/images/equipment/mi17-v5-1.webp`
  const article = await newArticle({
    title: `Rincian & "Berita" ${uniq()}`,
    category: 'Latihan',
    content: '<p>Isi berita rinci.</p>',
    cover_image_url: cover,
    image_gallery_urls: [second],
    image_captions: { [cover]: 'Helikopter MI-35P di landasan.', [second]: 'Awak MI-17 V5 bersiap terbang.' },
    published_at: published,
    created_at: new Date(Date.now() - 5 * DAY).toISOString(),
  })
  const api = await superadmin(baseURL)
  const { data: me } = await api.from('profiles').select('full_name').eq('id', (await api.auth.getUser()).data.user!.id).single()
  // An edit long after publication.
  await api.from('articles').update({ content: '<p>Isi berita rinci, diperbaiki.</p>', version: article.version }).eq('id', article.id).throwOnError()

  await page.goto(`/berita/${article.id}`)
  const main = page.getByRole('main')
  await expect(main.getByTestId('article-byline')).toHaveText(me!.full_name || 'Penerangan Skadron')
  const date = main.getByTestId('article-date').first()
  expect(Date.parse((await date.getAttribute('datetime'))!)).toBe(Date.parse(published))
  await expect(date).toHaveText(new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(published)))
  await expect(main.getByTestId('article-updated')).toHaveText(`Diperbarui ${new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date())}`)

  await expect(page.getByTestId('slideshow-caption')).toHaveText('Helikopter MI-35P di landasan.')
  await page.getByRole('button', { name: 'Gambar berikutnya' }).click()
  await expect(page.getByTestId('slideshow-caption')).toHaveText('Awak MI-17 V5 bersiap terbang.')

  const url = `${baseURL}/berita/${article.id}`
  const share = page.getByTestId('share-links')
  const hrefs = await share.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  expect(hrefs).toEqual([
    `https://wa.me/?text=${encodeURIComponent(`${article.title}\n${url}`)}`,
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    `https://x.com/intent/post?text=${encodeURIComponent(article.title)}&url=${encodeURIComponent(url)}`,
    `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(article.title)}`,
    url,
  ])
  await expect(share.getByRole('link', { name: 'Bagikan ke WhatsApp' })).toHaveAttribute('rel', 'noopener noreferrer')
  await expectNoAxeViolations(page, `article details @${page.viewportSize()?.width}`)

  // What link previews and search engines read: the server's HTML, no script run.
  const html = await (await request.get(`/berita/${article.id}`)).text()
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  expect(block).not.toBeNull()
  const data = JSON.parse(block![1])
  expect(data).toMatchObject({
    '@type': 'NewsArticle',
    headline: article.title,
    author: { name: me!.full_name || 'Skadron 31/Serbu' },
    publisher: { name: 'Skadron 31/Serbu' },
  })
  expect(Date.parse(data.datePublished)).toBe(Date.parse(published))
  expect(Date.parse(data.dateModified)).toBeGreaterThan(Date.parse(published) + DAY)
  expect(data.image).toHaveLength(3)
  expect(html).toContain('<meta property="og:image:width" content="1200" />')
  expect(html).toContain('<meta property="og:image:height" content="630" />')
  expect(html).toMatch(/<meta name="twitter:image" content="[^"]+" \/>/)
  expect(html).not.toContain('noindex')
})

test("a hidden byline reads 'Penerangan Skadron'; a fresh article shows no 'Diperbarui'", async ({ newArticle, page }) => {
  const article = await newArticle({ title: `Tanpa nama ${uniq()}`, content: '<p>x</p>', byline_hidden: true })
  await page.goto(`/berita/${article.id}`)
  await expect(page.getByTestId('article-byline')).toHaveText('Penerangan Skadron')
  await expect(page.getByTestId('article-updated')).toHaveCount(0)
})

test('staff see a Draf / Terjadwal banner on what visitors cannot open, kept out of search engines', async ({ newArticle, page, browser, baseURL }) => {
  const draft = await newArticle({ title: `Draf spanduk ${uniq()}`, content: '<p>Belum terbit.</p>', published_at: null })
  const scheduled = await newArticle({
    title: `Terjadwal spanduk ${uniq()}`, content: '<p>Nanti.</p>', published_at: new Date(Date.now() + 2 * DAY).toISOString(),
  })
  const published = await newArticle({ title: `Terbit spanduk ${uniq()}`, content: '<p>Sudah.</p>' })

  // A visitor (and the page cache, which only ever keeps visitors' pages) gets "not found", noindex.
  const visit = await page.goto(`/berita/${draft.id}`)
  expect(visit?.status()).toBe(404)
  expect(await visit!.text()).not.toContain(draft.title)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')

  const { session } = await signedIn(baseURL, SUPERADMIN.email, SUPERADMIN.password)
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport ?? undefined })
  await seedSession(context, baseURL, session!)
  const staff = await context.newPage()
  await staff.goto(`/berita/${draft.id}`)
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(draft.title)
  await expect(staff.getByTestId('publication-banner')).toContainText('Draf')
  await expect(staff.getByTestId('publication-banner')).toContainText('belum diterbitkan')
  await expect(staff.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  await expect(staff.getByTestId('share-links')).toHaveCount(0)
  await expectNoAxeViolations(staff, `draft banner @${staff.viewportSize()?.width}`)

  await staff.goto(`/berita/${scheduled.id}`)
  await expect(staff.getByTestId('publication-banner')).toContainText('Terjadwal')
  await expect(staff.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')

  // A visitor still gets the 404 after staff looked: nothing the staff member saw was kept.
  const again = await page.goto(`/berita/${scheduled.id}`)
  expect(again?.status()).toBe(404)
  expect(await again!.text()).not.toContain(scheduled.title)

  await staff.goto(`/berita/${published.id}`)
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(published.title)
  await expect(staff.getByTestId('publication-banner')).toHaveCount(0)
  await expect(staff.locator('meta[name="robots"]')).toHaveCount(0)
  await context.close()
})
