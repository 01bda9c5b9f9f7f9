import { expect, expectToast, newSignedInPage, test } from './fixtures'

// Issue 43, point 7: the device whose session the member ended from another one ('Keluar dari
// perangkat lain') is told so in words that fit the member's own act: the server only reports
// that the session is gone, so the text names the ordinary causes and suggests no intruder.
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

for (const viewport of VIEWPORTS) {
  test(`after 'Keluar dari perangkat lain' the other device reads a neutral reason (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    test.slow()
    const admin = await newAccount({ role: 'admin', status: 'approved' })
    const other = await newSignedInPage(browser, baseURL!, admin, viewport)
    await other.page.goto('/admin/dashboard')
    await expect(other.page.getByRole('button', { name: 'Menu akun' })).toBeVisible()

    const mine = await newSignedInPage(browser, baseURL!, admin, viewport)
    await mine.page.goto('/admin/my-account?tab=security')
    await mine.page.getByRole('button', { name: 'Keluar dari perangkat lain' }).click()
    await expectToast(mine.page, 'Perangkat lain telah dikeluarkan.')

    // the member's own act is among the causes named; 'diakhiri dari perangkat lain' alone read like an intruder
    await expectToast(other.page, 'Sesi Berakhir', /Sesi di perangkat ini telah diakhiri, misalnya lewat 'Keluar dari perangkat lain'/)
    await expect(other.page).toHaveURL(/\/login$/)
    await other.page.screenshot({ path: test.info().outputPath(`session-ended-${viewport.name}.png`) })
    await other.context.close()
    await mine.context.close()
  })
}
