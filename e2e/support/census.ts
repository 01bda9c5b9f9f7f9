import type { FullConfig } from '@playwright/test'
import { serviceClient } from './cleanup'

const TABLES = ['profiles', 'articles', 'galleries', 'gallery_photos', 'contacts', 'unit_posts', 'past_commanders', 'public_documents'] as const
const BUCKETS = ['article_images', 'gallery_photos', 'avatars', 'unit_photos', 'documents'] as const

type Census = Record<string, number>

async function countFiles(baseURL: string, bucket: string, prefix = ''): Promise<number> {
  const service = await serviceClient(baseURL)
  const { data, error } = await service.storage.from(bucket).list(prefix, { limit: 1000 })
  if (error) throw new Error(`list ${bucket}/${prefix}: ${error.message}`)
  let count = 0
  // A folder comes back without an id; its files are counted inside it.
  for (const item of data) count += item.id ? 1 : await countFiles(baseURL, bucket, `${prefix}${item.name}/`)
  return count
}

async function census(baseURL: string): Promise<Census> {
  const service = await serviceClient(baseURL)
  const counts: Census = {}
  for (const table of TABLES) {
    const { count, error } = await service.from(table).select('*', { count: 'exact', head: true })
    if (error) throw new Error(`count ${table}: ${error.message}`)
    counts[table] = count ?? 0
  }
  for (const bucket of BUCKETS) counts[`files in ${bucket}`] = await countFiles(baseURL, bucket)
  return counts
}

/**
 * Playwright's global setup: counts the rows and stored files before the specs run and, as the
 * teardown it returns, again after them. Every spec deletes what it created (the fixtures in
 * fixtures.ts), so a difference names a spec that leaves data behind for the next run to trip on.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL')
  const before = await census(baseURL)
  return async () => {
    const after = await census(baseURL)
    const left = Object.keys(before).filter((key) => after[key] !== before[key]).map((key) => `${key}: ${before[key]} before, ${after[key]} after`)
    if (left.length) throw new Error(`The e2e specs did not leave the database as they found it:\n${left.join('\n')}`)
  }
}
