import { expect, expectToast, newSignedInPage, SUPERADMIN, superadmin, test } from './fixtures'
import type { Page } from '@playwright/test'

const WITHIN = { timeout: 2_000 }

async function openUsers(page: Page, name: string) {
  await page.goto('/admin/users')
  await page.getByPlaceholder('Cari pengguna berdasarkan nama atau email...').fill(name)
  return page.getByRole('row').filter({ hasText: name })
}

async function expectRevoked(page: Page) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Akses Dicabut' })).toBeVisible(WITHIN)
  await expect(page).toHaveURL(/\/login$/, WITHIN)
}

test.describe('live revocation', () => {
  test('a rejected user is signed out in every open tab within 2 s, without reloading', async ({
    newAccount,
    browser,
    baseURL,
  }) => {
    const victim = await newAccount({ role: 'admin', status: 'approved', fullName: `Ditarik ${Date.now()}` })
    const member = await newSignedInPage(browser, baseURL, victim)
    await member.page.goto('/admin/dashboard')
    await expect(member.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    const secondTab = await member.context.newPage()
    await secondTab.goto('/admin/content')
    await expect(secondTab.getByRole('heading', { level: 1, name: 'Manajemen Konten' })).toBeVisible()

    const boss = await newSignedInPage(browser, baseURL, SUPERADMIN)
    const victimRow = await openUsers(boss.page, victim.fullName)
    // The realtime subscription merges updates that keep the account approved.
    await victimRow.getByRole('combobox').click()
    await boss.page.getByRole('option', { name: 'User' }).click()
    await expectToast(boss.page, 'Peran berhasil diubah!')
    // Now only a plain user, the content tab no longer qualifies and goes to the dashboard live.
    await expect(secondTab).toHaveURL(/\/admin\/dashboard$/, WITHIN)
    await expect(member.page.getByRole('link', { name: 'Manajemen Konten' })).toHaveCount(0, WITHIN)

    // 'Nonaktifkan' from the row menu: the status becomes suspended and the sessions end.
    await victimRow.getByRole('button', { name: /^Aksi untuk/ }).click()
    await boss.page.getByRole('menuitem', { name: 'Nonaktifkan' }).click()
    const dialog = boss.page.getByRole('alertdialog', { name: 'Nonaktifkan Pengguna?' })
    await expect(dialog).toContainText('langsung dikeluarkan dari semua sesi')
    await dialog.getByRole('button', { name: 'Ya, Nonaktifkan' }).click()
    await expectToast(boss.page, 'Pengguna berhasil dinonaktifkan!')
    await expectRevoked(member.page)
    await expectRevoked(secondTab)

    await member.page.goto('/admin/dashboard')
    await expect(member.page).toHaveURL(/\/login$/)
    await member.context.close()
    await boss.context.close()
  })

  test('an account put back to pending is signed out within 2 s', async ({ newAccount, browser, baseURL }) => {
    const victim = await newAccount({ role: 'user', status: 'pending', fullName: `Ditangguhkan ${Date.now()}` })
    const boss = await newSignedInPage(browser, baseURL, SUPERADMIN)
    const victimRow = await openUsers(boss.page, victim.fullName)
    await victimRow.getByRole('button', { name: /^Setujui/ }).click()
    await boss.page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Setujui' }).click()
    await expectToast(boss.page, 'Pengguna berhasil disetujui!')

    const member = await newSignedInPage(browser, baseURL, victim)
    await member.page.goto('/admin/my-account')
    await expect(member.page.getByRole('heading', { level: 1, name: 'Akun Saya' })).toBeVisible()

    const api = await superadmin(baseURL)
    const { error } = await api.from('profiles').update({ status: 'pending' }).eq('id', victim.id)
    expect(error).toBeNull()
    await expectRevoked(member.page)
    await member.context.close()
    await boss.context.close()
  })

  test('a deleted user is signed out within 2 s, without reloading', async ({ newAccount, browser, baseURL }) => {
    const victim = await newAccount({ role: 'admin', status: 'approved', fullName: `Terhapus ${Date.now()}` })
    const member = await newSignedInPage(browser, baseURL, victim)
    await member.page.goto('/admin/gallery')
    await expect(member.page.getByRole('heading', { level: 1, name: 'Manajemen Galeri' })).toBeVisible()

    const boss = await newSignedInPage(browser, baseURL, SUPERADMIN)
    const victimRow = await openUsers(boss.page, victim.fullName)
    await victimRow.getByRole('button', { name: /^Aksi untuk/ }).click()
    await boss.page.getByRole('menuitem', { name: 'Hapus Pengguna' }).click()
    await boss.page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(boss.page, 'Pengguna berhasil dihapus!')
    await expectRevoked(member.page)
    await member.context.close()
    await boss.context.close()
  })

  test('without a realtime connection the revocation still lands, by re-reading the profile', async ({
    newAccount,
    browser,
    baseURL,
  }) => {
    const victim = await newAccount({ role: 'user', status: 'approved', fullName: `Tanpa Soket ${Date.now()}` })
    const member = await newSignedInPage(browser, baseURL, victim)
    // The socket "opens" but nothing ever answers: the channel never reaches SUBSCRIBED.
    await member.page.routeWebSocket(/\/realtime\/v1\/websocket/, () => {})
    await member.page.goto('/admin/dashboard')
    await expect(member.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    const api = await superadmin(baseURL)
    const { error } = await api.from('profiles').update({ status: 'rejected' }).eq('id', victim.id)
    expect(error).toBeNull()
    await expect(member.page.locator('[data-sonner-toast]').filter({ hasText: 'Akses Dicabut' })).toBeVisible({
      timeout: 15_000,
    })
    await expect(member.page).toHaveURL(/\/login$/)
    await member.context.close()
  })
})
