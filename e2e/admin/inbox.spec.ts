import { mkdir } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { client, expect, expectToast, newSignedInPage, tabTo, test as base, type Account } from './fixtures'

type Sent = { name: string; email: string; subject: string | null; message: string }

/** A visitor's message, sent the way the contact form sends it (anon insert). */
async function send(baseURL: string, tag: string, over: Partial<Sent> = {}): Promise<Sent> {
  const sent: Sent = {
    name: `Warga ${tag}`,
    email: `warga-${tag}@example.com`,
    subject: `Kunjungan ${tag}`,
    message: `Kami ingin berkunjung ke markas. Kode ${tag}.`,
    ...over,
  }
  const { error } = await (await client(baseURL)).from('contacts').insert(sent)
  if (error) throw new Error(`send contact message: ${error.message}`)
  return sent
}

// Messages this test sent are deleted after it, whether or not it deleted them through the inbox.
const test = base.extend<{ sendMessage: (tag: string, over?: Partial<Sent>) => Promise<Sent> }>({
  sendMessage: async ({ baseURL, cleanup }, use) => {
    await use(async (tag, over) => {
      const sent = await send(baseURL, tag, over)
      cleanup.message(sent.email)
      return sent
    })
  },
})

let admin: Account
let member: Account
test.beforeEach(async ({ newAccount }) => {
  await mkdir('screenshots', { recursive: true })
  admin = await newAccount({ role: 'admin', status: 'approved' })
  member = await newAccount({ role: 'user', status: 'approved' })
})

const item = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text })
const unreadBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Navigasi admin' }).getByRole('link', { name: /Pesan Masuk/ })

async function unreadCount(page: Page) {
  const text = (await unreadBadge(page).textContent()) ?? ''
  return Number(/(\d+)\s*belum dibaca/.exec(text)?.[1] ?? 0)
}

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), label).toEqual([])
}

test.describe('contact inbox', () => {
  test('staff read, mark, search, archive, reply to and delete messages (1440 px)', async ({ sendMessage, browser, baseURL }) => {
    const tag = `${Date.now()}`
    const older = await sendMessage(`a${tag}`)
    const newer = await sendMessage(`b${tag}`, { subject: null })
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.goto('/admin/pesan')
    await expect(page.getByRole('heading', { level: 1, name: 'Pesan Masuk' })).toBeVisible()
    await expect(page).toHaveTitle('Pesan Masuk | Admin SKD 31')

    // Newest first, both unread and bold.
    const list = page.getByRole('list', { name: 'Daftar pesan masuk' })
    const names = await list.getByRole('article').allTextContents()
    const at = (name: string) => names.findIndex((text) => text.includes(name))
    expect(at(newer.name)).toBeGreaterThanOrEqual(0)
    expect(at(newer.name)).toBeLessThan(at(older.name))
    await expect(item(page, older.name).getByText(older.name, { exact: true })).toHaveCSS('font-weight', '700')
    await expect(item(page, newer.name)).toContainText('(Tanpa subjek)')
    await expect.poll(() => unreadCount(page)).toBeGreaterThanOrEqual(2)
    await expectNoViolations(page, 'inbox @1440')
    await page.screenshot({ path: 'screenshots/admin-inbox-1440x900.png', fullPage: true })

    // Opening a message shows all of it and marks it read; the sidebar count follows.
    const before = await unreadCount(page)
    const opened = item(page, older.name)
    await opened.locator('button[aria-expanded]').click()
    await expect(opened.getByText(older.email)).toBeVisible()
    await expect(opened.getByText(older.name, { exact: true })).toHaveCSS('font-weight', '400')
    await expect.poll(() => unreadCount(page)).toBe(before - 1)
    await opened.getByRole('button', { name: 'Tandai belum dibaca' }).click()
    await expect(opened.getByText(older.name, { exact: true })).toHaveCSS('font-weight', '700')
    await expect.poll(() => unreadCount(page)).toBe(before)
    await page.reload()
    await expect(item(page, older.name).getByRole('button', { name: 'Tandai sudah dibaca' })).toBeVisible()

    // Reply opens the mail program with the address and subject filled.
    const reply = item(page, older.name).getByRole('link', { name: `Balas pesan dari ${older.name}` })
    await expect(reply).toHaveAttribute(
      'href',
      `mailto:${encodeURIComponent(older.email)}?subject=${encodeURIComponent(`Re: ${older.subject}`)}`,
    )

    // Search narrows the list by subject or text; no match says so.
    const search = page.getByRole('searchbox', { name: 'Cari pesan' })
    await search.fill(`kode b${tag}`)
    await expect(item(page, newer.name)).toBeVisible()
    await expect(item(page, older.name)).toHaveCount(0)
    await search.fill(`tidak-ada-${tag}`)
    await expect(page.getByText('Tidak ada pesan yang cocok.')).toBeVisible()
    await search.fill('')

    // Archive moves a message out of the inbox and back.
    await item(page, newer.name).getByRole('button', { name: 'Arsipkan' }).click()
    await expectToast(page, 'Pesan diarsipkan.')
    await expect(item(page, newer.name)).toHaveCount(0)
    await page.getByRole('tab', { name: 'Arsip' }).click()
    await item(page, newer.name).getByRole('button', { name: 'Kembalikan' }).click()
    await expectToast(page, 'Pesan dikembalikan ke Kotak Masuk.')
    await expect(item(page, newer.name)).toHaveCount(0)
    await page.getByRole('tab', { name: /Kotak Masuk/ }).click()
    await expect(item(page, newer.name)).toBeVisible()

    // Delete asks first; Batal keeps the message, a refused delete says so, Ya, Hapus removes it.
    await item(page, older.name).getByRole('button', { name: `Hapus pesan dari ${older.name}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Pesan?' })
    await expect(confirm).toContainText(older.name)
    await confirm.getByRole('button', { name: 'Batal' }).click()
    await expect(item(page, older.name)).toBeVisible()
    await page.route('**/rest/v1/contacts**', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Basis data sibuk' }) })
        : route.continue(),
    )
    await item(page, older.name).getByRole('button', { name: `Hapus pesan dari ${older.name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(page, 'Gagal menghapus pesan')
    await expect(item(page, older.name)).toBeVisible()
    await page.unroute('**/rest/v1/contacts**')
    await item(page, older.name).getByRole('button', { name: `Hapus pesan dari ${older.name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Hapus' }).click()
    await expectToast(page, 'Pesan dihapus!')
    await page.reload()
    await expect(item(page, newer.name)).toBeVisible()
    await expect(item(page, older.name)).toHaveCount(0)
    await context.close()
  })

  test('a new message appears live with the unread count, and hostile text stays text (390 px)', async ({ sendMessage, browser, baseURL }) => {
    const tag = `${Date.now()}`
    const { context, page } = await newSignedInPage(browser, baseURL, admin, { width: 390, height: 844 })
    await page.goto('/admin/pesan')
    await expect(page.getByRole('heading', { level: 1, name: 'Pesan Masuk' })).toBeVisible()
    await expect(page.getByText(/^Memuat/)).toHaveCount(0)
    await page.getByRole('button', { name: 'Buka menu admin' }).click()
    const before = await unreadCount(page)
    await page.keyboard.press('Escape')

    const hostile = await sendMessage(tag, {
      name: `<img src=x onerror="window.__pwned=1"> ${tag}`,
      email: `warga-${tag}@contoh.id?bcc=mata-mata`,
      message: `<script>window.__pwned=1</script> Kode ${tag}`,
    })
    // No reload: the realtime feed brings it in.
    await expect(item(page, tag)).toBeVisible()
    await expect(item(page, tag)).toContainText(hostile.message)
    await expect(item(page, tag).locator('img, script')).toHaveCount(0)
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    const href = await item(page, tag).getByRole('link', { name: /^Balas/ }).getAttribute('href')
    expect([...new URL(href!).searchParams.keys()]).toEqual(['subject'])

    await page.getByRole('button', { name: 'Buka menu admin' }).click()
    await expect.poll(() => unreadCount(page)).toBe(before + 1)
    await page.keyboard.press('Escape')

    // Keyboard only: open the message, then delete it through the confirmation.
    const header = item(page, tag).locator('button[aria-expanded]')
    await expect(header).toHaveAttribute('aria-expanded', 'false')
    await tabTo(page, header)
    await page.keyboard.press('Enter')
    await expect(header).toHaveAttribute('aria-expanded', 'true')
    await expect(item(page, tag).getByText(hostile.email)).toBeVisible()
    await expectNoViolations(page, 'inbox @390')
    await page.screenshot({ path: 'screenshots/admin-inbox-390x844.png', fullPage: true })
    await tabTo(page, item(page, tag).getByRole('button', { name: /^Hapus/ }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('alertdialog', { name: 'Hapus Pesan?' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(item(page, tag).getByRole('button', { name: /^Hapus/ })).toBeFocused()
    await context.close()
  })

  test('pages of 25 come from the server; the unread counts are the whole inbox\'s (390 px)', async ({ sendMessage, browser, baseURL }) => {
    const tag = `${Date.now()}`
    // distinct senders: the database allows five messages per address in ten minutes
    for (let i = 0; i < 26; i += 1) await sendMessage(`${tag}-${String(i).padStart(2, '0')}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin, { width: 390, height: 844 })
    await page.goto('/admin/pesan')
    await page.getByRole('searchbox', { name: 'Cari pesan' }).fill(`Kode ${tag}-`)
    const list = page.getByRole('list', { name: 'Daftar pesan masuk' })
    await expect(page.getByText('Menampilkan 25 dari 26 pesan')).toBeVisible()
    await expect(list.getByRole('article')).toHaveCount(25)
    // newest first: the first message sent is on the next page
    await expect(item(page, `Warga ${tag}-00`)).toHaveCount(0)
    await expect(item(page, `Warga ${tag}-25`)).toBeVisible()
    await page.screenshot({ path: 'screenshots/admin-inbox-pages-390x844.png', fullPage: true })
    await page.getByRole('button', { name: 'Muat lebih banyak' }).click()
    await expect(page.getByText('Menampilkan 26 dari 26 pesan')).toBeVisible()
    await expect(item(page, `Warga ${tag}-00`)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Muat lebih banyak' })).toHaveCount(0)

    // the tab counts every unread message, loaded or not, as the sidebar does
    const tabCount = async () => Number(/\((\d+)\)/.exec((await page.getByRole('tab', { name: /Kotak Masuk/ }).textContent()) ?? '')?.[1] ?? 0)
    await expect.poll(tabCount).toBeGreaterThanOrEqual(26)
    const before = await tabCount()
    await item(page, `Warga ${tag}-00`).locator('button[aria-expanded]').click()
    await expect.poll(tabCount).toBe(before - 1)
    await context.close()
  })

  test('personnel without the admin role get no inbox link and no messages', async ({ browser, baseURL }) => {
    const { context, page } = await newSignedInPage(browser, baseURL, member)
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(unreadBadge(page)).toHaveCount(0)
    await page.goto('/admin/pesan')
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await context.close()
  })
})
