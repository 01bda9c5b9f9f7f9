import { SESSION_ENDED_ELSEWHERE } from '../../src/lib/error-messages'
import { expect, newSignedInPage, test } from './fixtures'

// Issue 43, point 7: 'Keluar' ends this device's session only (supabase-js signs out globally by
// default, which signed the member out of every device and told the others 'Sesi Anda diakhiri
// dari perangkat lain').
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

for (const viewport of VIEWPORTS) {
  test(`'Keluar' on one device leaves the member's other device signed in (${viewport.name})`, async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'admin', status: 'approved' })
    const phone = await newSignedInPage(browser, baseURL!, account, viewport)
    const laptop = await newSignedInPage(browser, baseURL!, account, viewport)
    await laptop.page.goto('/admin/dashboard')
    await expect(laptop.page.getByRole('button', { name: 'Menu akun' })).toBeVisible()

    await phone.page.goto('/admin/dashboard')
    await phone.page.getByRole('button', { name: 'Menu akun' }).click()
    await phone.page.getByRole('menuitem', { name: 'Keluar' }).click()
    await expect(phone.page).toHaveURL(/\/$/)
    await phone.page.goto('/admin/dashboard')
    await expect(phone.page).toHaveURL(/\/login$/)

    // the other device keeps working, and is told nothing about an ended session
    await laptop.page.reload()
    await expect(laptop.page).toHaveURL(/\/admin\/dashboard$/)
    await expect(laptop.page.getByRole('button', { name: 'Menu akun' })).toBeVisible()
    await expect(laptop.page.getByText(SESSION_ENDED_ELSEWHERE)).toHaveCount(0)
    await laptop.page.screenshot({ path: `test-results/sign-out-this-device-${viewport.name}.png` })
    await phone.context.close()
    await laptop.context.close()
  })
}
