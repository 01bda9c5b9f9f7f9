// Issue 30: a session ended from another device reaches the open editor at once ('Sesi Berakhir'
// over it, the typed text kept), and signing in again there continues the work.
import { articleBody, expect, expectToast, newSignedInPage, signedInClient, test } from './fixtures'

const WITHIN = { timeout: 2_000 }
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

for (const viewport of VIEWPORTS) {
  test(`'Keluar dari perangkat lain' puts the other device on 'Sesi Berakhir' with its text kept (${viewport.name})`, async ({ newAccount, newArticle, browser, baseURL }) => {
    test.slow()
    const admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Dua Perangkat' })
    const article = await newArticle({ title: `Dua perangkat ${viewport.name} ${Date.now()}`, content: '<p>Isi awal.</p>' })
    const other = await newSignedInPage(browser, baseURL!, admin, viewport)
    await other.page.goto('/admin/content')
    await other.page.getByLabel('Cari artikel').fill(article.title)
    await other.page.getByRole('button', { name: `Edit "${article.title}"` }).click()
    const editor = other.page.getByRole('dialog', { name: 'Edit Artikel' })
    await expect(editor.getByLabel('Judul')).toHaveValue(article.title)
    await articleBody(editor).click()
    await other.page.keyboard.press('End')
    await other.page.keyboard.type(' Ditulis di perangkat kedua.')

    const mine = await newSignedInPage(browser, baseURL!, admin, viewport)
    await mine.page.goto('/admin/my-account?tab=security')
    await mine.page.getByRole('button', { name: 'Keluar dari perangkat lain' }).click()
    await expectToast(mine.page, 'Perangkat lain telah dikeluarkan.')

    const signIn = other.page.getByRole('dialog', { name: 'Sesi Berakhir' })
    await expect(signIn).toBeVisible(WITHIN)
    await expect(other.page).toHaveURL(/\/admin\/content$/)
    await expect(other.page.locator('[contenteditable="true"]')).toContainText('Isi awal. Ditulis di perangkat kedua.')
    await other.page.screenshot({ path: `screenshots/sessions-end-${viewport.name}.png` })

    await signIn.getByLabel('Password').fill(admin.password)
    await signIn.getByRole('button', { name: 'Masuk Kembali' }).click()
    await expect(signIn).toBeHidden()
    await expect(editor.getByLabel('Judul')).toHaveValue(article.title)
    await expect(articleBody(editor)).toContainText('Ditulis di perangkat kedua.')
    await other.context.close()
    await mine.context.close()
  })
}

test("a password change elsewhere puts the open editor on 'Sesi Berakhir'; the new password continues", async ({ newAccount, newArticle, browser, baseURL }) => {
  test.slow()
  const admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Ganti Sandi' })
  const article = await newArticle({ title: `Ganti sandi ${Date.now()}`, content: '<p>Isi awal.</p>' })
  const other = await newSignedInPage(browser, baseURL!, admin)
  await other.page.goto('/admin/content')
  await other.page.getByLabel('Cari artikel').fill(article.title)
  await other.page.getByRole('button', { name: `Edit "${article.title}"` }).click()
  const editor = other.page.getByRole('dialog', { name: 'Edit Artikel' })
  await articleBody(editor).click()
  await other.page.keyboard.press('End')
  await other.page.keyboard.type(' Sebelum ganti sandi.')

  const { supabase } = await signedInClient(baseURL!, admin.email, admin.password)
  expect((await supabase.auth.updateUser({ password: 'sandi-baru-sekali-1' })).error).toBeNull()

  const signIn = other.page.getByRole('dialog', { name: 'Sesi Berakhir' })
  await expect(signIn).toBeVisible(WITHIN)
  await expect(other.page.locator('[contenteditable="true"]')).toContainText('Isi awal. Sebelum ganti sandi.')
  await signIn.getByLabel('Password').fill('sandi-baru-sekali-1')
  await signIn.getByRole('button', { name: 'Masuk Kembali' }).click()
  await expect(signIn).toBeHidden()
  await expect(articleBody(editor)).toContainText('Sebelum ganti sandi.')
  await other.context.close()
})
