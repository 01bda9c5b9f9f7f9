import type { Locator } from '@playwright/test'
import { expect, newSignedInPage, test, toast } from './fixtures'

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${locator.toString()} has no box`)
  return found
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

// Over an open dialog the toast sits at the top, over the page the modal makes inert, and the
// dialog sits low on a phone: its header and buttons stay clear (issue 33).
test('at 390 px a toast covers neither the header nor the buttons of the open dialog', async ({ newAccount, browser, baseURL }) => {
  const admin = await newAccount({ role: 'admin', status: 'approved' })
  const { context, page } = await newSignedInPage(browser, baseURL, admin, { width: 390, height: 844 })
  await page.goto('/admin/gallery')
  await page.getByRole('button', { name: 'Tambah Galeri' }).click()
  const dialog = page.getByRole('dialog', { name: 'Galeri Baru' })
  await dialog.getByLabel('Nama Galeri').fill(`Galeri Tumpang ${Date.now()}`)
  await page.route('**/rest/v1/galleries**', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Penyimpanan penuh' }) })
      : route.continue(),
  )
  await dialog.getByRole('button', { name: 'Simpan Galeri' }).click()
  const shown = toast(page, 'Gagal menyimpan galeri')
  await expect(shown).toBeVisible()
  // sonner slides the toast in; measure once two readings agree
  let last = Number.NaN
  await expect.poll(async () => {
    const y = (await box(shown)).y
    const settled = y === last
    last = y
    return settled
  }).toBe(true)
  const toastBox = await box(shown)
  expect(overlaps(toastBox, await box(dialog.locator('[data-slot="dialog-header"]')))).toBe(false)
  for (const name of ['Simpan Galeri', 'Batal']) {
    expect(overlaps(toastBox, await box(dialog.getByRole('button', { name, exact: true })))).toBe(false)
  }
  await context.close()
})
