import { randomUUID } from 'node:crypto'
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js'
import AxeBuilder from '@axe-core/playwright'
import ws from 'ws'
import type { Database } from '../../src/lib/database.types'
import { backend } from './backend'
import { deleteRows, UiCreated, type CleanedTable } from './cleanup'
import { gotoWaitsForHydration } from './hydration'

export { backend }

export const SUPERADMIN = {
  email: process.env.SUPERADMIN_EMAIL ?? 'super@example.com',
  password: process.env.SUPERADMIN_PASSWORD ?? 'rahasia123',
}

export const uniq = () => randomUUID().slice(0, 8)

export type TypedClient = SupabaseClient<Database>

export async function anonClient(baseURL: string): Promise<TypedClient> {
  const { url, anonKey } = await backend(baseURL)
  return createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
}

export async function signedIn(baseURL: string, email: string, password: string) {
  const supabase = await anonClient(baseURL)
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`sign-in ${email}: ${error.message}`)
  return { supabase, session: data.session, user: data.user }
}

let superadminPromise: Promise<{ supabase: TypedClient; id: string }> | null = null
function superadminSession(baseURL: string) {
  superadminPromise ??= signedIn(baseURL, SUPERADMIN.email, SUPERADMIN.password).then((c) => ({ supabase: c.supabase, id: c.user.id }))
  return superadminPromise
}
export async function superadmin(baseURL: string) {
  return (await superadminSession(baseURL)).supabase
}

export type ArticleInput = {
  title: string
  content: string
  category?: string | null
  cover_image_url?: string | null
  image_gallery_urls?: string[]
  created_at?: string
  published_at?: string | null
  image_captions?: Record<string, string>
  byline_hidden?: boolean
}

/** Inserts an article as the superadmin; returns its row. Tests take the `newArticle` fixture. */
export async function createArticle(baseURL: string, input: ArticleInput) {
  const { supabase, id } = await superadminSession(baseURL)
  const { data, error } = await supabase.from('articles').insert({ ...input, author_id: id }).select('*').single()
  if (error) throw new Error(`insert article: ${error.message}`)
  return data as { id: string; title: string; content: string; created_at: string; version: number }
}

/** Inserts many articles in one request as the superadmin; returns their rows in input order. */
export async function createArticles(baseURL: string, inputs: ArticleInput[]) {
  const { supabase, id } = await superadminSession(baseURL)
  const { data, error } = await supabase.from('articles').insert(inputs.map((input) => ({ ...input, author_id: id }))).select('id, title')
  if (error) throw new Error(`insert articles: ${error.message}`)
  const byTitle = new Map(data.map((row) => [row.title, row]))
  return inputs.map((input) => byTitle.get(input.title)!)
}

/** A publication time `seconds` before now: lists sort by it, newest first. */
export const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()

export type Role = 'superadmin' | 'admin' | 'user'
export type Status = 'pending' | 'approved' | 'rejected'
export type Account = { id: string; email: string; password: string; fullName: string; role: Role; status: Status }
export type AccountOptions = { role?: Exclude<Role, 'superadmin'>; status?: Status; fullName?: string }

/**
 * A real sign-up (the test server confirms automatically); the superadmin then sets role and status.
 * Tests take the `newAccount` fixture instead, which also deletes the account afterwards.
 */
export async function createAccount(
  baseURL: string,
  { role = 'user', status = 'approved', fullName }: AccountOptions = {},
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

export type GalleryInput = { name: string; description?: string | null }

/** Inserts a gallery as the superadmin; returns its id and name. Tests take the `newGallery` fixture. */
export async function createGallery(baseURL: string, input: GalleryInput) {
  const { data, error } = await (await superadmin(baseURL)).from('galleries').insert(input).select('id, name').single()
  if (error) throw new Error(`insert gallery: ${error.message}`)
  return data
}

/** Starts the page signed in by storing a real session where supabase-js keeps it. */
export async function seedSession(context: BrowserContext, baseURL: string, session: Session) {
  const { url } = await backend(baseURL)
  const storageKey = `sb-${new URL(url).hostname.split('.')[0]}-auth-token`
  await context.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('__seeded')) {
        window.localStorage.setItem(key, value)
        window.sessionStorage.setItem('__seeded', '1')
      }
    },
    [storageKey, JSON.stringify(session)] as const,
  )
}

export async function storedSessionKeys(page: Page) {
  return page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.endsWith('-auth-token')))
}

/** The visible toast with this title (sonner shows one at a time). */
export function toast(page: Page, title: string | RegExp) {
  return page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: title }).first()
}

export async function expectToast(page: Page, title: string, description?: string) {
  const item = toast(page, title)
  await expect(item).toBeVisible()
  if (description) await expect(item).toContainText(description)
}

export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, `axe violations on ${label}`).toEqual([])
}

export async function newPage(browser: Browser, baseURL: string, viewport: { width: number; height: number }, reducedMotion: 'reduce' | 'no-preference' = 'no-preference') {
  const context = await browser.newContext({ baseURL, viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta', reducedMotion })
  const page = await context.newPage()
  // the server draws each page first; a click before the app runs would go to no handler
  gotoWaitsForHydration(page)
  return { context, page }
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 1024

type ArticleRow = Awaited<ReturnType<typeof createArticle>>

/** A fixture that hands the test a creator and deletes everything it created once the test ends. */
function cleanedUp<Input, Row extends { id: string }>(
  table: CleanedTable,
  create: (baseURL: string, input: Input) => Promise<Row>,
) {
  return async ({ baseURL }: { baseURL: string }, use: (creator: (input: Input) => Promise<Row>) => Promise<void>) => {
    const ids: string[] = []
    await use(async (input) => {
      const row = await create(baseURL, input)
      ids.push(row.id)
      return row
    })
    await deleteRows(baseURL, table, ids)
  }
}

export const test = base.extend<{
  baseURL: string
  /** Creates an account for this test and deletes it after the test. */
  newAccount: (options?: AccountOptions) => Promise<Account>
  /** Inserts an article for this test and deletes it after the test. */
  newArticle: (input: ArticleInput) => Promise<ArticleRow>
  /** Inserts many articles in one request for this test and deletes them after the test. */
  newArticles: (inputs: ArticleInput[]) => Promise<{ id: string; title: string }[]>
  /** Inserts a gallery for this test and deletes it, photos and files included, after the test. */
  newGallery: (input: GalleryInput) => Promise<{ id: string; name: string }>
  /** Registers what the test creates through the UI (by title, name or e-mail); deleted after the test. */
  cleanup: UiCreated
}>({
  baseURL: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL')
    await use(baseURL)
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) gotoWaitsForHydration(page)
    await use(page)
  },
  newAccount: cleanedUp('profiles', createAccount),
  newArticle: cleanedUp('articles', createArticle),
  newGallery: cleanedUp('galleries', createGallery),
  newArticles: async ({ baseURL }, use) => {
    const ids: string[] = []
    await use(async (inputs) => {
      const rows = await createArticles(baseURL, inputs)
      ids.push(...rows.map((row) => row.id))
      return rows
    })
    await deleteRows(baseURL, 'articles', ids)
  },
  cleanup: async ({ baseURL }, use) => {
    const created = new UiCreated()
    await use(created)
    await created.deleteAll(baseURL)
  },
})

export { expect }
