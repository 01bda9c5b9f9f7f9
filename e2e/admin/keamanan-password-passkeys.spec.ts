import { addPasskey, signInWithPasskey, type PasskeyServer } from '../../tests/auth/passkey-api.ts'
import { backend } from '../support/backend'
import { signedIn } from '../support/fixtures'
import { expect, expectToast, newSignedInPage, test } from './fixtures'

// Issue 43: Keamanan's own 'Ubah Password' removed the account's passkeys without a word. With
// passkeys it now asks, as the recovery screen does ('Tetap simpan passkey saya', unchecked), and
// the success toast says when they were removed. The passkey is registered over the API with a
// software passkey, as an attacker with the password would.
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

for (const viewport of VIEWPORTS) {
  for (const keep of [false, true]) {
    test(`'Ubah Password' on an account with a passkey ${keep ? 'keeps it when asked' : 'removes it by default and says so'} (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
      const account = await newAccount({ status: 'approved' })
      const { url, anonKey } = await backend(baseURL!)
      const server: PasskeyServer = { url, anonKey, origin: new URL(baseURL!).origin.replace('127.0.0.1', 'localhost') }
      const { session } = await signedIn(baseURL!, account.email, account.password)
      const { key } = await addPasskey(server, session!.access_token)

      const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
      await page.goto('/admin/my-account?tab=security')
      const box = page.getByLabel('Tetap simpan passkey saya')
      await expect(box).not.toBeChecked()
      await expect(box).toHaveAccessibleDescription(/semua passkey dihapus bersama password lama/)
      await page.getByLabel('Password Baru', { exact: true }).fill('rahasia-baru')
      await page.getByLabel('Konfirmasi Password Baru').fill('rahasia-baru')
      if (keep) await box.check()
      if (!keep) await page.screenshot({ path: test.info().outputPath(`keamanan-password-passkeys-${viewport.name}.png`), fullPage: true })
      await page.getByRole('button', { name: 'Perbarui Password' }).click()
      if (keep) {
        await expectToast(page, 'Password Berhasil Diperbarui!', 'Silakan login kembali dengan password baru Anda.')
        await expect(page.getByText('Semua passkey akun Anda telah dihapus.')).toHaveCount(0)
      } else {
        await expectToast(page, 'Password Berhasil Diperbarui!', 'Semua passkey akun Anda telah dihapus. Silakan login kembali dengan password baru Anda.')
      }
      await expect(page).toHaveURL(/\/login$/)
      expect(await signInWithPasskey(server, key) !== null).toBe(keep)
      await context.close()
    })
  }
}

test('without passkeys Keamanan does not ask, and the toast says nothing of them', async ({ newAccount, browser, baseURL }) => {
  const account = await newAccount({ status: 'approved' })
  const { context, page } = await newSignedInPage(browser, baseURL!, account)
  await page.goto('/admin/my-account?tab=security')
  await page.getByLabel('Password Baru', { exact: true }).fill('rahasia-baru')
  await page.getByLabel('Konfirmasi Password Baru').fill('rahasia-baru')
  await expect(page.getByLabel('Tetap simpan passkey saya')).toHaveCount(0)
  await page.getByRole('button', { name: 'Perbarui Password' }).click()
  await expectToast(page, 'Password Berhasil Diperbarui!', 'Silakan login kembali dengan password baru Anda.')
  await expect(page.getByText('Semua passkey akun Anda telah dihapus.')).toHaveCount(0)
  await context.close()
})
