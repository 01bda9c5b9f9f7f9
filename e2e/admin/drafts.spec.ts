import AxeBuilder from '@axe-core/playwright'
import { articleBody, client, expect, expectToast, newSignedInPage, test, type Account } from './fixtures'

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Penulis Draf' })
})

async function visibleToVisitors(baseURL: string, title: string) {
  const { data, error } = await (await client(baseURL)).from('articles').select('id').eq('title', title)
  if (error) throw error
  return data.length > 0
}

for (const viewport of VIEWPORTS) {
  test(`draft, then a refused past schedule, then a future schedule (${viewport.name})`, async ({ cleanup, browser, baseURL }) => {
    const title = cleanup.article(`Draf Latihan ${viewport.name} ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.setViewportSize(viewport)
    await page.goto('/admin/content')
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    let dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
    await dialog.getByLabel('Judul').fill(title)
    await articleBody(dialog).fill('Belum untuk umum.')
    await dialog.getByLabel('Simpan sebagai draf').check()
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!')
    await expect(dialog).toBeHidden()

    const row = page.getByRole(viewport.name === 'phone' ? 'listitem' : 'row').filter({ hasText: title })
    await expect(row.getByText('Draf', { exact: true })).toBeVisible()
    expect(await visibleToVisitors(baseURL!, title)).toBe(false)

    await row.getByRole('button', { name: /^Edit/ }).click()
    dialog = page.getByRole('dialog', { name: 'Edit Artikel' })
    await expect(dialog.getByLabel('Simpan sebagai draf')).toBeChecked()
    await dialog.getByLabel('Jadwalkan').check()
    await dialog.getByLabel('Tanggal terbit (WIB)').fill('2020-01-01')
    await dialog.getByLabel('Jam terbit (WIB)').fill('08:00')
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expect(dialog.getByText('Jadwal terbit harus di masa depan.')).toBeVisible()
    await expect(dialog.getByLabel('Tanggal terbit (WIB)')).toHaveAttribute('aria-invalid', 'true')
    // The refused attempt keeps everything typed.
    await expect(dialog.getByLabel('Judul')).toHaveValue(title)
    await dialog.getByText('Penerbitan').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `screenshots/admin-content-schedule-${viewport.name}.png` })

    await dialog.getByLabel('Tanggal terbit (WIB)').fill('2099-12-31')
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Diperbarui!')
    await expect(row.getByText('Terjadwal', { exact: true })).toBeVisible()
    expect(await visibleToVisitors(baseURL!, title)).toBe(false)
    await page.screenshot({ path: `screenshots/admin-content-drafts-${viewport.name}.png`, fullPage: true })
    await context.close()
  })
}
