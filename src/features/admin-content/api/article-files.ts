import { useEffect } from 'react'
import { supabase } from '@/lib/supabase'
import { ARTICLE_IMAGES_BUCKET } from './upload-article-images'

type ArticleImages = { cover_image_url?: string | null; image_gallery_urls?: string[] | null; content?: string | null }

const PUBLIC_PATH = `/storage/v1/object/public/${ARTICLE_IMAGES_BUCKET}/`
const RENDER_PATH = `/storage/v1/render/image/public/${ARTICLE_IMAGES_BUCKET}/`

/** The object name behind a public (or transformed) URL of this project's article images, else null. */
export function articleImagePath(url: string, base = supabaseOrigin()): string | null {
  let parsed: URL
  try {
    parsed = new URL(url, base)
  } catch {
    return null
  }
  if (base && parsed.origin !== new URL(base).origin) return null
  for (const prefix of [PUBLIC_PATH, RENDER_PATH]) {
    const at = parsed.pathname.indexOf(prefix)
    if (at !== -1) return decodeURIComponent(parsed.pathname.slice(at + prefix.length))
  }
  return null
}

/** Every article image an article uses: cover, gallery and images inside its HTML. */
export function articleImagePaths(article: ArticleImages | null | undefined, base = supabaseOrigin()): Set<string> {
  const urls = [article?.cover_image_url, ...(article?.image_gallery_urls ?? [])]
  for (const match of (article?.content ?? '').matchAll(/\bsrc\s*=\s*["']([^"']+)["']/gi)) urls.push(match[1].replace(/&amp;/g, '&'))
  const paths = new Set<string>()
  for (const url of urls) {
    const path = url ? articleImagePath(url, base) : null
    if (path) paths.add(path)
  }
  return paths
}

export async function getArticleImages(id: string): Promise<ArticleImages | null> {
  const { data, error } = await supabase.from('articles').select('cover_image_url, image_gallery_urls, content').eq('id', id).maybeSingle()
  if (error) throw error
  return data
}

/**
 * Removes the files `before` used (and `extra`, such as pictures uploaded while editing) that
 * `after` no longer does. Storage lets any staff member delete an article image, whoever
 * uploaded it, but only while no article names it (migration 20261123200300), so a file whose URL
 * was copied into another article stays without asking here. A failure never fails the save:
 * the article is already right, the file is only left over.
 */
export async function removeUnusedArticleImages(
  before: ArticleImages | null,
  after: ArticleImages | null,
  extra: Iterable<string> = [],
) {
  const keep = articleImagePaths(after)
  const candidates = [...new Set([...articleImagePaths(before), ...extra])].filter((path) => !keep.has(path))
  if (candidates.length === 0) return
  const { error } = await supabase.storage.from(ARTICLE_IMAGES_BUCKET).remove(candidates)
  if (error) console.warn('Unused article images were not removed:', candidates, error)
}

/**
 * Removes the pictures uploaded into articles that were never saved (a closed tab), once they
 * are a day old and still unused (migration 20261123200500). Runs once per page load, when
 * staff open the content page; a failure only leaves the files for the next time.
 */
export async function sweepAbandonedArticleImages() {
  const { data, error } = await supabase.rpc('abandoned_article_images')
  if (error || !data || data.length === 0) return
  const { error: removeError } = await supabase.storage.from(ARTICLE_IMAGES_BUCKET).remove(data)
  if (removeError) console.warn('Abandoned article images were not removed:', removeError)
}

let sweptThisPageLoad = false

/** The sweep above, once per page load, for staff who may write articles. */
export function useSweepAbandonedArticleImages(enabled: boolean) {
  useEffect(() => {
    if (!enabled || sweptThisPageLoad) return
    sweptThisPageLoad = true
    void sweepAbandonedArticleImages()
  }, [enabled])
}

function supabaseOrigin(): string {
  return supabase.storage.from(ARTICLE_IMAGES_BUCKET).getPublicUrl('x').data.publicUrl.split('/storage/v1/')[0]
}
