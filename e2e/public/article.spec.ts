import { expect, expectToast, seedSession, signedIn, SUPERADMIN, test, uniq } from '../support/fixtures'
import { gotoClientSide } from './navigation'

test('detail: title, weekday date, category, slideshow wraps with dots, back link, title and description', async ({ newArticle, page, baseURL }) => {
  const text = 'Helikopter MI-35P melaksanakan latihan menembak udara ke darat. '.repeat(5)
  const article = await newArticle({
    title: `Detail ${uniq()}`,
    category: 'Latihan',
    content: `<p>${text}</p>`,
    cover_image_url: `${baseURL}/images/equipment/mi35p-1.webp`,
    image_gallery_urls: [`${baseURL}/images/equipment/mi35p-2.webp`, `${baseURL}/images/equipment/mi17-v5-1.webp`],
    published_at: '2024-08-17T03:00:00Z',
  })
  await page.goto('/kegiatan')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.goto(`/berita/${article.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
  // the article's own date; related articles below carry dates of their own
  await expect(page.getByRole('main').getByTestId('article-date').first()).toHaveText('Sabtu, 17 Agustus 2024')
  await expect(page.getByRole('article').getByText('Latihan', { exact: true }).first()).toBeVisible()
  await expect(page).toHaveTitle(`${article.title} | Skadron 31/Serbu`)
  const description = await page.locator('meta[name="description"]').getAttribute('content')
  expect(description).toBe(text.trim().slice(0, 160))
  expect(await page.evaluate(() => window.scrollY)).toBe(0)

  const image = page.getByTestId('slideshow-image')
  const dots = page.getByTestId('slideshow-dot')
  await expect(dots).toHaveCount(3)
  await expect(image).toHaveAttribute('src', `${baseURL}/images/equipment/mi35p-1.webp`)
  await page.getByRole('button', { name: 'Gambar sebelumnya' }).click()
  await expect(image).toHaveAttribute('src', `${baseURL}/images/equipment/mi17-v5-1.webp`)
  await page.getByRole('button', { name: 'Gambar berikutnya' }).click()
  await expect(image).toHaveAttribute('src', `${baseURL}/images/equipment/mi35p-1.webp`)
  await page.getByRole('button', { name: 'Gambar berikutnya' }).click()
  await page.getByRole('button', { name: 'Gambar berikutnya' }).click()
  await page.getByRole('button', { name: 'Gambar berikutnya' }).click()
  await expect(image).toHaveAttribute('src', `${baseURL}/images/equipment/mi35p-1.webp`)
  await dots.nth(1).click()
  await expect(image).toHaveAttribute('src', `${baseURL}/images/equipment/mi35p-2.webp`)
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true')

  await page.getByRole('link', { name: 'Kembali ke Semua Berita' }).first().click()
  await expect(page).toHaveURL('/kegiatan')
})

test('one image: no arrows or dots; no images: the placeholder', async ({ newArticle, page, baseURL }) => {
  const single = await newArticle({ title: `Satu ${uniq()}`, content: '<p>x</p>', cover_image_url: `${baseURL}/images/equipment/mi17-v5-2.webp` })
  await page.goto(`/berita/${single.id}`)
  await expect(page.getByTestId('slideshow-image')).toBeVisible()
  await expect(page.getByTestId('slideshow-dot')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Gambar berikutnya' })).toHaveCount(0)
  const none = await newArticle({ title: `Tanpa ${uniq()}`, content: '<p>x</p>' })
  await page.goto(`/berita/${none.id}`)
  await expect(page.getByTestId('slideshow-placeholder')).toBeVisible()
})

test('missing article and malformed id show the not-found text', async ({ page }) => {
  await page.goto('/berita/00000000-0000-4000-8000-000000000000')
  await expect(page.getByText('Artikel tidak ditemukan.')).toBeVisible()
  await page.goto('/berita/bukan-id')
  await expect(page.getByText('Artikel tidak ditemukan.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Kembali ke Semua Berita' })).toBeVisible()
})

test('a load failure shows the toast', async ({ page }) => {
  await page.route('**/rest/v1/articles**', (route) => route.fulfill({ status: 500, json: { message: 'connection reset' } }))
  await gotoClientSide(page, '/berita/00000000-0000-4000-8000-000000000001')
  await expectToast(page, 'Gagal Memuat Artikel', 'Terjadi kesalahan. Silakan coba lagi.')
})

// The server sanitizes what it renders; the browser sanitizes (loading DOMPurify then) only what it renders itself.
for (const arrival of ['server-rendered', 'client-side navigation'] as const) {
  // (a frame whose address is javascript: is refused on save since issue 42: render-rules.test.ts)
  test(`hostile HTML is sanitized (${arrival}): nothing runs, javascript: links are gone, external links open safely`, async ({ newArticle, page }) => {
    const article = await newArticle({
      title: `Berbahaya ${uniq()}`,
      content: [
        '<p>Teks aman</p>',
        '<script>window.__pwned = "script"</script>',
        '<img src="/tidak-ada.png" onerror="window.__pwned = \'onerror\'" alt="rusak">',
        '<a id="js" href="javascript:window.__pwned=\'href\'">klik saya</a>',
        '<a id="ext" href="https://example.com/sumber">sumber luar</a>',
        '<a id="int" href="/profil">profil</a>',
        '<svg><animate onbegin="window.__pwned=\'svg\'" attributeName="x" dur="1s"/></svg>',
        '<div style="background:url(javascript:alert(1))" onclick="window.__pwned=\'click\'">kotak</div>',
      ].join(''),
    })
    const scripts: string[] = []
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()))
    if (arrival === 'server-rendered') await page.goto(`/berita/${article.id}`)
    else await gotoClientSide(page, `/berita/${article.id}`)
    const content = page.getByTestId('article-content')
    await expect(content).toContainText('Teks aman')
    await expect(content.locator('script, iframe')).toHaveCount(0)
    expect(await content.innerHTML()).not.toMatch(/onerror|onclick|onbegin|javascript:/i)
    await content.getByText('klik saya').click()
    await content.getByText('kotak').click()
    await expect(page).toHaveURL(`/berita/${article.id}`)
    // stored ids are not rendered (issue 42: only the editor's attributes), so the links go by their text
    await expect(content.getByRole('link', { name: 'sumber luar' })).toHaveAttribute('target', '_blank')
    await expect(content.getByRole('link', { name: 'sumber luar' })).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer')
    await expect(content.getByRole('link', { name: 'profil' })).not.toHaveAttribute('target', '_blank')
    // Broken images fire their error handlers before the load event; one more frame lets any queued handler run.
    await page.waitForLoadState('load')
    await page.evaluate(() => new Promise(requestAnimationFrame))
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
    // Hydrating the server's HTML needs no sanitizer in the browser (decision 0021).
    expect(scripts.some((url) => /\/sanitize-[^/]*\.js$/.test(url))).toBe(arrival === 'client-side navigation')
  })
}

test('the server puts title, description and Open Graph tags into the raw HTML', async ({ newArticle, request, baseURL }) => {
  const article = await newArticle({
    title: `Pratinjau <Tautan> ${uniq()}`,
    content: '<p>Ringkasan &amp; isi artikel untuk pratinjau tautan WhatsApp.</p>',
    cover_image_url: `${baseURL}/images/equipment/mi17-v5-1.webp`,
  })
  const response = await request.get(`/berita/${article.id}`)
  expect(response.status()).toBe(200)
  const html = await response.text()
  const decode = (text: string) =>
    text
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  const meta = (attr: string, name: string) =>
    decode(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '')
  expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(`${article.title} | Skadron 31/Serbu`)
  expect(html.match(/<title>/g)).toHaveLength(1)
  expect(meta('name', 'description')).toBe('Ringkasan & isi artikel untuk pratinjau tautan WhatsApp.')
  expect(meta('property', 'og:title')).toContain(article.title)
  expect(meta('property', 'og:description')).toBe('Ringkasan & isi artikel untuk pratinjau tautan WhatsApp.')
  expect(meta('property', 'og:image')).toMatch(/^https?:\/\/[^/]+\/images\/equipment\/mi17-v5-1\.webp$/)
  expect(meta('property', 'og:url')).toMatch(new RegExp(`^https?://[^/]+/berita/${article.id}$`))
})

test('previous and next articles, and up to three related ones of the same category in any case', async ({ newArticles, page }) => {
  const tag = uniq()
  // Previous/next run over every article by publication time: each project and retry gets days
  // of its own, so articles left by another run cannot sit between these three.
  const info = test.info()
  const year = 1950 + info.config.projects.findIndex((p) => p.name === info.project.name) * 10 + info.retry
  const day = (d: string) => `${year}-${d}T00:00:00Z`
  const [older, middle, newer, , sameCategory] = await newArticles([
    { title: `Lama ${tag}`, content: '<p>a</p>', category: `Terkait ${tag}`, published_at: day('01-01') },
    { title: `Tengah ${tag}`, content: '<p>b</p>', category: `Terkait ${tag}`, published_at: day('01-02') },
    { title: `Baru ${tag}`, content: '<p>c</p>', category: `Lain ${tag}`, published_at: day('01-03') },
    { title: `Draf ${tag}`, content: '<p>d</p>', category: `Terkait ${tag}`, published_at: null },
    { title: `Huruf kecil ${tag}`, content: '<p>e</p>', category: `terkait ${tag}`, published_at: `${year - 1}-06-01T00:00:00Z` },
  ])
  await page.goto(`/berita/${middle.id}`)
  const pager = page.getByTestId('article-pager')
  await expect(pager.getByRole('link', { name: /Artikel Sebelumnya/ })).toContainText(older.title)
  await expect(pager.getByRole('link', { name: /Artikel Berikutnya/ })).toContainText(newer.title)
  const related = page.getByTestId('related-articles').getByRole('heading')
  await expect(related).toHaveText([older.title, sameCategory.title])

  await pager.getByRole('link', { name: /Artikel Berikutnya/ }).click()
  await expect(page).toHaveURL(`/berita/${newer.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newer.title)
  await expect(page.getByTestId('article-pager').getByRole('link', { name: /Artikel Sebelumnya/ })).toContainText(middle.title)
})

test('a draft: visitors get the 404 page, a signed-in staff member reads the article', async ({ newArticle, page, browser, baseURL }) => {
  const draft = await newArticle({ title: `Draf pratinjau ${uniq()}`, content: '<p>Belum terbit.</p>', published_at: null })

  const visit = await page.goto(`/berita/${draft.id}`)
  expect(visit?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Artikel tidak ditemukan.' })).toBeVisible()
  await expect(page.getByText(draft.title)).toHaveCount(0)

  const { session } = await signedIn(baseURL!, SUPERADMIN.email, SUPERADMIN.password)
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport ?? undefined })
  await seedSession(context, baseURL!, session!)
  const staff = await context.newPage()
  // The HTML is the visitors' (404); once the page runs, the staff member's session reads the draft.
  await staff.goto(`/berita/${draft.id}`)
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(draft.title)
  await expect(staff.getByText('Belum terbit.')).toBeVisible()
  await context.close()
})

test('an article keeps only the editor\'s markup: no stored class, style or foreign element, and the page breaks no CSP rule', async ({ newArticle, page }) => {
  const article = await newArticle({
    title: `Markup Editor ${uniq()}`,
    content: [
      '<p>Awal <span class="opacity-[0.07]">teks samar</span> akhir.</p>',
      '<p class="text-primary-foreground">teks sewarna</p>',
      '<p><span class="w-px truncate inline-block">teks sempit</span></p>',
      '<p style="text-decoration:underline">teks bergaris</p>',
      '<audio controls src="/suara.mp3"></audio><canvas width="1" height="1"></canvas>',
      '<p><meter value="0.5">meteran</meter> <ruby>Skadron<rp>(</rp><rt>31</rt><rp>)</rp></ruby></p>',
      '<div popover><p>teks melayang</p></div>',
    ].join(''),
  })
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = [])
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  const response = await page.goto(`/berita/${article.id}`)
  expect(response!.headers()['content-security-policy']).not.toMatch(/img-src[^;]*data:/)
  const content = page.getByTestId('article-content')
  for (const text of ['teks samar', 'teks sewarna', 'teks sempit', 'teks bergaris', 'teks melayang']) await expect(content.getByText(text)).toBeVisible()
  expect(await content.innerHTML()).not.toMatch(/class=|style=|\spopover|<(span|div|audio|canvas|meter|ruby|rp)\b|data:/)
  await page.waitForLoadState('load')
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([])
})
