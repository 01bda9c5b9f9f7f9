import type { Database } from '@/lib/database.types'

export type Article = Database['public']['Tables']['articles']['Row']

/**
 * What a card shows: lists read these columns only (the excerpt is computed by the database).
 * Dates are the publication's (issue 25's one date rule), never the draft's creation.
 */
export const CARD_COLUMNS = 'id,title,category,cover_image_url,excerpt,published_at'

export type ArticleCardData = Pick<Article, 'id' | 'title' | 'category' | 'cover_image_url' | 'excerpt' | 'published_at'>

/** The article page: everything but the search vector and the excerpt. */
export const DETAIL_COLUMNS = 'id,title,category,content,cover_image_url,image_gallery_urls,image_captions,published_at,updated_at'

export type ArticleDetail = Pick<
  Article,
  'id' | 'title' | 'category' | 'content' | 'cover_image_url' | 'image_gallery_urls' | 'published_at' | 'updated_at'
> & {
  /** Caption per picture URL. */
  image_captions: Record<string, string>
  /** The public byline: the author's name, or 'Penerangan Skadron'. */
  byline: string
}

/** A previous/next link. */
export type ArticleLink = Pick<Article, 'id' | 'title'>
