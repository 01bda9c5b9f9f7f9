import { addPasskey, signInWithPasskey, type PasskeyServer } from '../../tests/auth/passkey-api.ts'
import { backend } from '../support/backend'
import { anonClient, expect, expectToast, signedIn, storedSessionKeys, test } from '../support/fixtures'
import { waitForHydration } from '../support/hydration'

/*
 * 'Lupa password?' end to end: the form, GoTrue's POST /recover, the mail in the dev mailbox, the
 * link (a session with type=recovery in the fragment), 'Atur Password Baru', PUT /auth/v1/user,
 * and signing in with the new password. The link works once.
 */

type Mail = { to: string; subject: string; text: string }

async function recoveryLink(baseURL: string, to: string): Promise<string> {
  let link = ''
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${baseURL}/_dev/mail`)).json()) as Mail[]
      const mail = mails.find((m) => m.to === to && m.subject.startsWith('Atur ulang password'))
      link = mail ? /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0] : ''
      return link
    })
    .toContain('type=recovery')
  return link
}

for (const viewport of [
  { name: '390', width: 390, height: 844 },
  { name: '1440', width: 1440, height: 900 },
]) {
  test(`recovers a forgotten password with the mailed link (${viewport.name} px)`, async ({ newAccount, page, baseURL }) => {
    test.slow()
    await page.setViewportSize(viewport)
    const account = await newAccount({ status: 'approved' })

    await page.goto('/login')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Lupa password?' }).click()
    await expect(page.getByRole('heading', { name: 'Lupa Password' })).toBeVisible()
    await page.getByRole('button', { name: 'Kirim Tautan' }).click()
    const address = page.getByLabel('Email')
    await expect(address).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Mohon masukkan alamat email yang valid.')).toBeVisible()
    await address.fill(account.email)
    await page.getByRole('button', { name: 'Kirim Tautan' }).click()
    await expect(page.getByRole('status')).toContainText('tautan untuk membuat password baru telah dikirim')
    await page.screenshot({ path: `screenshots/auth-forgot-password-${viewport.name}.png` })

    const link = await recoveryLink(baseURL, account.email)
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${baseURL}/login`)
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Atur Password Baru' })).toBeVisible()
    // an account without passkeys is not asked about them
    await expect(page.getByRole('button', { name: 'Simpan Password' })).toBeEnabled()
    await expect(page.getByLabel('Tetap simpan passkey saya')).toHaveCount(0)

    const fresh = page.getByLabel('Password Baru', { exact: true })
    const confirmation = page.getByLabel('Konfirmasi Password Baru')
    await fresh.fill('sandi-baru-1')
    await confirmation.fill('sandi-baru-2')
    await page.getByRole('button', { name: 'Simpan Password' }).click()
    await expectToast(page, 'Password Tidak Cocok', 'Pastikan password baru dan konfirmasi password sama.')
    await fresh.fill('12345')
    await confirmation.fill('12345')
    await page.getByRole('button', { name: 'Simpan Password' }).click()
    await expectToast(page, 'Password Terlalu Pendek', 'Password minimal harus 6 karakter.')
    await expect(fresh).toHaveAttribute('aria-invalid', 'true')
    await page.screenshot({ path: `screenshots/auth-new-password-${viewport.name}.png` })

    await fresh.fill('sandi-baru-123')
    await confirmation.fill('sandi-baru-123')
    await page.getByRole('button', { name: 'Simpan Password' }).click()
    await expectToast(page, 'Password Berhasil Diperbarui!', 'Silakan login kembali dengan password baru Anda.')
    await expect(page.getByRole('heading', { name: 'Portal Personel' })).toBeVisible()
    await expect.poll(() => storedSessionKeys(page)).toEqual([])

    // the link was used up
    await page.goto(link)
    await expect(page.getByRole('alert').filter({ hasText: 'Tautan tidak valid atau sudah kedaluwarsa' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Portal Personel' })).toBeVisible()

    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Masuk' }).click()
    await expectToast(page, 'Login Gagal', 'Email atau password salah.')
    await page.getByLabel('Password', { exact: true }).fill('sandi-baru-123')
    await page.getByRole('button', { name: 'Masuk' }).click()
    await expect(page).toHaveURL('/admin/dashboard')
  })
}

// Issue 43, point 3: a passkey planted with a stolen password must not survive the recovery by
// default; the member who added their own may keep them, by ticking a box that starts unticked.
for (const [viewport, keep] of [
  [{ name: '390', width: 390, height: 844 }, false],
  [{ name: '1440', width: 1440, height: 900 }, true],
] as const) {
  test(`recovery asks whether to keep the passkeys, unticked: ${keep ? 'kept when ticked' : 'removed by default'} (${viewport.name} px)`, async ({ newAccount, page, baseURL }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    const account = await newAccount({ status: 'approved' })
    const { url, anonKey } = await backend(baseURL)
    const server: PasskeyServer = { url, anonKey, origin: new URL(baseURL).origin.replace('127.0.0.1', 'localhost') }
    const { session } = await signedIn(baseURL, account.email, account.password)
    const passkey = await addPasskey(server, session!.access_token)

    const { error } = await (await anonClient(baseURL)).auth.resetPasswordForEmail(account.email, { redirectTo: `${baseURL}/login` })
    expect(error).toBeNull()
    await page.goto(await recoveryLink(baseURL, account.email))
    const keepBox = page.getByLabel('Tetap simpan passkey saya')
    await expect(keepBox).toBeVisible()
    await expect(keepBox).not.toBeChecked()
    await page.screenshot({ path: `screenshots/auth-new-password-passkeys-${viewport.name}.png` })
    if (keep) await keepBox.check()
    await page.getByLabel('Password Baru', { exact: true }).fill('sandi-baru-123')
    await page.getByLabel('Konfirmasi Password Baru').fill('sandi-baru-123')
    await page.getByRole('button', { name: 'Simpan Password' }).click()
    await expectToast(page, 'Password Berhasil Diperbarui!')
    expect(await signInWithPasskey(server, passkey.key) !== null).toBe(keep)
  })
}
