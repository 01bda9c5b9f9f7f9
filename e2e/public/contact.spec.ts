import { expect, expectToast, superadmin, test, uniq } from '../support/fixtures'
import type { Page } from '@playwright/test'

async function fill(page: Page, values: { name?: string; email?: string; phone?: string; subject?: string; message?: string }) {
  if (values.name !== undefined) await page.getByRole('textbox', { name: 'Nama Lengkap', exact: true }).fill(values.name)
  if (values.email !== undefined) await page.getByRole('textbox', { name: 'Email', exact: true }).fill(values.email)
  if (values.phone !== undefined) await page.getByRole('textbox', { name: 'Nomor Telepon', exact: true }).fill(values.phone)
  if (values.subject !== undefined) await page.getByRole('textbox', { name: 'Subjek', exact: true }).fill(values.subject)
  if (values.message !== undefined) await page.getByRole('textbox', { name: 'Pesan', exact: true }).fill(values.message)
}

test('info cards, map with ±0.005° box, directions, permission note and 24/7 number', async ({ page }) => {
  await page.goto('/kontak')
  const cards = page.getByTestId('contact-info')
  for (const title of ['Alamat', 'Telepon', 'Email', 'Jam Operasional']) await expect(cards.getByRole('heading', { name: title })).toBeVisible()
  await expect(cards).toContainText('Senin - Jumat: 07:00 - 15:30 WIB')
  const src = await page.locator('iframe[title^="Peta lokasi"]').getAttribute('src')
  const url = new URL(src!)
  expect(url.hostname).toBe('www.openstreetmap.org')
  const [west, south, east, north] = url.searchParams.get('bbox')!.split(',').map(Number)
  expect(east - west).toBeCloseTo(0.01, 6)
  expect(north - south).toBeCloseTo(0.01, 6)
  const directions = page.getByRole('link', { name: /Petunjuk Arah/ })
  await expect(directions).toHaveAttribute('target', '_blank')
  await expect(directions).toHaveAttribute('rel', /noopener/)
  await expect(page.getByText('Kunjungan ke markas memerlukan izin khusus.', { exact: false })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Layanan Darurat 24/7' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('type', 'email')
})

test('missing name, email or message gives the incomplete-form toast and sends nothing', async ({ page }) => {
  let posted = 0
  await page.route('**/rest/v1/contacts**', (route) => {
    posted++
    return route.continue()
  })
  await page.goto('/kontak')
  await fill(page, { name: 'Budi', message: 'Halo' })
  await page.getByRole('button', { name: 'Kirim Pesan' }).click()
  await expectToast(page, 'Form Tidak Lengkap', 'Mohon lengkapi nama, email, dan pesan.')
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true')
  expect(posted).toBe(0)
})

test('sending: button disabled with Mengirim..., then success clears the form and stores the message', async ({ cleanup, page, baseURL }) => {
  const subject = `Subjek ${uniq()}`
  const email = cleanup.message(`budi-${uniq()}@example.com`)
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/rest/v1/contacts**', async (route) => {
    await gate
    await route.continue()
  })
  await page.goto('/kontak')
  await fill(page, { name: 'Budi Santoso', email, phone: '+6281234567890', subject, message: 'Mohon informasi kunjungan.' })
  await page.getByRole('button', { name: 'Kirim Pesan' }).click()
  const sending = page.getByRole('button', { name: 'Mengirim...' })
  await expect(sending).toBeDisabled()
  release()
  await expectToast(page, 'Pesan Terkirim!', 'Terima kasih telah menghubungi kami. Pesan Anda telah kami terima.')
  for (const label of ['Nama Lengkap', 'Email', 'Nomor Telepon', 'Subjek', 'Pesan']) await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue('')
  const admin = await superadmin(baseURL)
  const { data } = await admin.from('contacts').select('name,email,phone,subject,message').eq('subject', subject)
  expect(data).toEqual([{ name: 'Budi Santoso', email, phone: '+6281234567890', subject, message: 'Mohon informasi kunjungan.' }])
})

test('a failed send shows the server message and keeps every value', async ({ page }) => {
  await page.route('**/rest/v1/contacts**', (route) => route.fulfill({ status: 429, json: { message: 'Terlalu banyak permintaan', code: '429' } }))
  await page.goto('/kontak')
  const values = { name: 'Siti', email: 'siti@example.com', phone: '+6281111111111', subject: 'Tanya', message: 'Isi pesan saya' }
  await fill(page, values)
  await page.getByRole('button', { name: 'Kirim Pesan' }).click()
  await expectToast(page, 'Gagal Mengirim Pesan', 'Terjadi kesalahan: Terlalu banyak permintaan')
  await expect(page.getByRole('textbox', { name: 'Nama Lengkap', exact: true })).toHaveValue(values.name)
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(values.email)
  await expect(page.getByRole('textbox', { name: 'Nomor Telepon', exact: true })).toHaveValue(values.phone)
  await expect(page.getByRole('textbox', { name: 'Subjek', exact: true })).toHaveValue(values.subject)
  await expect(page.getByRole('textbox', { name: 'Pesan', exact: true })).toHaveValue(values.message)
  await expect(page.getByRole('button', { name: 'Kirim Pesan' })).toBeEnabled()
})

test('the honeypot: a bot that fills the hidden field is thanked but nothing is sent', async ({ page, baseURL }) => {
  const subject = `Bot ${uniq()}`
  await page.goto('/kontak')
  await fill(page, { name: 'Bot', email: 'bot@example.com', subject, message: 'spam' })
  await page.locator('#contact-website').fill('http://spam.example', { force: true })
  await page.getByRole('button', { name: 'Kirim Pesan' }).click()
  await expectToast(page, 'Pesan Terkirim!')
  const admin = await superadmin(baseURL)
  const { data } = await admin.from('contacts').select('id').eq('subject', subject)
  expect(data).toEqual([])
})
