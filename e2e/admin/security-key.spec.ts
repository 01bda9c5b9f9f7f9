import type { Page } from '@playwright/test'
import { expect, expectToast, test } from './fixtures'
import { waitForHydration } from '../support/hydration'

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

/**
 * Chromium's virtual authenticator (DevTools protocol) plugged into `page`: a USB key that is
 * touched whenever asked. WebAuthn refuses IP addresses, so these pages are on localhost.
 */
async function plugInKey(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: false, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

async function signInWithPassword(page: Page, account: { email: string; password: string }) {
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account.email)
  await page.locator('#password').fill(account.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
}

const securityCard = (page: Page) =>
  page.getByRole('heading', { name: 'Verifikasi Dua Langkah' }).locator('xpath=ancestor::*[@data-slot="card"][1]')
const keySection = (page: Page) => securityCard(page).getByRole('region', { name: 'Kunci Keamanan' })
const appSection = (page: Page) => securityCard(page).getByRole('region', { name: 'Aplikasi Autentikator' })

for (const viewport of VIEWPORTS) {
  test(`a security key as the second step: added in Keamanan, asked at sign-in, removed (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    const local = baseURL.replace('127.0.0.1', 'localhost')
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const context = await browser.newContext({ baseURL: local, viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
    const page = await context.newPage()
    const key = await plugInKey(page)
    await signInWithPassword(page, account)
    await expect(page).toHaveURL(/\/admin\/dashboard/)

    await page.goto('/admin/my-account?tab=security')
    const card = securityCard(page)
    await expect(keySection(page).getByText('Tidak aktif')).toBeVisible()
    await expect(appSection(page).getByText('Tidak aktif')).toBeVisible()
    await card.getByRole('button', { name: 'Tambah Kunci Keamanan' }).click()
    await expectToast(page, 'Kunci Keamanan Ditambahkan')
    // each section tells its own state: the key is active, the authenticator app still is not
    await expect(keySection(page).getByText('Aktif', { exact: true })).toBeVisible()
    await expect(appSection(page).getByText('Tidak aktif')).toBeVisible()
    await expect(appSection(page).getByText('Aktif', { exact: true })).toHaveCount(0)
    await expect(keySection(page)).not.toContainText('6 digit')
    await expect(appSection(page)).toContainText('6 digit kode dari aplikasi autentikator')
    await expect(card.getByRole('listitem')).toHaveCount(1)
    await expect(card.getByRole('listitem')).toContainText('Kunci Keamanan')
    await expect(card.getByRole('listitem')).toContainText('Belum pernah dipakai')
    expect(await key.credentials()).toHaveLength(1)
    await page.screenshot({ path: `test-results/security-key-added-${viewport.name}.png`, fullPage: true })

    // a new sign-in with the password alone is asked for the key, and the key lets it in
    await page.evaluate(() => window.localStorage.clear())
    await signInWithPassword(page, account)
    await expect(page.getByRole('heading', { name: 'Verifikasi Dua Langkah' })).toBeVisible()
    const useKey = page.getByRole('button', { name: 'Gunakan Kunci Keamanan' })
    await expect(useKey).toBeVisible()
    await expect(page.getByLabel('Kode Verifikasi')).toHaveCount(0)
    // the step asks for the key: a key icon, not the phone of the code step
    await expect(page.getByTestId('second-step-icon-key')).toBeVisible()
    await expect(page.getByTestId('second-step-icon-code')).toHaveCount(0)
    await page.screenshot({ path: `test-results/security-key-login-${viewport.name}.png`, fullPage: true })
    await useKey.click()
    await expectToast(page, 'Login Berhasil!')
    await expect(page).toHaveURL(/\/admin\/dashboard/)

    // the key's sign-in shows as its last use; its owner names it
    await page.goto('/admin/my-account?tab=security')
    const item = securityCard(page).getByRole('listitem')
    await expect(item).toContainText(/Terakhir dipakai \d{1,2} [A-Z][a-z]{2} \d{4}/)
    await item.getByRole('button', { name: 'Ubah nama Kunci Keamanan' }).click()
    await item.getByLabel('Nama kunci keamanan').fill('YubiKey 5C (kantor)')
    await item.getByRole('button', { name: 'Simpan Nama' }).click()
    await expectToast(page, 'Nama Diperbarui')
    await expect(item).toContainText('YubiKey 5C (kantor)')

    // removal is confirmed first; then the account is back to the password alone
    await item.getByRole('button', { name: 'Hapus YubiKey 5C (kantor)' }).click()
    await page.getByRole('alertdialog', { name: 'Hapus YubiKey 5C (kantor)?' }).getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(page, 'Kunci Keamanan Dihapus', 'YubiKey 5C (kantor) tidak lagi dapat dipakai untuk login.')
    await expect(keySection(page).getByText('Tidak aktif')).toBeVisible()
    await expect(securityCard(page).getByRole('listitem')).toHaveCount(0)
    await context.close()
  })
}
