import type { Page } from '@playwright/test'
import { addPasskey, signInWithPasskey, type PasskeyServer } from '../../tests/auth/passkey-api.ts'
import { backend } from '../support/backend'
import { signedIn } from '../support/fixtures'
import { expect, expectToast, newSignedInPage, test } from './fixtures'

// Issue 43: a passkey registered with a stolen password signed in unseen. Keamanan now lists the
// account's passkeys by the name the owner gives, with when each was added and last used, and
// removes one after a confirmation. The passkeys are registered over the API with a software
// passkey, as the attacker would (the site has no way to add one).
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

const passkeyCard = (page: Page) => page.getByRole('heading', { name: 'Passkey', exact: true }).locator('xpath=ancestor::*[@data-slot="card"][1]')

for (const viewport of VIEWPORTS) {
  test(`Keamanan lists the passkeys, renames one to a plain name, removes one after a confirmation (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ status: 'approved' })
    const { url, anonKey } = await backend(baseURL!)
    // the relying party is SITE_URL; WebAuthn names no IP address, so a loopback one is localhost
    const server: PasskeyServer = { url, anonKey, origin: new URL(baseURL!).origin.replace('127.0.0.1', 'localhost') }
    const { session } = await signedIn(baseURL!, account.email, account.password)
    const used = await addPasskey(server, session!.access_token)
    await addPasskey(server, session!.access_token)
    expect(await signInWithPasskey(server, used.key)).not.toBeNull()

    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    await page.goto('/admin/my-account?tab=security')
    const card = passkeyCard(page)
    const items = card.getByRole('listitem')
    await expect(items).toHaveCount(2)
    await expect(items.nth(0)).toContainText('Passkey')
    await expect(items.nth(0)).toContainText(/Ditambahkan \d{1,2} [A-Z][a-z]+ \d{4}/)
    await expect(items.nth(0)).toContainText(/Terakhir dipakai \d{1,2} [A-Z][a-z]{2} \d{4}/)
    await expect(items.nth(1)).toContainText('Belum pernah dipakai')
    await page.screenshot({ path: test.info().outputPath(`keamanan-passkeys-${viewport.name}.png`), fullPage: true })

    // a name with a link is refused before it is sent; a plain one is kept
    await items.nth(0).getByRole('button', { name: 'Ubah nama Passkey' }).click()
    const name = items.nth(0).getByLabel('Nama passkey')
    await name.fill('Masuk di evil.example')
    await items.nth(0).getByRole('button', { name: 'Simpan Nama' }).click()
    await expect(items.nth(0)).toContainText('Nama hanya boleh berisi huruf')
    await name.fill("Ponsel Lettu Nur'aini")
    await items.nth(0).getByRole('button', { name: 'Simpan Nama' }).click()
    await expectToast(page, 'Nama Diperbarui')
    await expect(items.nth(0)).toContainText("Ponsel Lettu Nur'aini")
    await page.reload()
    await expect(passkeyCard(page).getByRole('listitem').nth(0)).toContainText("Ponsel Lettu Nur'aini")

    // the one never used (planted?) goes after a confirmation; 'Batal' keeps it
    const unknown = passkeyCard(page).getByRole('listitem').nth(1)
    await unknown.getByRole('button', { name: 'Hapus Passkey' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Passkey?' })
    await expect(confirm).toContainText('tidak lagi dapat dipakai untuk masuk')
    await confirm.getByRole('button', { name: 'Batal' }).click()
    await expect(passkeyCard(page).getByRole('listitem')).toHaveCount(2)
    await unknown.getByRole('button', { name: 'Hapus Passkey' }).click()
    await page.getByRole('alertdialog', { name: 'Hapus Passkey?' }).getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(page, 'Passkey Dihapus', 'Passkey tidak lagi dapat dipakai untuk masuk ke akun Anda.')
    await expect(passkeyCard(page).getByRole('listitem')).toHaveCount(1)
    await expect(passkeyCard(page).getByRole('listitem')).toContainText("Ponsel Lettu Nur'aini")
    await context.close()
  })
}
