import { expect, seedSession, signedIn, SUPERADMIN, test } from '../support/fixtures'
import { waitForHydration } from '../support/hydration'

const DAY = 86_400_000

async function staffPage(browser: import('@playwright/test').Browser, baseURL: string) {
  const { session } = await signedIn(baseURL, SUPERADMIN.email, SUPERADMIN.password)
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport ?? undefined })
  await seedSession(context, baseURL, session!)
  return { context, page: await context.newPage() }
}

test('/login sends a signed-in approved member to the dashboard', async ({ browser, baseURL }) => {
  const { context, page } = await staffPage(browser, baseURL)
  await page.goto('/login')
  await waitForHydration(page)
  await expect(page).toHaveURL('/admin/dashboard')
  await context.close()
})

test("the dashboard's activity rows say what each article's author did", async ({ browser, baseURL }) => {
  const row = (n: number, published_at: string | null) => ({
    id: `00000000-0000-4000-8000-00000000010${n}`,
    title: `Aktivitas ${n}`,
    created_at: new Date(Date.now() - n * 60_000).toISOString(),
    published_at,
    profiles: { full_name: 'Serka Budi' },
  })
  const rows = [row(1, null), row(2, new Date(Date.now() + DAY).toISOString()), row(3, new Date(Date.now() - DAY).toISOString())]
  const { context, page } = await staffPage(browser, baseURL)
  // A fixed list: other tests add articles in parallel.
  await page.route(/\/rest\/v1\/articles\?select=id%2C\+?title%2C\+?created_at/, (route) => route.fulfill({ json: rows }))
  await page.goto('/admin/dashboard')
  const items = page.getByRole('heading', { name: 'Aktivitas Artikel Terbaru' }).locator('xpath=ancestor::*[@data-slot="card"]').getByRole('listitem')
  await expect(items).toHaveCount(3)
  await expect(items.nth(0)).toContainText('Serka Budi menyimpan draf Aktivitas 1')
  await expect(items.nth(1)).toContainText('Serka Budi menjadwalkan Aktivitas 2')
  await expect(items.nth(2)).toContainText('Serka Budi menerbitkan Aktivitas 3')
  await context.close()
})

test('each page and filter of the news list has its own title, in the HTML and after navigation', async ({ page, request }) => {
  const html = await (await request.get('/kegiatan?kategori=Latihan&halaman=2')).text()
  expect(html).toContain('<title>Berita &#38; Kegiatan · Kategori Latihan · Halaman 2 | Skadron 31/Serbu</title>')
  const search = await (await request.get('/kegiatan?cari=helikopter')).text()
  expect(search).toContain('<title>Berita &#38; Kegiatan · Pencarian “helikopter” | Skadron 31/Serbu</title>')

  await page.goto('/kegiatan?kategori=Latihan')
  await expect(page).toHaveTitle('Berita & Kegiatan · Kategori Latihan | Skadron 31/Serbu')
  await page.goto('/kegiatan')
  await expect(page).toHaveTitle('Berita & Kegiatan | Skadron 31/Serbu')
})
