// schema.org NewsArticle for an article page and the renditions of its cover that search engines
// and link previews ask for. Relative imports only: the site server imports this file too.
import { site } from '../../../content/site'
import { articleDates, lastModified, type DatedArticle } from './article-dates'

const OBJECT_PATH = '/storage/v1/object/public/'
const RENDER_PATH = '/storage/v1/render/image/public/'


/** 1x1, 4x3 and 16x9 at 1200 px wide, as Google asks for a NewsArticle's images. */
export const STRUCTURED_DATA_IMAGES = [
  { width: 1200, height: 1200 },
  { width: 1200, height: 900 },
  { width: 1200, height: 675 },
] as const

/**
 * A picture from this project's storage cropped to width x height through its rendition
 * endpoint; a picture elsewhere (another host, a local default) as it is.
 */
export function renditionUrl(url: string, width: number, height: number): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  const object = parsed.pathname.indexOf(OBJECT_PATH)
  if (object !== -1) {
    parsed.pathname = parsed.pathname.slice(0, object) + RENDER_PATH + parsed.pathname.slice(object + OBJECT_PATH.length)
  } else if (!parsed.pathname.includes(RENDER_PATH)) {
    return url
  }
  parsed.search = new URLSearchParams({ width: String(width), height: String(height), resize: 'cover' }).toString()
  return parsed.href
}

export type StructuredArticle = DatedArticle & {
  title: string
  description: string
  cover_image_url: string | null
  byline: string
}

/** The NewsArticle of one published article; `url` is its canonical address. */
export function newsArticleJsonLd(article: StructuredArticle, url: string, origin: string): Record<string, unknown> {
  const { published } = articleDates(article)
  const cover = article.cover_image_url ?? `${origin}/images/articles/default-og.jpg`
  const unit = { '@type': 'Organization', name: site.name, url: origin }
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    headline: article.title.slice(0, 110),
    description: article.description,
    image: STRUCTURED_DATA_IMAGES.map(({ width, height }) => renditionUrl(cover, width, height)),
    datePublished: published,
    dateModified: lastModified(article),
    author: article.byline === UNIT_BYLINE ? unit : { '@type': 'Person', name: article.byline },
    publisher: { ...unit, logo: { '@type': 'ImageObject', url: `${origin}/images/brand/logo-512.png`, width: 512, height: 512 } },
    inLanguage: 'id-ID',
  }
}

/** The byline of an article whose author is not named (matches public.article_byline()). */
export const UNIT_BYLINE = 'Penerangan Skadron'

/**
 * JSON for a `<script type="application/ld+json">` block: "<" escaped so no text in an article
 * can close the element; browsers never run the block (it is data), so the CSP needs no hash.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
