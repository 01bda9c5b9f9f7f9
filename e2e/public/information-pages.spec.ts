import { expect, expectNoAxeViolations, test } from '../support/fixtures'

const pages = [
  { path: '/kebijakan-privasi', title: 'Kebijakan Privasi', text: 'UU Nomor 27 Tahun 2022' },
  { path: '/aksesibilitas', title: 'Pernyataan Aksesibilitas', text: 'WCAG) 2.1 tingkat AA' },
  { path: '/informasi-publik', title: 'Informasi Publik (PPID)', text: 'Undang-Undang Nomor 14 Tahun 2008' },
]

test('the footer links the three public-information pages, each server-rendered, in the sitemap and accessible', async ({ page, request }) => {
  const viewport = test.info().project.use.viewport!
  await page.goto('/')
  const footerLinks = page.getByRole('navigation', { name: 'Informasi publik' }).getByRole('link')
  await expect(footerLinks).toHaveText(pages.map((p) => p.title))
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const { path, title, text } of pages) {
    const res = await request.get(path)
    expect(res.status()).toBe(200)
    const html = await res.text()
    expect(html).toContain(`<title>${title} | Skadron 31/Serbu</title>`)
    expect(html).toContain(text)
    expect(sitemap).toContain(`${path}</loc>`)
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await page.waitForLoadState('networkidle')
    await expectNoAxeViolations(page, `${path} @${viewport.width}`)
    await page.screenshot({ path: test.info().outputPath(`${path.slice(1)}-${viewport.width}.png`), fullPage: true })
  }
  for (const path of ['/profil', '/struktur']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: test.info().outputPath(`${path.slice(1)}-${viewport.width}.png`), fullPage: true })
  }
})
