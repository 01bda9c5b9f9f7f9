// 'Sesi Berakhir' over the open editor for an account whose second step is a security key: after
// the password the dialog offers 'Gunakan Kunci Keamanan' (no code field), a touch of the key
// raises the new session, and the save that found the ended session goes through.
import type { Page } from '@playwright/test'
import { articleBody, backend, expect, expectToast, test } from './fixtures'
import { serviceClient } from '../support/cleanup'
import { waitForHydration } from '../support/hydration'

/** Chromium's virtual authenticator (DevTools protocol): a USB key that is touched whenever asked. */
async function plugInKey(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: false, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { signCount: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount ?? 0 }
}

/** The browser's own (aal2) session signs out everywhere, and its access token runs out: the next save finds no session. */
async function endSession(page: Page, baseURL: string) {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))!
    return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token
  })
  const { url, anonKey } = await backend(baseURL)
  const res = await fetch(`${url}/auth/v1/logout?scope=global`, { method: 'POST', headers: { apikey: anonKey, Authorization: `Bearer ${token}` } })
  expect(res.status).toBe(204)
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))!
    const stored = JSON.parse(localStorage.getItem(key)!)
    localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }))
  })
}

test("'Sesi Berakhir' asks for the security key after the password, and the save goes through", async ({ newAccount, newArticle, browser, baseURL }) => {
  test.slow()
  const local = baseURL.replace('127.0.0.1', 'localhost')
  const admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Kunci' })
  const article = await newArticle({ title: `Sesi kunci ${Date.now()}`, content: '<p>Isi awal.</p>' })
  const context = await browser.newContext({ baseURL: local, viewport: { width: 1440, height: 900 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
  const page = await context.newPage()
  const key = await plugInKey(page)

  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(admin.email)
  await page.locator('#password').fill(admin.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard/)
  await page.goto('/admin/my-account?tab=security')
  await page.getByRole('button', { name: 'Tambah Kunci Keamanan' }).click()
  await expectToast(page, 'Kunci Keamanan Ditambahkan')

  // realtime is kept away, so the save is what finds the ended session
  await page.routeWebSocket(/\/realtime\/v1\//, (socket) => socket.close())
  await page.goto('/admin/content')
  await page.getByLabel('Cari artikel').fill(article.title)
  await page.getByRole('button', { name: `Edit "${article.title}"` }).click()
  const editor = page.getByRole('dialog', { name: 'Edit Artikel' })
  await expect(editor.getByLabel('Judul')).toHaveValue(article.title)
  await articleBody(editor).click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Dengan kunci.')
  await endSession(page, baseURL)
  await editor.getByRole('button', { name: 'Simpan Artikel' }).click()

  const signIn = page.getByRole('dialog', { name: 'Sesi Berakhir' })
  await expect(signIn).toBeVisible()
  await signIn.getByLabel('Password').fill(admin.password)
  await signIn.getByRole('button', { name: 'Masuk Kembali' }).click()
  const useKey = signIn.getByRole('button', { name: 'Gunakan Kunci Keamanan' })
  await expect(useKey).toBeVisible()
  await expect(signIn.getByLabel('Kode Verifikasi')).toHaveCount(0)
  await expect(signIn.getByRole('button', { name: 'Verifikasi' })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/sign-in-again-key-desktop.png' })
  const touches = await key.signCount()
  await useKey.click()
  await expect(signIn).toBeHidden()
  await expectToast(page, 'Artikel Berhasil Diperbarui!')
  expect(await key.signCount()).toBeGreaterThan(touches)

  const { data } = await (await serviceClient(baseURL)).from('articles').select('content').eq('id', article.id).single()
  expect(data?.content).toBe('<p>Isi awal. Dengan kunci.</p>')
  await context.close()
})
