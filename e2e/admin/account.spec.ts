import { client, expect, expectToast, newSignedInPage, signedInClient, test, toast } from './fixtures'
import { fakePng, imageFile } from './images'

test.describe('my account', () => {
  test('tabs live in the query string and replace history; settings and notifications are disabled', async ({
    newAccount,
    browser,
    baseURL,
  }) => {
    const account = await newAccount({ role: 'user', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    await page.goto('/admin/dashboard')
    await page.getByRole('navigation', { name: 'Navigasi admin' }).getByRole('link', { name: 'Akun Saya' }).click()
    await expect(page).toHaveURL(/\/admin\/my-account$/)
    await expect(page.getByRole('tab', { name: 'Informasi Diri' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('tab', { name: 'Keamanan' }).click()
    await expect(page).toHaveURL(/\/admin\/my-account\?tab=security$/)
    await expect(page.getByRole('heading', { name: 'Ubah Password' })).toBeVisible()
    await page.getByRole('tab', { name: 'Informasi Diri' }).click()
    await expect(page).toHaveURL(/\?tab=profile$/)
    await expect(page.getByRole('tab', { name: 'Pengaturan Sistem' })).toBeDisabled()
    await expect(page.getByRole('tab', { name: 'Notifikasi' })).toBeDisabled()
    // Tab changes replaced the entry instead of stacking: Back returns to the dashboard.
    await page.goBack()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)

    await page.goto('/admin/my-account?tab=settings')
    await expect(page.getByText('Pengaturan sistem akan segera hadir.')).toBeVisible()
    await page.goto('/admin/my-account?tab=notifications')
    await expect(page.getByText('Pengaturan notifikasi akan segera hadir.')).toBeVisible()
    await context.close()
  })

  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    test(`a wrong phone number is told in Indonesian under the field, which takes focus clear of the toast @${viewport.width}`, async ({ newAccount, browser, baseURL }) => {
      const account = await newAccount({ role: 'user', status: 'approved' })
      const { context, page } = await newSignedInPage(browser, baseURL, account, viewport)
      try {
        await page.goto('/admin/my-account?tab=profile')
        const phone = page.getByLabel('Nomor Handphone')
        await phone.fill('0812')
        await page.getByRole('button', { name: 'Simpan Perubahan' }).click()
        await expectToast(page, 'Format Nomor HP Salah')
        await expect(phone).toBeFocused()
        await expect(phone).toHaveAccessibleDescription('Mohon gunakan format +62xxxxxxxxxx.')
        await expect(page.getByText('Invalid input')).toHaveCount(0)
        const field = (await phone.boundingBox())!
        const message = (await page.locator('[data-slot="field-error"]').boundingBox())!
        const shown = (await toast(page, 'Format Nomor HP Salah').boundingBox())!
        for (const box of [field, message]) {
          expect(box.y + box.height <= shown.y || box.y >= shown.y + shown.height, 'the toast covers the field or its message').toBe(true)
        }
        await page.screenshot({ path: test.info().outputPath(`phone-error-${viewport.width}.png`) })
      } finally {
        await context.close()
      }
    })
  }

  test('profile fields: phone validated like registration, saved, failure keeps input', async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'user', status: 'approved', fullName: 'Sari Wulandari' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    await page.goto('/admin/my-account?tab=profile')
    const main = page.getByRole('main')
    await expect(main.getByText('Sari Wulandari', { exact: true })).toBeVisible()
    await expect(main.getByText(account.email)).toBeVisible()
    await expect(main.getByText('User', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Sari Wulandari')
    await expect(page.getByLabel('Nomor Handphone')).toHaveAttribute('placeholder', '+62...')

    await page.getByLabel('Nomor Handphone').fill('08123456789')
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click()
    await expectToast(page, 'Format Nomor HP Salah', 'Mohon gunakan format +62xxxxxxxxxx.')
    await page.getByLabel('Nomor Handphone').fill('+6281234')
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click()
    await expectToast(page, 'Format Nomor HP Salah')

    await page.getByLabel('Nama Lengkap').fill('Sari W. Lestari')
    await page.getByLabel('Username').fill(`sari${Date.now()}`)
    await page.getByLabel('Nomor Handphone').fill('+628987654321')
    await page.route('**/rest/v1/profiles**', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'could not extend file' }) })
        : route.continue(),
    )
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click()
    // An unknown server error is told in Indonesian; the English original stays in the console.
    await expectToast(page, 'Gagal Memperbarui Profil', 'Terjadi kesalahan. Silakan coba lagi.')
    await expect(toast(page, 'Gagal Memperbarui Profil')).not.toContainText('could not')
    await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Sari W. Lestari')
    await page.unroute('**/rest/v1/profiles**')
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click()
    await expectToast(page, 'Profil Berhasil Diperbarui!')
    await expect(page.locator('aside')).toContainText('Sari W. Lestari')
    await page.reload()
    await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Sari W. Lestari')
    await expect(page.getByLabel('Nomor Handphone')).toHaveValue('+628987654321')

    // A username someone else has: the server's message is shown and the input kept.
    const other = await newAccount({ role: 'user', status: 'approved' })
    const { supabase } = await signedInClient(baseURL, other.email, other.password)
    const { data: otherProfile } = await supabase.from('profiles').select('username').eq('id', other.id).single()
    await page.getByLabel('Username').fill(otherProfile!.username!)
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click()
    await expectToast(page, 'Gagal Memperbarui Profil')
    await expect(page.getByLabel('Username')).toHaveValue(otherProfile!.username!)
    await context.close()
  })

  test('avatar: size limit, refused file, upload, and replacing removes the old file', async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'user', status: 'approved', fullName: 'Agus' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    await page.goto('/admin/my-account')
    const picker = page.getByLabel('Unggah foto profil')

    await picker.setInputFiles({ name: 'besar.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) })
    await expectToast(page, 'Ukuran File Terlalu Besar', 'Ukuran file foto profil tidak boleh melebihi 5MB.')
    await picker.setInputFiles(fakePng('palsu.png'))
    await expectToast(page, 'Gagal Mengunggah Avatar')

    await picker.setInputFiles(imageFile('wajah.png', [120, 90, 60]))
    await expectToast(page, 'Profil Berhasil Diperbarui!')
    const sidebarAvatar = page.locator('aside img')
    await expect(sidebarAvatar).toHaveAttribute('src', new RegExp(`/avatars/${account.id}-\\d+\\.png\\?t=\\d+$`))
    const first = (await sidebarAvatar.getAttribute('src'))!
    expect((await page.request.get(first)).status()).toBe(200)

    await picker.setInputFiles(imageFile('wajah-baru.png', [10, 90, 160]))
    await expect(sidebarAvatar).not.toHaveAttribute('src', first)
    const second = (await sidebarAvatar.getAttribute('src'))!
    expect((await page.request.get(second)).status()).toBe(200)
    await expect.poll(async () => (await page.request.get(first.split('?')[0])).status()).not.toBe(200)

    await page.reload()
    await expect(page.locator('aside img')).toHaveAttribute('src', second)
    const { supabase: owner } = await signedInClient(baseURL, account.email, account.password)
    const { data } = await owner.storage.from('avatars').list('', { search: account.id })
    expect(data?.map((f) => f.name)).toEqual([second.split('/').pop()!.split('?')[0]])
    // a visitor cannot list avatars (their names start with user ids)
    const anon = await client(baseURL)
    expect((await anon.storage.from('avatars').list('', { search: account.id })).data).toEqual([])
    await context.close()
  })

  test('password: mismatch and length messages, then a change signs out', async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const { context, page } = await newSignedInPage(browser, baseURL, account)
    await page.goto('/admin/my-account?tab=security')
    await page.getByLabel('Password Baru', { exact: true }).fill('rahasia-baru')
    await page.getByLabel('Konfirmasi Password Baru').fill('rahasia-lain')
    await page.getByRole('button', { name: 'Perbarui Password' }).click()
    await expectToast(page, 'Password Tidak Cocok', 'Pastikan password baru dan konfirmasi password sama.')
    await page.getByLabel('Password Baru', { exact: true }).fill('12345')
    await page.getByLabel('Konfirmasi Password Baru').fill('12345')
    await page.getByRole('button', { name: 'Perbarui Password' }).click()
    await expectToast(page, 'Password Terlalu Pendek', 'Password minimal harus 6 karakter.')
    const fresh = page.getByLabel('Password Baru', { exact: true })
    await expect(fresh).toHaveAttribute('aria-invalid', 'true')
    await expect(fresh).toHaveAccessibleDescription('Password minimal harus 6 karakter.')
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await page.screenshot({ path: `screenshots/account-security-${width}.png` })
    }

    await page.getByLabel('Password Baru', { exact: true }).fill('rahasia-baru')
    await page.getByLabel('Konfirmasi Password Baru').fill('rahasia-baru')
    await page.route('**/auth/v1/user**', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'validation_failed', msg: 'Password rejected by the server', error_code: 'validation_failed' }),
          })
        : route.continue(),
    )
    await page.getByRole('button', { name: 'Perbarui Password' }).click()
    await expectToast(page, 'Gagal Memperbarui Password', 'Data yang dikirim tidak valid.')
    await expect(page.getByLabel('Password Baru', { exact: true })).toHaveValue('rahasia-baru')
    await expect(page).toHaveURL(/tab=security$/)
    await page.unroute('**/auth/v1/user**')
    await page.getByRole('button', { name: 'Perbarui Password' }).click()
    await expectToast(page, 'Password Berhasil Diperbarui!', 'Silakan login kembali dengan password baru Anda.')
    await expect(page).toHaveURL(/\/login$/)
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(/\/login$/)

    const anon = await client(baseURL)
    expect((await anon.auth.signInWithPassword({ email: account.email, password: account.password })).error).not.toBeNull()
    expect((await anon.auth.signInWithPassword({ email: account.email, password: 'rahasia-baru' })).error).toBeNull()
    await context.close()
  })
})
