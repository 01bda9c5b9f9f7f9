// The one date rule of the public site (issue 25): every list, card, article page, feed, sitemap
// and structured data shows and sorts by the publication time (published_at). Relative imports
// only: the site server imports this file too.

/**
 * An edit counts as an update only this long after publication: publishing stamps published_at
 * from the editor's clock and updated_at from the database's, and a fix made in the same minutes
 * as the publication is part of publishing it.
 */
export const UPDATE_NOTICE_AFTER_MS = 10 * 60 * 1000

export type DatedArticle = { published_at: string | null; updated_at?: string | null }

export type ArticleDates = {
  /** When the article went (or goes) public; null for a draft. */
  published: string | null
  /** When it was last changed after publication, or null when it was not. */
  updated: string | null
}

export function articleDates({ published_at, updated_at }: DatedArticle): ArticleDates {
  if (!published_at) return { published: null, updated: null }
  const published = Date.parse(published_at)
  const updated = updated_at ? Date.parse(updated_at) : Number.NaN
  return {
    published: published_at,
    updated: updated - published > UPDATE_NOTICE_AFTER_MS ? (updated_at ?? null) : null,
  }
}

/** schema.org's dateModified: the update if there was one, else the publication. */
export function lastModified(article: DatedArticle): string | null {
  const { published, updated } = articleDates(article)
  return updated ?? published
}
