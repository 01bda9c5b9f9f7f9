import AxeBuilder from '@axe-core/playwright'
import { mkdir } from 'node:fs/promises'
import { expect, newSignedInPage, SUPERADMIN, test } from './fixtures'
import type { Page } from '@playwright/test'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const
const PAGES = [
  { path: '/admin/dashboard', name: 'dashboard', heading: 'Dashboard' },
  { path: '/admin/users', name: 'users', heading: 'Manajemen Pengguna' },
  { path: '/admin/content', name: 'content', heading: 'Manajemen Konten' },
  { path: '/admin/gallery', name: 'gallery', heading: 'Manajemen Galeri' },
  { path: '/admin/halaman-satuan', name: 'unit-pages', heading: 'Halaman Satuan' },
  { path: '/admin/pesan', name: 'inbox', heading: 'Pesan Masuk' },
  { path: '/admin/riwayat', name: 'audit-log', heading: 'Riwayat Aktivitas' },
  { path: '/admin/my-account?tab=profile', name: 'my-account-profile', heading: 'Akun Saya' },
  { path: '/admin/my-account?tab=security', name: 'my-account-security', heading: 'Akun Saya' },
] as const

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, `axe violations on ${label}`).toEqual([])
}

test.describe('accessibility and screenshots', () => {
  test.beforeEach(async ({ newAccount, newArticle }) => {
    await mkdir('screenshots', { recursive: true })
    // Something in every list, so the screenshots show real rows.
    await newAccount({ role: 'user', status: 'pending', fullName: 'Prada Contoh Tertunda' })
    await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Contoh Admin' })
    await newArticle({
      title: 'Latihan Terbang Formasi Helikopter MI-17 V5',
      category: 'Latihan',
      content: '<p>Latihan rutin terbang formasi.</p>',
    })
  })

  for (const viewport of VIEWPORTS) {
    test(`every admin page has no axe violations (${viewport.name})`, async ({ browser, baseURL }) => {
      test.slow()
      const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN, viewport)
      for (const target of PAGES) {
        await page.goto(target.path)
        await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible()
        await expect(page.getByText(/^Memuat/)).toHaveCount(0)
        await expectNoViolations(page, `${target.path} @${viewport.name}`)
        await page.screenshot({ path: `screenshots/admin-${target.name}-${viewport.width}x${viewport.height}.png`, fullPage: true })
      }

      await page.goto('/admin/content')
      await page.getByRole('button', { name: 'Tambah Artikel' }).click()
      await expect(page.getByRole('dialog', { name: 'Artikel Baru' })).toBeVisible()
      await expectNoViolations(page, `article editor @${viewport.name}`)
      await page.screenshot({ path: `screenshots/admin-article-editor-${viewport.width}x${viewport.height}.png` })

      await page.goto('/admin/gallery')
      await page.getByRole('button', { name: 'Tambah Galeri' }).click()
      await expect(page.getByRole('dialog', { name: 'Galeri Baru' })).toBeVisible()
      await expectNoViolations(page, `gallery dialog @${viewport.name}`)

      await page.goto('/admin/users')
      await page.getByPlaceholder('Cari pengguna berdasarkan nama atau email...').fill('Prada Contoh')
      await page.getByRole('button', { name: /^Setujui/ }).first().click()
      await expect(page.getByRole('alertdialog')).toBeVisible()
      await expectNoViolations(page, `confirm dialog @${viewport.name}`)

      if (viewport.name === 'phone') {
        await page.keyboard.press('Escape')
        await page.getByRole('button', { name: 'Buka menu admin' }).click()
        await expect(page.getByRole('dialog', { name: 'Menu admin' })).toBeVisible()
        await expectNoViolations(page, 'phone drawer')
        await page.screenshot({ path: 'screenshots/admin-drawer-390x844.png' })
      }
      await context.close()
    })
  }
})
