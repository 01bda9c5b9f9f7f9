import { anonClient, expect, expectToast, storedSessionKeys, test, uniq } from '../support/fixtures'

test('login validation, wrong password, and the password toggle', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Portal Personel' })).toBeVisible()
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expectToast(page, 'Form Tidak Lengkap', 'Mohon masukkan email dan password.')
  // the fields at fault are marked and described for assistive technology
  for (const label of ['Email', 'Password']) {
    const input = page.getByLabel(label, { exact: true })
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Wajib diisi.')
  }

  const password = page.getByLabel('Password', { exact: true })
  await password.fill('rahasia')
  await expect(password).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Tampilkan password' }).click()
  await expect(password).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Sembunyikan password' }).click()
  await expect(password).toHaveAttribute('type', 'password')

  await page.getByLabel('Email').fill(`tidak-ada-${uniq()}@example.com`)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expectToast(page, 'Login Gagal', 'Email atau password salah.')
  await expect(page).toHaveURL('/login')
})

test('a pending account is refused and signed out', async ({ newAccount, page }) => {
  const account = await newAccount({ status: 'pending' })
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expectToast(page, 'Akses Ditolak', 'Akun Anda sedang menunggu persetujuan dari administrator.')
  await expect(page).toHaveURL('/login')
  await expect.poll(() => storedSessionKeys(page)).toEqual([])
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
})

test('an unreadable account status is refused and signed out', async ({ newAccount, page }) => {
  const account = await newAccount({ status: 'approved' })
  await page.route('**/rest/v1/profiles**', (route) => route.fulfill({ status: 500, json: { message: 'gagal' } }))
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expectToast(page, 'Login Gagal', 'Tidak dapat memverifikasi status akun Anda.')
  await expect.poll(() => storedSessionKeys(page)).toEqual([])
})

test('an approved account: Memproses..., Login Berhasil!, then the dashboard', async ({ newAccount, page }) => {
  const account = await newAccount({ status: 'approved' })
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/auth/v1/token**', async (route) => {
    await gate
    await route.continue()
  })
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page.getByRole('button', { name: 'Memproses...' })).toBeDisabled()
  release()
  await expectToast(page, 'Login Berhasil!', 'Selamat datang kembali!')
  await expect(page).toHaveURL('/admin/dashboard')
})

test('registration: required fields, phone format, success returns to a cleared login form', async ({ cleanup, page, baseURL }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Daftar di sini' }).click()
  await expect(page.getByRole('heading', { name: 'Daftar Akun Baru' })).toBeVisible()
  await page.getByRole('button', { name: 'Daftar', exact: true }).click()
  await expectToast(page, 'Form Tidak Lengkap', 'Mohon isi semua field untuk mendaftar.')

  const tag = uniq()
  const email = cleanup.account(`daftar-${tag}@example.com`)
  await page.getByLabel('Nama Lengkap').fill('Prada Contoh Pendaftar')
  await page.getByLabel('Username').fill(`daftar${tag}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Nomor Handphone').fill('081234567890')
  await page.getByLabel('Password', { exact: true }).fill('Rahasia-123')
  await page.getByRole('button', { name: 'Daftar', exact: true }).click()
  await expectToast(page, 'Format Nomor HP Salah', 'Mohon gunakan format +62xxxxxxxxxx.')
  for (const bad of ['+6212345678', '+621234567890123', '+62 8123456789']) {
    await page.getByLabel('Nomor Handphone').fill(bad)
    await page.getByRole('button', { name: 'Daftar', exact: true }).click()
    await expectToast(page, 'Format Nomor HP Salah')
  }

  await page.getByLabel('Nomor Handphone').fill('+6281234567890')
  await page.getByRole('button', { name: 'Daftar', exact: true }).click()
  await expectToast(page, 'Pendaftaran Berhasil!', 'Silakan periksa email Anda untuk tautan konfirmasi.')
  await expect(page.getByRole('heading', { name: 'Portal Personel' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('')
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  // The new account waits for approval, so the visitor is not left signed in.
  await expect.poll(() => storedSessionKeys(page)).toEqual([])

  const anon = await anonClient(baseURL)
  const { data } = await anon.auth.signInWithPassword({ email, password: 'Rahasia-123' })
  expect(data.user?.user_metadata).toMatchObject({ full_name: 'Prada Contoh Pendaftar', username: `daftar${tag}`, phone_number: '+6281234567890' })

  // The same e-mail again is refused by the auth service.
  await page.getByRole('button', { name: 'Daftar di sini' }).click()
  await page.getByLabel('Nama Lengkap').fill('Lagi')
  await page.getByLabel('Username').fill(`lagi${tag}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Nomor Handphone').fill('+6281234567890')
  await page.getByLabel('Password', { exact: true }).fill('Rahasia-123')
  await page.getByRole('button', { name: 'Daftar', exact: true }).click()
  await expectToast(page, 'Pendaftaran Gagal')
  await expect(page.getByLabel('Email')).toHaveValue(email)
})

test('toasts: only one is visible at a time', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Masuk' }).click()
  await page.getByRole('button', { name: 'Daftar di sini' }).click()
  await page.getByRole('button', { name: 'Daftar', exact: true }).click()
  await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(1)
})
