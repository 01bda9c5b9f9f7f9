// `npm run screenshots`: PNGs of every public page at phone and desktop width in screenshots/
// (git-ignored), against the built site with demo content. BASE_URL=... uses a running site instead.
import { mkdir } from 'node:fs/promises'
import { chromium } from '@playwright/test'
import { CHROMIUM, ensureBuilt, startServer } from '../e2e/support/start-server.mjs'

const OUT = 'screenshots'
const viewports = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
]

let server
let baseUrl = process.env.BASE_URL
if (!baseUrl) {
  await ensureBuilt()
  server = await startServer({ SEED_DEMO: 'true' })
  baseUrl = server.url
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
try {
  await mkdir(OUT, { recursive: true })
  const probe = await browser.newPage()
  await probe.goto(`${baseUrl}/kegiatan`)
  const firstArticle = await probe.getByRole('link', { name: 'Lihat Detail' }).first().getAttribute('href').catch(() => null)
  await probe.close()

  const pages = [
    ['home', '/'],
    ['profil', '/profil'],
    ['struktur', '/struktur'],
    ['kegiatan', '/kegiatan'],
    ['kontak', '/kontak'],
    ['login', '/login'],
    ['berita-tidak-ada', '/berita/00000000-0000-4000-8000-000000000000'],
    ...(firstArticle ? [['berita', firstArticle]] : []),
  ]

  for (const viewport of viewports) {
    const context = await browser.newContext({ viewport: viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' })
    const page = await context.newPage()
    for (const [name, path] of pages) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' })
      // Lazy images below the fold load only when scrolled into view.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y)
          await new Promise((resolve) => setTimeout(resolve, 60))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `${OUT}/${name}-${viewport.name}.png`, fullPage: true })
    }
    if (viewport.name === 'mobile') {
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Buka menu' }).click()
      await page.screenshot({ path: `${OUT}/menu-mobile.png` })
      await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Daftar di sini' }).click()
      await page.screenshot({ path: `${OUT}/daftar-mobile.png`, fullPage: true })
    }
    await context.close()
  }
  console.log(`screenshots written to ${OUT}/ (${pages.length * viewports.length + 2} files)`)
} finally {
  await browser.close()
  await server?.stop()
}
