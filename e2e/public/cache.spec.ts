import { expect, test, uniq } from '../support/fixtures'

test('public HTML: ETag and 304, a new article shows at once, a scheduled one when it falls due', async ({ newArticles, request }) => {
  // Another worker's write between the two requests renders a new page with a new ETag, so the
  // pair is tried again until no write came between them.
  let etag = ''
  await expect.poll(async () => {
    const first = await request.get('/kegiatan')
    expect(first.status()).toBe(200)
    etag = first.headers()['etag']
    expect(etag).toBeTruthy()
    const again = await request.get('/kegiatan', { headers: { 'If-None-Match': etag } })
    return [again.status(), await again.text()]
  }).toEqual([304, ''])

  const tag = uniq()
  const [now] = await newArticles([{ title: `Segar ${tag}`, content: '<p>x</p>', published_at: new Date().toISOString() }])
  const after = await request.get('/kegiatan', { headers: { 'If-None-Match': etag } })
  expect(after.status()).toBe(200)
  expect(await after.text()).toContain(now.title)

  const due = new Date(Date.now() + 4000).toISOString()
  const [scheduled] = await newArticles([{ title: `Terjadwal ${tag}`, content: '<p>y</p>', published_at: due }])
  expect(await (await request.get('/kegiatan')).text()).not.toContain(scheduled.title)
  await expect.poll(async () => (await request.get('/kegiatan')).text(), { timeout: 15_000 }).toContain(scheduled.title)
})
