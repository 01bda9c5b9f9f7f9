import sharp from 'sharp'
import type { BrowserContext, Route } from '@playwright/test'
import { expect, expectToast, newSignedInPage, test } from './fixtures'
import { secondStepSetting } from './second-step-refusal'

// Issue 43: a document and a unit page written while the site asks a second step the admin has
// not set up go to enrolment with the Indonesian toast, like the gallery and the article editor.
// Storage answers first in both (the file is stored before the row), under its own restrictive
// policy "Second step for uploads"; the unit page's photo was uploaded outside any mutation.
const VIEWPORTS = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1440, height: 900 }] as const

/** Storage's answer to an upload its restrictive policy refuses. */
async function refuseUploads(context: BrowserContext, bucket: string) {
  await context.route(`**/storage/v1/object/${bucket}/**`, (route: Route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' }),
        })
      : route.fallback(),
  )
}

async function expectEnrolment(page: import('@playwright/test').Page) {
  await expectToast(page, 'Verifikasi Dua Langkah Diperlukan', 'Aktifkan dulu, lalu ulangi perubahan Anda.')
  await expect(page.getByText(/row-level security|Second step for/)).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible()
}

for (const viewport of VIEWPORTS) {
  test(`a new document refused for want of a second step goes to enrolment, in Indonesian (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    const setting = await secondStepSetting(context)
    await refuseUploads(context, 'documents')
    await page.goto('/admin/dokumen')
    await page.getByRole('button', { name: 'Unggah Dokumen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Unggah Dokumen' })
    await dialog.getByLabel('Judul').fill(`Dokumen Dua Langkah ${Date.now()}`)
    await dialog.getByLabel('Kategori').selectOption('setiap_saat')
    await dialog.getByLabel('Tahun').fill('2026')
    await dialog.getByLabel('Berkas').setInputFiles({ name: 'peraturan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })
    setting.required = true
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expectEnrolment(page)
    await page.screenshot({ path: test.info().outputPath(`second-step-owed-document-${viewport.name}.png`), fullPage: true })
    await context.close()
  })

  test(`a unit page's photo refused for want of a second step goes to enrolment, in Indonesian (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    const setting = await secondStepSetting(context)
    await refuseUploads(context, 'unit_photos')
    await page.goto('/admin/halaman-satuan')
    await page.getByRole('tab', { name: 'Komandan' }).click()
    await page.getByRole('button', { name: 'Ubah Komandan ke-1', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Ubah Komandan ke-1' })
    setting.required = true
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#35524a' } }).png().toBuffer()
    await dialog.getByLabel('Foto Komandan').setInputFiles({ name: 'komandan.png', mimeType: 'image/png', buffer: photo })
    await expectEnrolment(page)
    await page.screenshot({ path: test.info().outputPath(`second-step-owed-unit-photo-${viewport.name}.png`), fullPage: true })
    await context.close()
  })
}
