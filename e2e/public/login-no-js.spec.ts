import { expect, expectToast, storedSessionKeys, test, uniq } from '../support/fixtures'
import { waitForHydration } from '../support/hydration'

// The /login form is in the server's HTML and signs in by a plain form post (issue 44): a phone
// without JavaScript, or one still downloading it, can sign in; the app takes the session over.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form is in the HTML, refusals come back in Indonesian, and a right password ends on the dashboard', async ({ newAccount, page, context }) => {
    const pending = await newAccount({ status: 'pending' })
    const member = await newAccount({ role: 'admin', status: 'approved' })
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Portal Personel' })).toBeVisible()

    await page.getByRole('button', { name: 'Masuk' }).click()
    await expect(page.getByRole('alert')).toHaveText('Form Tidak Lengkap Mohon masukkan email dan password.')

    const email = `tidak-ada-${uniq()}@example.com`
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('salah-sekali')
    await page.getByRole('button', { name: 'Masuk' }).click()
    await expect(page.getByRole('alert')).toHaveText('Login Gagal Email atau password salah.')
    // the e-mail is kept, the password never comes back in the page
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
    expect(await page.content()).not.toContain('salah-sekali')

    await page.getByLabel('Email').fill(pending.email)
    await page.getByLabel('Password', { exact: true }).fill(pending.password)
    await page.getByRole('button', { name: 'Masuk' }).click()
    await expect(page.getByRole('alert')).toHaveText('Akses Ditolak Akun Anda sedang menunggu persetujuan dari administrator.')
    await page.screenshot({ path: test.info().outputPath('login-no-js-refused.png'), fullPage: true })
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sb-handoff')

    await page.getByLabel('Email').fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/login') && answer.request().method() === 'POST'),
      page.getByRole('button', { name: 'Masuk' }).click(),
    ])
    await expect(page).toHaveURL('/admin/dashboard')
    // the session waits for the app behind a one-time code: no token in the URL or a readable cookie
    expect(response.headers().location).toBe('/admin/dashboard')
    const cookies = await context.cookies()
    const code = cookies.find((cookie) => cookie.name === 'sb-handoff-code')
    expect(code?.httpOnly).toBe(true)
    expect(code?.path).toBe('/login/sesi')
    expect(cookies.some((cookie) => /eyJ/.test(cookie.value))).toBe(false)
  })
})

test('typed before the app runs, signed in by the form, taken over by the app once', async ({ newAccount, browser, baseURL }) => {
  const member = await newAccount({ role: 'admin', status: 'approved' })
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await noScript.newPage()
  await page.goto('/login')
  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page).toHaveURL('/admin/dashboard')
  const cookies = await noScript.cookies()
  await noScript.close()

  // the same browser with its JavaScript: the app takes the session and shows the dashboard
  const withScript = await browser.newContext({ baseURL })
  await withScript.addCookies(cookies)
  const app = await withScript.newPage()
  await app.goto('/admin/dashboard')
  await expect(app.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect.poll(() => storedSessionKeys(app)).toHaveLength(1)
  expect((await withScript.cookies()).map((cookie) => cookie.name)).not.toContain('sb-handoff')

  // the code was good once: replaying it gives nothing
  const replay = await app.request.post('/login/sesi', { headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } })
  expect(replay.status()).toBe(404)
  await withScript.close()
})

test('what was typed before the app took the form over is kept, and the app signs in with it', async ({ newAccount, page }) => {
  const member = await newAccount({ role: 'admin', status: 'approved' })
  // hold the app's code back until the fields are filled, as on a slow phone
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/login', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  release()
  await page.waitForLoadState('load')
  await waitForHydration(page)
  await expect(page.getByLabel('Email')).toHaveValue(member.email)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expectToast(page, 'Login Berhasil!', 'Selamat datang kembali!')
  await expect(page).toHaveURL('/admin/dashboard')
})
