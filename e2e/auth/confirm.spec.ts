import { test, expect } from '@playwright/test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { startServer, type RunningServer } from '../../server/server.ts'
import { freePort } from '../../tests/support/free-port.ts'

/*
 * The whole confirmation path in a real browser: sign-up form -> mail in the dev mailbox ->
 * the link (303 to /login with the session in the fragment) -> supabase-js (implicit flow,
 * detectSessionInUrl) stores the session. It runs its own server because the shared e2e server
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

test('sign-up, confirmation link, and the session lands in the browser', async ({ page }) => {
  test.setTimeout(120_000)
  const tag = `${Date.now() % 1e8}`
  const email = `konfirmasi-${tag}@example.com`

  await page.goto(`${server.url}/login`)
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

  // approve first, so the site's approval gate keeps the session this test looks for
  await server.ctx.db.query(`update public.profiles set status = 'approved' where email = $1`, [email])

  await page.goto(link)
  await expect(page).toHaveURL(new RegExp(`^${server.url}/(login|admin/dashboard)`))
  const stored = await page.waitForFunction(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k))
    return key ? localStorage.getItem(key) : null
  })
  const session = JSON.parse((await stored.jsonValue()) as string)
  expect(session).toMatchObject({ token_type: 'bearer', user: { email } })
  expect(session.refresh_token).toBeTruthy()
  // supabase-js clears the fragment once it has taken the tokens
  await expect.poll(() => new URL(page.url()).hash).toBe('')
})
