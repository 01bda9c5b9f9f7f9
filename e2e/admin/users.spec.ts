import { expect, expectToast, newSignedInPage, SUPERADMIN, tabTo, test, toast } from './fixtures'
import type { Page } from '@playwright/test'
import { waitForHydration } from '../support/hydration'

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name })
}

/** Signs in through the /login form, as a member would. */
async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/login')
  // before the app runs the form posts without JavaScript, and the answer is a page, not a toast
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account.email)
  await page.locator('#password').fill(account.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Cari pengguna berdasarkan nama atau email...').fill(text)
}

test.describe('users page (superadmin)', () => {
  test('approve, reject, change role and delete, each confirmed and kept after reload', async ({
    newAccount,
    browser,
    baseURL,
  }) => {
    test.slow()
    const tag = Date.now().toString(36)
    const toApprove = await newAccount({ status: 'pending', fullName: `Calon Setuju ${tag}` })
    const toReject = await newAccount({ status: 'pending', fullName: `Calon Tolak ${tag}` })
    const member = await newAccount({ status: 'approved', fullName: `Anggota ${tag}` })
    const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN)
    await page.goto('/admin/users')
    await expect(page.getByRole('heading', { level: 1, name: 'Manajemen Pengguna' })).toBeVisible()

    // Search is case-insensitive on name and e-mail; the superadmin never sees their own row.
    await search(page, tag.toUpperCase())
    await expect(page.getByRole('row')).toHaveCount(4)
    await search(page, member.email.toUpperCase())
    await expect(page.getByRole('row')).toHaveCount(2)
    await search(page, SUPERADMIN.email)
    await expect(page.getByText('Tidak ada pengguna yang cocok.')).toBeVisible()
    await search(page, tag)

    await expect(row(page, toApprove.fullName)).toContainText('Tertunda')
    await expect(row(page, member.fullName)).toContainText('Disetujui')

    // Approve: Batal first changes nothing.
    await row(page, toApprove.fullName).getByRole('button', { name: /^Setujui/ }).click()
    let dialog = page.getByRole('alertdialog', { name: 'Setujui Pengguna?' })
    await expect(dialog).toContainText('dapat masuk')
    await dialog.getByRole('button', { name: 'Batal' }).click()
    await expect(dialog).toBeHidden()
    await expect(row(page, toApprove.fullName)).toContainText('Tertunda')
    await row(page, toApprove.fullName).getByRole('button', { name: /^Setujui/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Setujui' }).click()
    await expectToast(page, 'Pengguna berhasil disetujui!')
    await expect(row(page, toApprove.fullName)).toContainText('Disetujui')

    // Reject.
    await row(page, toReject.fullName).getByRole('button', { name: /^Tolak/ }).click()
    dialog = page.getByRole('alertdialog', { name: 'Tolak Pengguna?' })
    await expect(dialog.getByRole('button', { name: 'Batal' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Ya, Tolak' }).click()
    await expectToast(page, 'Pengguna berhasil ditolak!')
    await expect(row(page, toReject.fullName)).toContainText('Ditolak')

    // Role: only admin and user are offered.
    await row(page, member.fullName).getByRole('combobox').click()
    await expect(page.getByRole('option')).toHaveText(['Admin', 'User'])
    await page.getByRole('option', { name: 'Admin' }).click()
    await expectToast(page, 'Peran berhasil diubah!')

    await page.reload()
    await search(page, tag)
    await expect(row(page, toApprove.fullName)).toContainText('Disetujui')
    await expect(row(page, toReject.fullName)).toContainText('Ditolak')
    await expect(row(page, member.fullName).getByRole('combobox')).toHaveText('Admin')

    // Delete from the row menu.
    await row(page, member.fullName).getByRole('button', { name: /^Aksi untuk/ }).click()
    await page.getByRole('menuitem', { name: 'Hapus Pengguna' }).click()
    dialog = page.getByRole('alertdialog', { name: 'Hapus Pengguna?' })
    await expect(dialog).toContainText('tidak dapat dibatalkan')
    await dialog.getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(page, 'Pengguna berhasil dihapus!')
    await expect(row(page, member.fullName)).toHaveCount(0)
    await page.reload()
    await search(page, tag)
    await expect(row(page, toApprove.fullName)).toBeVisible()
    await expect(row(page, member.fullName)).toHaveCount(0)

    await page.getByRole('button', { name: 'Undang Pengguna' }).click()
    await expectToast(page, 'Fitur ini belum diimplementasikan')
    await context.close()
  })

  test('server refusals show the failure toasts and change nothing', async ({ newAccount, browser, baseURL }) => {
    const tag = Date.now().toString(36)
    const pending = await newAccount({ status: 'pending', fullName: `Gagal ${tag}` })
    const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN)
    await page.goto('/admin/users')
    await search(page, tag)
    await expect(row(page, pending.fullName)).toBeVisible()

    // The backend goes away for writes to profiles; an unknown code gets the generic Indonesian text.
    await page.route('**/rest/v1/profiles**', (route) =>
      ['PATCH', 'DELETE'].includes(route.request().method())
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null }),
          })
        : route.continue(),
    )
    await row(page, pending.fullName).getByRole('button', { name: /^Setujui/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Setujui' }).click()
    await expectToast(page, 'Gagal menyetujui pengguna', 'Terjadi kesalahan. Silakan coba lagi.')
    await row(page, pending.fullName).getByRole('button', { name: /^Tolak/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Tolak' }).click()
    await expectToast(page, 'Gagal menolak pengguna', 'Terjadi kesalahan. Silakan coba lagi.')
    await page.unroute('**/rest/v1/profiles**')
    await page.reload()
    await search(page, tag)
    await expect(row(page, pending.fullName)).toContainText('Tertunda')

    await page.route('**/rest/v1/rpc/get_all_users**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'upstream unavailable' }) }),
    )
    await page.reload()
    await expectToast(page, 'Gagal memuat pengguna', 'Terjadi kesalahan. Silakan coba lagi.')
    await context.close()
  })

  test('keyboard only: search, approve and change a role without a mouse', async ({ newAccount, browser, baseURL }) => {
    const tag = Date.now().toString(36)
    const pending = await newAccount({ status: 'pending', fullName: `Papan Ketik ${tag}` })
    const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN)
    await page.goto('/admin/users')
    const searchBox = page.getByPlaceholder('Cari pengguna berdasarkan nama atau email...')
    await tabTo(page, searchBox)
    await page.keyboard.type(tag)
    await expect(page.getByRole('row')).toHaveCount(2)

    await tabTo(page, row(page, pending.fullName).getByRole('button', { name: /^Setujui/ }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: 'Setujui Pengguna?' })
    await expect(dialog).toBeVisible()
    // Focus is trapped in the dialog: Tab cycles between Batal and the action.
    await tabTo(page, dialog.getByRole('button', { name: 'Ya, Setujui' }), 4)
    await page.keyboard.press('Enter')
    await expectToast(page, 'Pengguna berhasil disetujui!')

    const roleSelect = row(page, pending.fullName).getByRole('combobox')
    // The row stays busy until the list has been re-read after the approval.
    await expect(row(page, pending.fullName)).toContainText('Disetujui')
    await expect(roleSelect).toBeEnabled()
    await tabTo(page, roleSelect)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('option', { name: 'User' })).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(page.getByRole('option', { name: 'Admin' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Peran berhasil diubah!')
    await expect(roleSelect).toHaveText('Admin')

    await tabTo(page, row(page, pending.fullName).getByRole('button', { name: /^Aksi untuk/ }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Nonaktifkan' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Hapus Pengguna' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('alertdialog', { name: 'Hapus Pengguna?' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('alertdialog')).toBeHidden()
    await expect(row(page, pending.fullName)).toBeVisible()
    // Focus goes back to the menu button the dialog was opened from, not to the page body.
    await expect(row(page, pending.fullName).getByRole('button', { name: /^Aksi untuk/ })).toBeFocused()
    await context.close()
  })

  test('suspend (Nonaktifkan) and restore (Aktifkan Kembali), each confirmed; the member is told by mail', async ({
    newAccount,
    browser,
    baseURL,
  }) => {
    test.slow()
    const tag = Date.now().toString(36)
    const member = await newAccount({ status: 'approved', fullName: `Anggota Cuti ${tag}` })
    const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN)
    await page.goto('/admin/users')
    await search(page, tag)

    await row(page, member.fullName).getByRole('button', { name: /^Aksi untuk/ }).click()
    await expect(page.getByRole('menuitem', { name: 'Aktifkan Kembali' })).toHaveCount(0)
    await page.getByRole('menuitem', { name: 'Nonaktifkan' }).click()
    let dialog = page.getByRole('alertdialog', { name: 'Nonaktifkan Pengguna?' })
    await dialog.getByRole('button', { name: 'Batal' }).click()
    await expect(row(page, member.fullName)).toContainText('Disetujui')

    await row(page, member.fullName).getByRole('button', { name: /^Aksi untuk/ }).click()
    await page.getByRole('menuitem', { name: 'Nonaktifkan' }).click()
    dialog = page.getByRole('alertdialog', { name: 'Nonaktifkan Pengguna?' })
    const reason = `Pindah satuan ke Skadron 11 (${tag}).`
    await dialog.getByLabel('Alasan (opsional)').fill(reason)
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await page.screenshot({ path: `screenshots/admin-users-suspend-${width}.png` })
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    await dialog.getByRole('button', { name: 'Ya, Nonaktifkan' }).click()
    await expectToast(page, 'Pengguna berhasil dinonaktifkan!')
    await expect(row(page, member.fullName)).toContainText('Dinonaktifkan')
    await expect(row(page, member.fullName)).not.toContainText('Ditolak')
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await page.screenshot({ path: `screenshots/admin-users-suspended-${width}.png` })
    }
    await page.setViewportSize({ width: 1440, height: 900 })

    // the member is mailed the superadmin's reason, and told at sign-in that the account is suspended
    const mails = async () =>
      ((await (await fetch(`${baseURL}/_dev/mail`)).json()) as { to: string; subject: string; text: string }[]).filter((m) => m.to === member.email)
    await expect.poll(async () => (await mails()).find((m) => m.subject.includes('dinonaktifkan'))?.text ?? '').toContain(`Alasan dari administrator: ${reason}`)
    const visitor = await browser.newContext({ baseURL, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
    const login = await visitor.newPage()
    await signInThroughForm(login, member)
    await expectToast(login, 'Akses Ditolak', `Akun Anda dinonaktifkan oleh administrator. Hubungi administrator untuk mengaktifkannya kembali. Alasan: ${reason}`)
    await expect(login).toHaveURL(/\/login$/)
    await visitor.close()

    // newAccount approved the member through the API, which mailed them once already
    const approvalMails = async () => {
      const mails = (await (await fetch(`${baseURL}/_dev/mail`)).json()) as { to: string; subject: string }[]
      return mails.filter((m) => m.to === member.email && m.subject.includes('telah disetujui')).length
    }
    const before = await approvalMails()
    await row(page, member.fullName).getByRole('button', { name: /^Aksi untuk/ }).click()
    await expect(page.getByRole('menuitem', { name: 'Nonaktifkan' })).toHaveCount(0)
    await page.getByRole('menuitem', { name: 'Aktifkan Kembali' }).click()
    dialog = page.getByRole('alertdialog', { name: 'Aktifkan Kembali Pengguna?' })
    await dialog.getByRole('button', { name: 'Ya, Aktifkan' }).click()
    await expectToast(page, 'Pengguna berhasil diaktifkan kembali!')
    await expect(row(page, member.fullName)).toContainText('Disetujui')
    await page.reload()
    await search(page, tag)
    await expect(row(page, member.fullName)).toContainText('Disetujui')

    await expect.poll(approvalMails).toBe(before + 1)
    await context.close()
  })
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`a refused member is told so at sign-in, not that they wait (${viewport.width} px)`, async ({ newAccount, browser, baseURL }) => {
    const member = await newAccount({ status: 'rejected' })
    const context = await browser.newContext({ baseURL, viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
    const page = await context.newPage()
    await signInThroughForm(page, member)
    await expectToast(page, 'Akses Ditolak', 'Pendaftaran akun Anda ditolak oleh administrator.')
    await expect(toast(page, 'Akses Ditolak')).not.toContainText('menunggu persetujuan')
    await expect(page).toHaveURL(/\/login$/)
    await page.screenshot({ path: `screenshots/login-rejected-${viewport.width}.png` })
    await context.close()
  })
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`the users search placeholder is shown whole (${viewport.width} px)`, async ({ browser, baseURL }) => {
    const { context, page } = await newSignedInPage(browser, baseURL, SUPERADMIN, viewport)
    await page.goto('/admin/users')
    const searchBox = page.getByPlaceholder('Cari pengguna berdasarkan nama atau email...')
    await expect(searchBox).toBeVisible()
    const { text, room } = await searchBox.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input, '::placeholder')
      const box = getComputedStyle(input)
      const canvas = document.createElement('canvas').getContext('2d')!
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      return { text: canvas.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight) }
    })
    expect(text).toBeLessThanOrEqual(room)
    await context.close()
  })
}
