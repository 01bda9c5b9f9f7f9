import { paths } from '../../src/lib/paths'
import { documentTitle, publicPages } from '../../src/lib/pages'
import { expect, isPhone, test } from '../support/fixtures'

// The pages the navbar links to (/galeri is reached from home and /kegiatan, /login is a button,
// the public-information pages from the footer).
const footerPages = new Set<string>([paths.privacy, paths.accessibility, paths.publicInformation])
const notInNavbar = new Set<string>([paths.login, paths.galleries, ...footerPages])
const navPages = publicPages.filter((page) => !notInNavbar.has(page.path))

function decode(text: string) {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&')
}

test('the server writes each page title and description from the page table', async ({ request }) => {
  for (const page of publicPages) {
    const html = await (await request.get(page.path)).text()
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(documentTitle(page.title))
    expect(decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '')).toBe(page.description)
  }
  expect((await request.get('/tidak-ada')).status()).toBe(404)
})

test('title, description, canonical and og tags follow client-side navigation', async ({ page, baseURL }) => {
  const head = (selector: string, attribute: string) => page.locator(selector).getAttribute(attribute)
  const expectMetaOf = async (target: (typeof publicPages)[number]) => {
    await expect(page).toHaveURL(target.path)
    await expect(page).toHaveTitle(documentTitle(target.title))
    expect(await head('meta[name="description"]', 'content')).toBe(target.description)
    expect(await head('meta[property="og:description"]', 'content')).toBe(target.description)
    expect(await head('meta[property="og:title"]', 'content')).toBe(documentTitle(target.title))
    expect(await head('link[rel="canonical"]', 'href')).toBe(`${baseURL}${target.path}`)
    expect(await head('meta[property="og:url"]', 'content')).toBe(`${baseURL}${target.path}`)
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1)
  }
  await page.goto('/')
  // The navbar keeps SPEC.md's links; the gallery is reached from the activities page.
  for (const target of [...navPages].reverse().filter((p) => p.path !== paths.galleries)) {
    if (isPhone(page)) await page.getByRole('button', { name: 'Buka menu' }).click()
    const name = target.title ?? 'Beranda'
    await page.getByRole('banner').getByRole('link', { name: name === 'Berita & Kegiatan' ? 'Kegiatan' : name, exact: true }).click()
    await expectMetaOf(target)
  }
  if (isPhone(page)) await page.getByRole('button', { name: 'Buka menu' }).click()
  await page.getByRole('banner').getByRole('link', { name: 'Kegiatan', exact: true }).click()
  await page.getByRole('navigation', { name: 'Dokumentasi lain' }).getByRole('link', { name: 'Lihat Galeri Foto Kegiatan' }).click()
  await expectMetaOf(publicPages.find((p) => p.path === paths.galleries)!)
  for (const target of publicPages.filter((p) => footerPages.has(p.path))) {
    await page.getByRole('navigation', { name: 'Informasi publik' }).getByRole('link', { name: target.title ?? '', exact: true }).click()
    await expectMetaOf(target)
  }
})
