// Issue 24, the editor's care: an expired session asks to sign in again over the open editor
// (with the code when the account has one) and the save goes through; a deleted picture offers
// 'Urungkan'; typing on a selected picture goes after it; pictures show at a working size.
import type { Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { articleBody, expect, expectToast, newSignedInPage, signedInClient, test, type Account } from './fixtures'
import { png } from './images'
import { seedSession } from '../support/fixtures'
import { serviceClient } from '../support/cleanup'

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

/** What the authenticator shows `steps` periods from now. */
function code(secret: string, steps: number) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, '')) })
  return totp.generate({ timestamp: Date.now() + steps * 30_000 })
}

/**
 * The session ends on the server (every refresh token of the account revoked, as a sign-out
 * elsewhere or an expiry does) and the browser's access token runs out: the next request finds
 * no session to refresh.
 */
async function expireSession(page: Page, account: Account, baseURL: string, endedBy?: SupabaseClient) {
  // an enrolled account's sessions are ended only from an aal2 session (issue 30): the caller's
  const supabase = endedBy ?? (await signedInClient(baseURL, account.email, account.password)).supabase
  expect((await supabase.auth.signOut({ scope: 'global' })).error).toBeNull()
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))!
    const stored = JSON.parse(localStorage.getItem(key)!)
    localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }))
  })
}

/** The editor's text under the sign-in dialog (hidden from the accessibility tree while it is open). */
const underneath = (page: Page) => page.locator('[contenteditable="true"]')

async function openArticle(page: Page, title: string) {
  await page.goto('/admin/content')
  await page.getByLabel('Cari artikel').fill(title)
  await page.getByRole('button', { name: `Edit "${title}"` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Artikel' })
  await expect(dialog.getByLabel('Judul')).toHaveValue(title)
  return dialog
}

/**
 * Opens the article, types `text` at the end of its body, lets the session expire and saves: the
 * sign-in dialog. Realtime is kept away from this tab, so the save is what finds the ended session
 * (a token that simply expired gives no realtime notice either); the notice that reaches an open
 * tab at once is e2e/admin/sessions-end.spec.ts's.
 */
async function saveAfterExpiry(page: Page, account: Account, baseURL: string, title: string, text: string, endedBy?: SupabaseClient) {
  await page.routeWebSocket(/\/realtime\/v1\//, (socket) => socket.close())
  const dialog = await openArticle(page, title)
  await articleBody(dialog).click()
  await page.keyboard.press('End')
  await page.keyboard.type(text)
  await expireSession(page, account, baseURL, endedBy)
  await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
  return page.getByRole('dialog', { name: 'Sesi Berakhir' })
}

async function storedContent(baseURL: string, account: Account, id: string) {
  const { supabase } = await signedInClient(baseURL, account.email, account.password)
  const { data, error } = await supabase.from('articles').select('content, version').eq('id', id).single()
  if (error) throw error
  return data
}

for (const viewport of VIEWPORTS) {
  test(`an expired session asks for the password over the open editor, then saves (${viewport.name})`, async ({ newAccount, newArticle, browser, baseURL }) => {
    test.slow()
    const admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Sesi' })
    const article = await newArticle({ title: `Sesi ${viewport.name} ${Date.now()}`, content: '<p>Isi awal.</p>' })
    const { context, page } = await newSignedInPage(browser, baseURL, admin, viewport)
    const signIn = await saveAfterExpiry(page, admin, baseURL, article.title, ' Tambahan setelah sesi habis.')
    await expect(signIn).toBeVisible()
    await expect(signIn).toContainText(`Masuk sebagai ${admin.email}`)
    await expect(signIn.getByLabel('Password')).toBeFocused()
    // the editor and its text are still there, and the page did not leave for /login
    await expect(page).toHaveURL(/\/admin\/content$/)
    await expect(underneath(page)).toContainText('Isi awal. Tambahan setelah sesi habis.')
    await page.screenshot({ path: `screenshots/newsroom-sign-in-again-${viewport.name}.png` })
    expect(await storedContent(baseURL, admin, article.id)).toEqual({ content: '<p>Isi awal.</p>', version: 1 })

    await signIn.getByLabel('Password').fill('salah-sekali')
    await signIn.getByRole('button', { name: 'Masuk Kembali' }).click()
    await expect(signIn.getByText('Email atau password salah.')).toBeVisible()
    await signIn.getByLabel('Password').fill(admin.password)
    await signIn.getByRole('button', { name: 'Masuk Kembali' }).click()
    await expect(signIn).toBeHidden()
    await expectToast(page, 'Artikel Berhasil Diperbarui!', 'Sudah terbit.')
    expect(await storedContent(baseURL, admin, article.id)).toEqual({ content: '<p>Isi awal. Tambahan setelah sesi habis.</p>', version: 2 })
    await context.close()
  })
}

test('an account with two-step verification gives its code too before the save is retried', async ({ newAccount, newArticle, browser, baseURL }) => {
  test.slow()
  const admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Dua Langkah' })
  const article = await newArticle({ title: `Sesi kode ${Date.now()}`, content: '<p>Isi awal.</p>' })
  // enrol and verify: this client's session is then aal2, the browser starts with it
  const { supabase } = await signedInClient(baseURL, admin.email, admin.password)
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Aplikasi autentikator' })
  if (enrolled.error) throw enrolled.error
  const secret = enrolled.data.totp.secret
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: code(secret, 0) })
  if (verified.error) throw verified.error
  const { data } = await supabase.auth.getSession()
  const aal2 = await browser.newContext({ baseURL, viewport: VIEWPORTS[1], locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
  await seedSession(aal2, baseURL, data.session!)
  const tab = await aal2.newPage()
  const signIn = await saveAfterExpiry(tab, admin, baseURL, article.title, ' Dengan kode.', supabase)
  await signIn.getByLabel('Password').fill(admin.password)
  await signIn.getByRole('button', { name: 'Masuk Kembali' }).click()
  // the password alone gives a session that may not write yet: the code is asked in the same dialog
  await expect(signIn.getByLabel('Kode Verifikasi')).toBeVisible()
  await expect(underneath(tab)).toContainText('Dengan kode.')
  await signIn.getByLabel('Kode Verifikasi').fill(code(secret, 1))
  await signIn.getByRole('button', { name: 'Verifikasi' }).click()
  await expect(signIn).toBeHidden()
  await expectToast(tab, 'Artikel Berhasil Diperbarui!')
  expect((await storedContent(baseURL, admin, article.id)).content).toBe('<p>Isi awal. Dengan kode.</p>')
  await aal2.close()
})

for (const viewport of VIEWPORTS) {
  test(`a picture in the text: shown at a working size, typing goes after it, deleting it offers Urungkan (${viewport.name})`, async ({ newAccount, newArticle, browser, baseURL }) => {
    const admin = await newAccount({ role: 'admin', status: 'approved' })
    const { supabase } = await signedInClient(baseURL, admin.email, admin.password)
    const path = `${admin.id}/body/besar-${viewport.name}-${Date.now()}.png`
    expect((await supabase.storage.from('article_images').upload(path, png(1600, 1200, [40, 120, 60]), { contentType: 'image/png' })).error).toBeNull()
    const url = supabase.storage.from('article_images').getPublicUrl(path).data.publicUrl
    const article = await newArticle({ title: `Gambar ${viewport.name} ${Date.now()}`, content: `<p>Awal.</p><img src="${url}" alt="Heli besar"><p>Akhir.</p>` })

    const { context, page } = await newSignedInPage(browser, baseURL, admin, viewport)
    const dialog = await openArticle(page, article.title)
    const picture = articleBody(dialog).getByRole('img', { name: 'Heli besar' })
    await expect(picture).toBeVisible()
    const box = (await picture.boundingBox())!
    expect(box.height).toBeLessThanOrEqual(288)
    expect(box.width).toBeLessThan(viewport.width)

    await picture.click()
    await page.keyboard.type('Keterangan')
    await expect(picture).toBeVisible()
    await expect(articleBody(dialog).locator('img + p')).toHaveText('Keterangan')

    // Elsewhere on the picture: a second click on the same spot this soon is a double click.
    await picture.click({ position: { x: 12, y: 12 } })
    await page.keyboard.press('Delete')
    await expect(picture).toHaveCount(0)
    const offer = dialog.getByRole('status').filter({ hasText: 'Gambar dihapus dari isi artikel.' })
    await expect(offer).toBeVisible()
    await page.screenshot({ path: `screenshots/newsroom-picture-undo-${viewport.name}.png` })
    await offer.getByRole('button', { name: 'Urungkan' }).click()
    await expect(picture).toBeVisible()
    await expect(offer).toBeHidden()
    await expect(articleBody(dialog).locator('img + p')).toHaveText('Keterangan')
    await context.close()
    await (await serviceClient(baseURL)).storage.from('article_images').remove([path])
  })
}

for (const viewport of VIEWPORTS) {
  test(`errors go once the fields are filled; the save toast says draft, scheduled or published (${viewport.name})`, async ({ newAccount, cleanup, browser, baseURL }) => {
    test.slow()
    const admin = await newAccount({ role: 'admin', status: 'approved' })
    const title = cleanup.article(`Jadwal ${viewport.name} ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin, viewport)
    await page.goto('/admin/content')
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    const dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Data Tidak Lengkap')
    await expect(dialog.getByLabel('Judul')).toHaveAttribute('aria-invalid', 'true')
    await expect(articleBody(dialog)).toHaveAttribute('aria-invalid', 'true')
    await dialog.getByLabel('Judul').fill(title)
    await expect(dialog.getByLabel('Judul')).not.toHaveAttribute('aria-invalid')
    await articleBody(dialog).fill('Latihan terbang malam.')
    await expect(articleBody(dialog)).not.toHaveAttribute('aria-invalid')

    await dialog.getByLabel('Jadwalkan').check()
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expect(dialog.getByText('Tanggal dan jam terbit wajib diisi.')).toBeVisible()
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10)
    await dialog.getByLabel('Tanggal terbit (WIB)').fill(inTwoDays)
    await expect(dialog.getByText('Tanggal dan jam terbit wajib diisi.')).toBeVisible()
    await dialog.getByLabel('Jam terbit (WIB)').fill('09:30')
    await expect(dialog.getByText('Tanggal dan jam terbit wajib diisi.')).toBeHidden()
    await expect(dialog.getByLabel('Tanggal terbit (WIB)')).not.toHaveAttribute('aria-invalid')
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!', 'Dijadwalkan terbit')

    await page.getByLabel('Cari artikel').fill(title)
    await page.getByRole('button', { name: `Edit "${title}"` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Artikel' })
    await edit.getByLabel('Simpan sebagai draf').check()
    await edit.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Diperbarui!', 'Disimpan sebagai draf.')
    await page.getByRole('button', { name: `Edit "${title}"` }).click()
    await edit.getByLabel('Terbitkan sekarang').check()
    await edit.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Diperbarui!', 'Sudah terbit.')
    await context.close()
  })
}
