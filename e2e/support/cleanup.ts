import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { loadKeys } from '../../server/keys.ts'
import type { Database } from '../../src/lib/database.types'
import { backend } from './backend'

type TypedClient = SupabaseClient<Database>

/**
 * Teardown runs as service_role, as an operator's script would: it sees and deletes every row
 * and file whatever the policies say, so a test that changed roles or statuses cannot leave
 * something behind that its own account may no longer delete. The key is the server's own,
 * derived from the secret in the data directory playwright.config.ts handed to the server.
 */
let servicePromise: Promise<TypedClient> | null = null
export function serviceClient(baseURL: string): Promise<TypedClient> {
  servicePromise ??= (async () => {
    const dataDir = process.env.E2E_DATA_DIR
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)')
    const { serviceKey } = await loadKeys(dataDir, process.env.JWT_SECRET)
    const { url } = await backend(baseURL)
    return createClient<Database>(url, serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    })
  })()
  return servicePromise
}

export type CleanedTable = 'profiles' | 'articles' | 'galleries' | 'contacts'

const FOLDER_BUCKETS: Partial<Record<CleanedTable, string>> = { galleries: 'gallery_photos' }
const ARTICLE_FILE = /\/storage\/v1\/(?:object|render\/image)\/public\/article_images\/([^?#]+)/
const AVATAR_FILE = /\/storage\/v1\/(?:object|render\/image)\/public\/avatars\/([^?#]+)/

async function removeFiles(service: TypedClient, bucket: string, names: string[]) {
  if (!names.length) return
  const { error } = await service.storage.from(bucket).remove(names)
  if (error) throw new Error(`clean up ${bucket}: ${error.message}`)
}

const fileNames = (urls: (string | null | undefined)[], pattern: RegExp) =>
  urls.flatMap((url) => {
    const match = url ? pattern.exec(url) : null
    return match ? [decodeURIComponent(match[1])] : []
  })

// Pictures placed in an article's text (uploaded from the editor) are referenced only there.
const bodyImages = (html: string) => [...html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1])

/**
 * Deletes rows a test created, and the files they own: a gallery's folder of photos, an article's
 * cover, gallery and body images, an account's avatar. A row the test deleted itself is fine. A profile
 * takes its auth user along (trigger); a gallery its photo rows (foreign key).
 */
export async function deleteRows(baseURL: string, table: CleanedTable, ids: string[]) {
  if (!ids.length) return
  const service = await serviceClient(baseURL)
  const bucket = FOLDER_BUCKETS[table]
  if (bucket) {
    for (const id of ids) {
      const { data: files } = await service.storage.from(bucket).list(id)
      await removeFiles(service, bucket, (files ?? []).map((file) => `${id}/${file.name}`))
    }
  }
  if (table === 'articles') {
    const { data } = await service.from('articles').select('cover_image_url, image_gallery_urls, content').in('id', ids)
    const urls = (data ?? []).flatMap((a) => [a.cover_image_url, ...(a.image_gallery_urls ?? []), ...bodyImages(a.content)])
    await removeFiles(service, 'article_images', fileNames(urls, ARTICLE_FILE))
  }
  if (table === 'profiles') {
    const { data } = await service.from('profiles').select('avatar_url').in('id', ids)
    await removeFiles(service, 'avatars', fileNames((data ?? []).map((p) => p.avatar_url), AVATAR_FILE))
  }
  const { error } = await service.from(table).delete().in('id', ids)
  if (error) throw new Error(`clean up ${table}: ${error.message}`)
}

/** Which column names what the UI created: the title, name or e-mail address the test typed. */
const KEY_COLUMN = { articles: 'title', galleries: 'name', profiles: 'email', contacts: 'email' } as const

/**
 * Rows a test creates through the UI, where it never learns their ids: it registers the title,
 * name or address it typed, and the fixture deletes whatever carries it once the test ends
 * (passed or failed). Tests use the `cleanup` fixture from e2e/support/fixtures.ts.
 */
export class UiCreated {
  private readonly keys: Record<keyof typeof KEY_COLUMN, Set<string>> = {
    articles: new Set(),
    galleries: new Set(),
    profiles: new Set(),
    contacts: new Set(),
  }

  private register(table: keyof typeof KEY_COLUMN, value: string) {
    this.keys[table].add(value)
    return value
  }

  article = (title: string) => this.register('articles', title)
  gallery = (name: string) => this.register('galleries', name)
  account = (email: string) => this.register('profiles', email)
  message = (email: string) => this.register('contacts', email)

  async deleteAll(baseURL: string) {
    const service = await serviceClient(baseURL)
    for (const table of Object.keys(KEY_COLUMN) as (keyof typeof KEY_COLUMN)[]) {
      const values = [...this.keys[table]]
      if (!values.length) continue
      const { data, error } = await service.from(table).select('id').in(KEY_COLUMN[table], values)
      if (error) throw new Error(`find ${table} to clean up: ${error.message}`)
      await deleteRows(baseURL, table, data.map((row) => String(row.id)))
    }
  }
}
