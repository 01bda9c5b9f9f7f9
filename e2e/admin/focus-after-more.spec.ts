import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { expect, expectToast, newSignedInPage, signedInClient, SUPERADMIN, test, type Account } from './fixtures'
import { waitForHydration } from '../support/hydration'

// Issue 44: after each of these actions the pressed button is disabled, swapped or gone; focus
// must land on what the action changed (or back on the button), never on the page body. At 390
// and 1440 px, each action from the keyboard.
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

const bodyHasFocus = (page: Page) => page.evaluate(() => document.activeElement === null || document.activeElement === document.body)

async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).filter({ visible: true }).focus()
  await page.keyboard.press('Enter')
}

async function enrol(baseURL: string, account: Account) {
  const { supabase } = await signedInClient(baseURL, account.email, account.password)
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Aplikasi autentikator' })
  if (error) throw error
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(data.totp.secret) }).generate()
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: data.id, code })
  if (verified.error) throw verified.error
}

/** An article the integrity guard holds: an admin publishes a gambling link. */
async function heldArticle(baseURL: string, writer: Account, title: string) {
  const { supabase } = await signedInClient(baseURL, writer.email, writer.password)
  const author = (await supabase.auth.getUser()).data.user!.id
  const content = `<p>Latihan berjalan lancar.</p><p>Daftar slot gacor maxwin di <a href="https://slot-${Date.now()}.example/">sini</a>.</p>`
  const { error } = await supabase.from('articles').insert({ title, content, author_id: author, published_at: new Date().toISOString() })
  if (error) throw error
}

for (const viewport of VIEWPORTS) {
  test.describe(`focus after an action (${viewport.name})`, () => {
    test("Integritas Situs: 'Rilis' and 'Tolak' leave focus on the list of held items", async ({ newAccount, browser, baseURL, cleanup }) => {
      const writer = await newAccount({ role: 'admin', status: 'approved' })
      const titles = { Rilis: cleanup.article(`Fokus Rilis ${viewport.name} ${Date.now()}`), Tolak: cleanup.article(`Fokus Tolak ${viewport.name} ${Date.now()}`) }
      for (const title of Object.values(titles)) await heldArticle(baseURL, writer, title)
      const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN, viewport)
      await page.goto('/admin/integritas')
      for (const decision of ['Rilis', 'Tolak'] as const) {
        const title = titles[decision]
        await page.getByRole('button', { name: `${decision} "${title}"` }).focus()
        await page.keyboard.press('Enter')
        await page.getByRole('alertdialog').getByRole('button', { name: decision, exact: true }).focus()
        await page.keyboard.press('Enter')
        await expectToast(page, decision === 'Rilis' ? 'Isi dirilis dan terbit.' : 'Isi ditolak dan tidak terbit.')
        await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0)
        // the region around the held items (it keeps its place when the list empties)
        await expect(page.locator(':focus')).toHaveAttribute('tabindex', '-1')
        await expect(page.locator(':focus')).toContainText(/Isi yang ditahan|Tidak ada isi yang ditahan|Ditahan/)
        expect(await bodyHasFocus(page)).toBe(false)
      }
      await context.close()
    })

    test("users: 'Wajibkan' refused, a role change and 'Atur Ulang Verifikasi 2 Langkah' keep focus off the page body", async ({ newAccount, browser, baseURL }) => {
      const tag = Date.now().toString(36)
      const member = await newAccount({ role: 'user', status: 'approved', fullName: `Fokus Peran ${tag}` })
      const enrolled = await newAccount({ role: 'admin', status: 'approved', fullName: `Fokus Dua Langkah ${tag}` })
      await enrol(baseURL, enrolled)
      const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN, viewport)
      await page.goto('/admin/users')

      // the superadmin has no second step of their own, so the server refuses: focus returns to the button
      await press(page, 'Wajibkan')
      await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Wajibkan' }).focus()
      await page.keyboard.press('Enter')
      await expectToast(page, 'Gagal Mengubah Pengaturan')
      await expect(page.getByRole('button', { name: 'Wajibkan', exact: true })).toBeFocused()

      await page.getByPlaceholder('Cari pengguna berdasarkan nama atau email...').fill(tag)
      const count = page.getByRole('status').filter({ hasText: /^Menampilkan/ })
      const entry = (name: string) => (viewport.width < 768 ? page.getByRole('listitem') : page.getByRole('row')).filter({ hasText: name })
      const roleSelect = entry(member.fullName).getByRole('combobox')
      await roleSelect.focus()
      await page.keyboard.press('Enter')
      await page.getByRole('option', { name: 'Admin' }).focus()
      await page.keyboard.press('Enter')
      await expectToast(page, 'Peran berhasil diubah!')
      await expect(roleSelect).toHaveText('Admin')
      // the select was disabled while saving: it, or the list's count, holds focus
      await expect.poll(() => page.evaluate(() => {
        const active = document.activeElement
        return active?.getAttribute('role') === 'combobox' || active?.getAttribute('role') === 'status'
      })).toBe(true)

      await entry(enrolled.fullName).getByRole('button', { name: /^Aksi untuk/ }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('menuitem', { name: 'Atur Ulang Verifikasi 2 Langkah' }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Atur Ulang' }).focus()
      await page.keyboard.press('Enter')
      await expectToast(page, 'Verifikasi dua langkah berhasil diatur ulang!')
      await expect(entry(enrolled.fullName).getByText('2 Langkah')).toHaveCount(0)
      await expect(count).toBeFocused()
      await context.close()
    })

    test("'Simpan Galeri' focuses the gallery it saved, new or edited", async ({ newAccount, browser, baseURL, cleanup }) => {
      const admin = await newAccount({ role: 'admin', status: 'approved' })
      const name = cleanup.gallery(`Galeri Fokus ${viewport.name} ${Date.now()}`)
      const { context, page } = await newSignedInPage(browser, baseURL, admin, viewport)
      await page.goto('/admin/gallery')
      await press(page, 'Tambah Galeri')
      await page.keyboard.type(name)
      await press(page, 'Simpan Galeri')
      await expectToast(page, 'Galeri berhasil dibuat!')
      await expect(page.getByRole('heading', { name, level: 2 })).toBeFocused()
      await expect(page.getByRole('heading', { name, level: 2 })).toBeInViewport()

      await page.getByRole('button', { name: `Edit ${name}` }).focus()
      await page.keyboard.press('Enter')
      await page.getByLabel('Deskripsi').fill('Diperbarui dari papan ketik.')
      await press(page, 'Simpan Galeri')
      await expectToast(page, 'Galeri berhasil diperbarui!')
      await expect(page.getByRole('heading', { name, level: 2 })).toBeFocused()
      await context.close()
    })
  })
}

/**
 * Chromium's virtual authenticator (DevTools protocol): a USB key touched whenever asked. WebAuthn
 * refuses IP addresses, so these pages are on localhost.
 */
async function plugInKey(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: false, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
}

async function signInWithPassword(page: Page, account: { email: string; password: string }) {
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account.email)
  await page.locator('#password').fill(account.password)
  await page.getByLabel('Password', { exact: true }).press('Enter')
}

for (const viewport of VIEWPORTS) {
  test(`the security-key sign-in step takes focus on its key, which signs in from the keyboard (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const context = await browser.newContext({ baseURL: baseURL.replace('127.0.0.1', 'localhost'), viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
    const page = await context.newPage()
    await plugInKey(page)
    await signInWithPassword(page, account)
    await expect(page).toHaveURL(/\/admin\/dashboard/)
    await page.goto('/admin/my-account?tab=security')
    await page.getByRole('button', { name: 'Tambah Kunci Keamanan' }).click()
    await expectToast(page, 'Kunci Keamanan Ditambahkan')

    await page.evaluate(() => window.localStorage.clear())
    await signInWithPassword(page, account)
    await expect(page.getByRole('heading', { name: 'Verifikasi Dua Langkah' })).toBeVisible()
    const useKey = page.getByRole('button', { name: 'Gunakan Kunci Keamanan' })
    await expect(useKey).toBeFocused()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Login Berhasil!')
    await expect(page).toHaveURL(/\/admin\/dashboard/)
    await context.close()
  })
}
