// Admin-only helpers on top of e2e/support/fixtures.ts (shared with the public specs).
import { expect as baseExpect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import {
  anonClient,
  backend,
  seedSession,
  signedIn,
  superadmin,
  SUPERADMIN,
  test,
  toast,
  uniq,
} from '../support/fixtures'

export { backend, superadmin, SUPERADMIN, test, toast }
export const client = anonClient

// The embedded database serves one query at a time; with several workers a page can take a
// few seconds. Only the live-revocation checks keep their own 2 s limit.
export const expect = baseExpect.configure({ timeout: 15_000 })

export type Role = 'superadmin' | 'admin' | 'user'
export type Status = 'pending' | 'approved' | 'rejected'

export type Account = {
  id: string
  email: string
  password: string
  fullName: string
  role: Role
  status: Status
}

export async function signedInClient(baseURL: string, email: string, password: string) {
  return signedIn(baseURL, email, password)
}

/** A real sign-up (AUTH_AUTOCONFIRM on the test server), then the superadmin sets role and status. */
export async function createAccount(
  baseURL: string,
  {
    role = 'user',
    status = 'approved',
    fullName,
  }: { role?: Exclude<Role, 'superadmin'>; status?: Status; fullName?: string } = {},
): Promise<Account> {
  const tag = uniq()
  const email = `${role}-${status}-${tag}@example.com`
  const password = `Rahasia-${tag}`
  const name = fullName ?? `Uji ${role} ${status} ${tag}`
  const anon = await anonClient(baseURL)
  const { data, error } = await anon.auth.signUp({
    email,
    password,
    options: { data: { full_name: name, username: `u${tag}`, phone_number: '+6281234567890' } },
  })
  if (error || !data.user) throw new Error(`sign-up ${email}: ${error?.message}`)
  if (role !== 'user' || status !== 'pending') {
    const admin = await superadmin(baseURL)
    const { error: updateError } = await admin.from('profiles').update({ role, status }).eq('id', data.user.id)
    if (updateError) throw new Error(`set role/status ${email}: ${updateError.message}`)
  }
  return { id: data.user.id, email, password, fullName: name, role, status }
}

export async function signInContext(
  context: BrowserContext,
  baseURL: string,
  account: Pick<Account, 'email' | 'password'>,
) {
  const { session } = await signedIn(baseURL, account.email, account.password)
  await seedSession(context, baseURL, session)
}

/** A fresh browser context (no shared state with other tests) already signed in as `account`. */
export async function newSignedInPage(
  browser: Browser,
  baseURL: string,
  account: Pick<Account, 'email' | 'password'>,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
  await signInContext(context, baseURL, account)
  const page = await context.newPage()
  return { context, page }
}

export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const t = toast(page, title)
  await expect(t).toBeVisible()
  if (description) await expect(t).toContainText(description)
}

/** The article editor's rich-text area (Tiptap's contenteditable, labelled 'Isi Artikel'). */
export function articleBody(dialog: Locator) {
  return dialog.getByRole('textbox', { name: 'Isi Artikel' })
}

/** Presses Tab until `target` has focus, as a keyboard-only user would. */
export async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Could not reach ${target.toString()} with Tab`)
}
