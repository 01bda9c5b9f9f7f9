import { test as base, expect as baseExpect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js'
import { randomUUID } from 'node:crypto'
import ws from 'ws'

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

export const SUPERADMIN = {
  email: process.env.SUPERADMIN_EMAIL ?? 'super@example.com',
  password: process.env.SUPERADMIN_PASSWORD ?? 'rahasia123',
}

type Backend = { url: string; anonKey: string }
let backendPromise: Promise<Backend> | null = null

/** The same URL and anon key the browser gets, read from the server's /env.js. */
export function backend(baseURL: string): Promise<Backend> {
  backendPromise ??= (async () => {
    const res = await fetch(new URL('/env.js', baseURL))
    const text = await res.text()
    const json = /window\.__ENV__\s*=\s*(\{.*\})/.exec(text)?.[1]
    if (!json) throw new Error(`Unexpected /env.js: ${text}`)
    const env = JSON.parse(json) as { SUPABASE_URL: string; SUPABASE_ANON_KEY: string }
    return { url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY }
  })()
  return backendPromise
}

export async function client(baseURL: string): Promise<SupabaseClient> {
  const { url, anonKey } = await backend(baseURL)
  // Node 20 has no global WebSocket; supabase-js needs one handed in even if realtime is unused.
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
}

export async function signedInClient(baseURL: string, email: string, password: string) {
  const supabase = await client(baseURL)
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`sign-in ${email}: ${error.message}`)
  return { supabase, session: data.session }
}

let superadminClient: Promise<SupabaseClient> | null = null
export function superadmin(baseURL: string) {
  superadminClient ??= signedInClient(baseURL, SUPERADMIN.email, SUPERADMIN.password).then((c) => c.supabase)
  return superadminClient
}

const uniq = () => randomUUID().slice(0, 8)

/** A real sign-up (AUTH_AUTOCONFIRM on the test server), then the superadmin sets role and status. */
export async function createAccount(
  baseURL: string,
  { role = 'user', status = 'approved', fullName }: { role?: Exclude<Role, 'superadmin'>; status?: Status; fullName?: string } = {},
): Promise<Account> {
  const tag = uniq()
  const email = `${role}-${status}-${tag}@example.com`
  const password = `Rahasia-${tag}`
  const name = fullName ?? `Uji ${role} ${status} ${tag}`
  const anon = await client(baseURL)
  const { data, error } = await anon.auth.signUp({
    email,
    password,
    options: { data: { full_name: name, username: `u${tag}`, phone_number: '+6281234567890' } },
  })
  if (error || !data.user) throw new Error(`sign-up ${email}: ${error?.message}`)
  const admin = await superadmin(baseURL)
  if (role !== 'user' || status !== 'pending') {
    const { error: updateError } = await admin.from('profiles').update({ role, status }).eq('id', data.user.id)
    if (updateError) throw new Error(`set role/status ${email}: ${updateError.message}`)
  }
  return { id: data.user.id, email, password, fullName: name, role, status }
}

export async function setStatus(baseURL: string, id: string, status: Status) {
  const admin = await superadmin(baseURL)
  const { error } = await admin.from('profiles').update({ status }).eq('id', id)
  if (error) throw new Error(error.message)
}

/**
 * Puts a real session into the page's local storage the way supabase-js persists it, so tests
 * start signed in without going through the public login page.
 */
export async function useSession(context: BrowserContext, baseURL: string, session: Session) {
  const { url } = await backend(baseURL)
  const storageKey = `sb-${new URL(url).hostname.split('.')[0]}-auth-token`
  await context.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('__e2e_session_seeded')) {
        window.localStorage.setItem(key, value)
        window.sessionStorage.setItem('__e2e_session_seeded', '1')
      }
    },
    [storageKey, JSON.stringify(session)] as const,
  )
}

export async function signInContext(context: BrowserContext, baseURL: string, account: Pick<Account, 'email' | 'password'>) {
  const { session } = await signedInClient(baseURL, account.email, account.password)
  await useSession(context, baseURL, session)
}

export async function newSignedInPage(
  browser: Browser,
  baseURL: string,
  account: Pick<Account, 'email' | 'password'>,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport })
  await signInContext(context, baseURL, account)
  const page = await context.newPage()
  return { context, page }
}

/** The newest visible toast (sonner keeps one visible at a time). */
export function toast(page: Page, title: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).first()
}

export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const t = toast(page, title)
  await expect(t).toBeVisible()
  if (description) await expect(t).toContainText(description)
}

type Fixtures = { baseURL: string }

export const test = base.extend<Fixtures>({
  baseURL: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL')
    await use(baseURL)
  },
})

// The embedded database serves one query at a time; with several workers a page can take a
// few seconds. Only the live-revocation checks keep their own 2 s limit.
export const expect = baseExpect.configure({ timeout: 15_000 })

/** Presses Tab until `target` has focus, as a keyboard-only user would. */
export async function tabTo(page: Page, target: import('@playwright/test').Locator, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Could not reach ${target.toString()} with Tab`)
}
