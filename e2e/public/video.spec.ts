import { expect, secondsAgo, test, uniq } from '../support/fixtures'

const VIDEO = '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Latihan Terbang Malam" width="640" height="360" allowfullscreen="true"></iframe></div>'

test('an article shows the unit video as a facade: nothing from the platform until the reader presses play', async ({ newArticle, page, baseURL }) => {
  const article = await newArticle({ title: `Video Latihan ${uniq()}`, content: `<p>Pembuka.</p>${VIDEO}<p>Penutup.</p>`, published_at: secondsAgo(60) })
  const elsewhere: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== baseURL) elsewhere.push(request.url())
  })
  // the player's page, answered here: the test never reaches the platform
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Pemutar</title><p>Pemutar video</p>' }))

  await page.goto(`/berita/${article.id}`)
  const facade = page.getByRole('link', { name: /Latihan Terbang Malam.*Putar video YouTube/ })
  await expect(facade).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(elsewhere).toEqual([])
  expect(await page.context().cookies()).toEqual([])
  await page.screenshot({ path: test.info().outputPath('facade.png'), fullPage: true })

  await facade.click()
  const player = page.locator('iframe.video-player')
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1')
  await expect(player).toHaveAttribute('title', 'Latihan Terbang Malam')
  await expect(page.frameLocator('iframe.video-player').getByText('Pemutar video')).toBeVisible()
  expect(elsewhere.every((url) => url.startsWith('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'))).toBe(true)
  await page.screenshot({ path: test.info().outputPath('playing.png') })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the video is a plain link to it', async ({ newArticle, page }) => {
    const article = await newArticle({ title: `Video Tanpa JS ${uniq()}`, content: `<p>Pembuka.</p>${VIDEO}`, published_at: secondsAgo(60) })
    await page.goto(`/berita/${article.id}`)
    const link = page.getByRole('link', { name: /Latihan Terbang Malam/ })
    await expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    await expect(page.locator('iframe')).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('no-js.png'), fullPage: true })
  })
})
