import type { Route } from '@playwright/test'
import { expect, expectToast, newSignedInPage, test } from './fixtures'
import { secondStepRefusal, secondStepSetting } from './second-step-refusal'

// Issue 43, point 7, beyond the article editor: every staff write the database refuses for want
// of a second step sends the admin to enrolment in Indonesian (one handler over all mutations),
// whether the policy names itself (an insert) or just changes no row (an update).
const VIEWPORTS = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1440, height: 900 }] as const

for (const viewport of VIEWPORTS) {
  test(`a new gallery refused for want of a second step goes to enrolment, in Indonesian (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    const setting = await secondStepSetting(context)
    await context.route('**/rest/v1/galleries*', (route: Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(secondStepRefusal('galleries')) })
        : route.fallback(),
    )
    await page.goto('/admin/gallery')
    await page.getByRole('button', { name: 'Tambah Galeri' }).click()
    const dialog = page.getByRole('dialog', { name: 'Galeri Baru' })
    await dialog.getByLabel('Nama Galeri').fill(`Galeri Dua Langkah ${Date.now()}`)
    setting.required = true
    await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()

    await expectToast(page, 'Verifikasi Dua Langkah Diperlukan', 'Aktifkan dulu, lalu ulangi perubahan Anda.')
    await expect(page.getByText(/row-level security|Second step for writes/)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath(`second-step-owed-gallery-${viewport.name}.png`), fullPage: true })
    await context.close()
  })

  test(`a gallery edit refused for want of a second step (no row changed) goes to enrolment too (${viewport.name})`, async ({ newAccount, newGallery, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const gallery = await newGallery({ name: `Galeri Sunting ${viewport.name} ${Date.now()}` })
    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    const setting = await secondStepSetting(context)
    // "Second step for updates" filters the row out of the UPDATE: PostgREST answers with no rows
    await context.route('**/rest/v1/galleries*', (route: Route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }) : route.fallback(),
    )
    await page.goto('/admin/gallery')
    await page.getByRole('button', { name: `Edit ${gallery.name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Galeri' })
    await dialog.getByLabel('Deskripsi').fill('Deskripsi baru.')
    setting.required = true
    await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()
    await expectToast(page, 'Verifikasi Dua Langkah Diperlukan')
    await expect(page.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible()
    await context.close()
  })
}
