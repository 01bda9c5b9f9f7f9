import { Secret, TOTP } from 'otpauth'
import { articleBody, expect, expectToast, newSignedInPage, test } from './fixtures'
import { secondStepRefusal, secondStepSetting } from './second-step-refusal'

// Issue 43, point 7: the second step becomes required while the article editor is open. The save
// is refused by the restrictive policy "Second step for writes"; the admin must read Indonesian,
// land on enrolment, and find the typed text again afterwards.
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

function code(secret: string) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate()
}

for (const viewport of VIEWPORTS) {
  test(`a save refused for want of a second step goes to enrolment in Indonesian, text kept (${viewport.name})`, async ({
    newAccount,
    browser,
    baseURL,
    cleanup,
  }) => {
    test.setTimeout(90_000)
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    const setting = await secondStepSetting(context)
    const refuseInserts = (route: import('@playwright/test').Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(secondStepRefusal('articles')) })
        : route.fallback()
    await context.route('**/rest/v1/articles*', refuseInserts)

    await page.goto('/admin/content')
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    const dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
    const title = cleanup.article(`Wajib Dua Langkah ${viewport.name} ${Date.now()}`)
    await dialog.getByLabel('Simpan sebagai draf').check()
    await dialog.getByLabel('Judul').fill(title)
    await articleBody(dialog).fill('Paragraf yang ditulis sebelum aturan berubah.')

    // 'Wajibkan' by the superadmin while the editor is open
    setting.required = true
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()

    await expectToast(page, 'Verifikasi Dua Langkah Diperlukan', /tulisan Anda tetap tersimpan/)
    await expect(page.getByText(/row-level security|Second step for writes/)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath(`second-step-owed-${viewport.name}.png`), fullPage: true })

    // enrolment, then the editor offers the text back and the save goes through
    await context.unroute('**/rest/v1/articles*', refuseInserts)
    await page.getByRole('button', { name: 'Aktifkan Verifikasi Dua Langkah' }).click()
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
    await page.getByLabel('Kode Verifikasi').fill(code(secret))
    await page.getByRole('button', { name: 'Konfirmasi' }).click()
    await expectToast(page, 'Verifikasi Dua Langkah Aktif')
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    const offer = dialog.getByRole('alert', { name: 'Perubahan belum disimpan' })
    await offer.getByRole('button', { name: 'Pulihkan' }).click()
    await expect(articleBody(dialog)).toContainText('Paragraf yang ditulis sebelum aturan berubah.')
    await expect(dialog.getByLabel('Judul')).toHaveValue(title)
    await context.close()
  })

  test(`an edit refused for want of a second step (no row changed) goes to enrolment too (${viewport.name})`, async ({
    newAccount,
    newArticle,
    browser,
    baseURL,
  }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const article = await newArticle({ title: `Sunting Dua Langkah ${viewport.name} ${Date.now()}`, content: '<p>Isi awal.</p>' })
    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    const setting = await secondStepSetting(context)
    // "Second step for updates" filters the row out of the UPDATE: PostgREST answers with no rows
    await context.route('**/rest/v1/articles*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }) : route.fallback(),
    )
    await page.goto('/admin/content')
    await page.getByLabel('Cari artikel').fill(article.title)
    await page.getByRole('button', { name: `Edit "${article.title}"` }).filter({ visible: true }).click()
    const editor = page.getByRole('dialog', { name: 'Edit Artikel' })
    await articleBody(editor).fill('Isi awal. Kalimat baru.')
    setting.required = true
    await editor.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Verifikasi Dua Langkah Diperlukan')
    await expect(page.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible()
    await context.close()
  })
}
