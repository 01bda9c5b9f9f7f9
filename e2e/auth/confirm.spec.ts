import { test, expect, type Page } from '@playwright/test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { startServer, type RunningServer } from '../../server/server.ts'
import { freePort } from '../../tests/support/free-port.ts'
import { waitForHydration } from '../support/hydration'

/*
 * The whole confirmation path in a real browser: sign-up form -> mail in the dev mailbox ->
 * the link (303 to /login with the session in the fragment) -> the site ends that session, since
 * the account still waits for approval, and says so. It runs its own server because the shared e2e server
 * confirms sign-ups automatically, and this test needs confirmations on.
 */

const distIndex = path.resolve(import.meta.dirname, '../../dist/index.html')
test.skip(!existsSync(distIndex), 'the site is not built (npm run build)')

let server: RunningServer
let dataDir: string

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'skd-e2e-auth-'))
  const port = await freePort()
  server = await startServer(loadConfig({}, {
    port,
    host: '127.0.0.1',
    dataDir,
    siteUrl: `http://127.0.0.1:${port}`,
    serveSite: true,
    seedDemo: false,
    authAutoconfirm: false,
    smtpUrl: undefined,
    devMailbox: true,
    rateLimitScale: 10,
  }))
})

test.afterAll(async () => {
  await server?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function signUpAndGetLink(page: Page, tag: string) {
  const email = `konfirmasi-${tag}@example.com`
  await page.goto(`${server.url}/login`)
  // the server draws /login; its 'Daftar di sini' toggle is the app's, so it works once the app runs
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Daftar di sini' }).click()
  await page.getByLabel('Nama Lengkap').fill('Serda Uji Konfirmasi')
  await page.getByLabel('Username').fill(`uji${tag}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Nomor Handphone').fill('+6281234567890')
  await page.getByLabel('Password', { exact: true }).fill('rahasia-123')
  await page.getByRole('button', { name: 'Daftar', exact: true }).click()
  await expect(page.getByText('Pendaftaran Berhasil!')).toBeVisible()

  const mails = (await (await fetch(`${server.url}/_dev/mail`)).json()) as { to: string; text: string }[]
  const mail = mails.find((m) => m.to === email)
  expect(mail, 'confirmation mail in the dev mailbox').toBeTruthy()
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail!.text)![0]
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`${server.url}/login`)
  return { email, link }
}

const storedSessions = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k)))

test('sign-up, confirmation link, and the member lands on /login signed out, waiting for approval', async ({ page }) => {
  test.setTimeout(120_000)
  const { email, link } = await signUpAndGetLink(page, `${Date.now() % 1e8}`)

  await page.goto(link)
  await expect(page).toHaveURL(new RegExp(`^${server.url}/login#?$`))
  await expect(page.getByRole('status')).toHaveText('Email berhasil dikonfirmasi. Akun Anda menunggu persetujuan administrator.')
  await expect(page.getByRole('heading', { name: 'Portal Personel' })).toBeVisible()
  await expect.poll(() => storedSessions(page)).toEqual([])
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  const { rows } = await server.ctx.db.query<{ confirmed: boolean; sessions: number }>(
    `select email_confirmed_at is not null as confirmed, (select count(*)::int from auth.sessions s where s.user_id = u.id) as sessions
     from auth.users u where email = $1`, [email])
  expect(rows).toEqual([{ confirmed: true, sessions: 0 }])
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `screenshots/auth-confirmed-${width}.png` })
  }

  // a pending member who signs in keeps SPEC.md's 'Akses Ditolak'
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('rahasia-123')
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page.getByText('Akses Ditolak')).toBeVisible()
  await expect(page.getByText('Akun Anda sedang menunggu persetujuan dari administrator.')).toBeVisible()
  await expect.poll(() => storedSessions(page)).toEqual([])

  // the same link again is used up
  await page.goto(link)
  await expect(page.getByRole('alert').filter({ hasText: 'Tautan tidak valid atau sudah kedaluwarsa' })).toBeVisible()
})

test('an account approved before it was confirmed is told it can sign in now', async ({ page }) => {
  test.setTimeout(120_000)
  const { email, link } = await signUpAndGetLink(page, `${(Date.now() + 1) % 1e8}`)
  await server.ctx.db.query(`update public.profiles set status = 'approved' where email = $1`, [email])
  await page.goto(link)
  await expect(page.getByRole('status')).toHaveText('Email berhasil dikonfirmasi. Silakan masuk dengan email dan password Anda.')
  await expect.poll(() => storedSessions(page)).toEqual([])
})
