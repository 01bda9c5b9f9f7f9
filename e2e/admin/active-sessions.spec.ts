// Issue 44: 'Perangkat Aktif' ends one session at a time, and its times do not wrap inside a date
// at 390 px (the browser's name with its version: src/features/account/api/own-sessions.test.ts).
import { expect, expectToast, newSignedInPage, signedInClient, test } from './fixtures'

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`one other device is signed out on its own, the rest stay @${viewport.width}`, async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount({ role: 'user', status: 'approved' })
    const ended = await signedInClient(baseURL!, account.email, account.password)
    const kept = await signedInClient(baseURL!, account.email, account.password)
    const { context, page } = await newSignedInPage(browser, baseURL!, account, viewport)
    try {
      await page.goto('/admin/my-account?tab=security')
      const list = page.getByRole('list', { name: 'Perangkat aktif' })
      const rows = list.getByRole('listitem')
      await expect(rows.nth(2)).toBeVisible()
      const count = await rows.count()
      // every session but this one can be signed out from here
      const mine = rows.filter({ hasText: 'Perangkat ini' })
      await expect(mine).toHaveCount(1)
      await expect(mine.getByRole('button', { name: /^Keluarkan/ })).toHaveCount(0)
      const buttons = list.getByRole('button', { name: /^Keluarkan/ })
      await expect(buttons).toHaveCount(count - 1)
      // a time stays on one line
      const times = list.getByText(/^· terakhir dipakai /)
      await expect(times).toHaveCount(count)
      for (const time of await times.all()) {
        const box = (await time.boundingBox())!
        const lineHeight = await time.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
        expect(box.height).toBeLessThan(lineHeight * 1.5)
      }
      await page.screenshot({ path: test.info().outputPath(`sessions-${viewport.width}.png`), fullPage: true })

      await buttons.first().click()
      await expectToast(page, 'Perangkat telah dikeluarkan.')
      await expect(rows).toHaveCount(count - 1)
      await expect(list).toBeFocused()

      // the list is read again from the server: exactly one session ended, the others stayed
      await expect(buttons).toHaveCount(count - 2)
      // the rest at once; focus again on the list, not the page body
      await page.getByRole('button', { name: 'Keluar dari perangkat lain' }).click()
      await expectToast(page, 'Perangkat lain telah dikeluarkan.')
      await expect(buttons).toHaveCount(0)
      await expect(list).toBeFocused()
      // the ended sessions are over: nothing listed for their tokens, no refresh
      for (const { supabase } of [ended, kept]) {
        expect((await supabase.rpc('own_sessions')).data).toEqual([])
        expect((await supabase.auth.refreshSession()).error).not.toBeNull()
      }
      await expect(rows).toHaveCount(1)
    } finally {
      await context.close()
    }
  })
}
