// Admin-only helpers on top of e2e/support/fixtures.ts (shared with the public specs).
import { expect as baseExpect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import {
  anonClient,
  backend,
  createAccount,
  seedSession,
  signedIn,
  superadmin,
  SUPERADMIN,
  test,
  toast,
  type Account,
} from '../support/fixtures'

export { backend, createAccount, superadmin, SUPERADMIN, test, toast }
export type { Account, AccountOptions, Role, Status } from '../support/fixtures'
export const client = anonClient

// The embedded database serves one query at a time; with several workers a page can take a
// few seconds. Only the live-revocation checks keep their own 2 s limit.
export const expect = baseExpect.configure({ timeout: 15_000 })

export async function signedInClient(baseURL: string, email: string, password: string) {
  return signedIn(baseURL, email, password)
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

/** Types each line into the focused editor and presses Enter after it ('' is an Enter alone). */
export async function typeLines(page: Page, ...lines: string[]) {
  for (const line of lines) {
    if (line) await page.keyboard.type(line)
    await page.keyboard.press('Enter')
  }
}

/** Types `text` between two presses of a formatting shortcut (ControlOrMeta+b, +i), as a writer toggles it. */
export async function typeFormatted(page: Page, shortcut: string, text: string) {
  await page.keyboard.press(shortcut)
  await page.keyboard.type(text)
  await page.keyboard.press(shortcut)
}
