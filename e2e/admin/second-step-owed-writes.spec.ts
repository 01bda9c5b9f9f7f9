import type { BrowserContext, Route } from '@playwright/test'
import { expect, expectToast, newSignedInPage, test } from './fixtures'

// Issue 43, point 7, beyond the article editor: every staff write the database refuses for want
// of a second step sends the admin to enrolment in Indonesian (one handler over all mutations),
// whether the policy names itself (an insert) or just changes no row (an update).
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

/** PostgREST's answer to an insert the policy refuses (PostgreSQL's own wording). */
const REFUSAL = {
  code: '42501',
  details: null,
  hint: null,
  message: 'new row violates row-level security policy "Second step for writes" for table "galleries"',
}

/**
 * 'Wajibkan' by the superadmin, as this browser reads it. The setting is one row for the whole
 * site; turning it on for real would lock out the admins of specs running in parallel (the
 * database's refusal itself is tested in tests/auth/mfa-enforcement.test.ts).
 */
async function requirement(context: BrowserContext) {
  const state = { required: false }
  await context.route('**/rest/v1/security_settings*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ mfa_required_for_staff: state.required }) }),
  )
  return state
}

for (const viewport of VIEWPORTS) {
  test(`a new gallery refused for want of a second step goes to enrolment, in Indonesian (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    const setting = await requirement(context)
    await context.route('**/rest/v1/galleries*', (route: Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(REFUSAL) })
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
    const setting = await requirement(context)
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
