import type { Database } from '@/lib/database.types'

export type Article = Database['public']['Tables']['articles']['Row']

/** What a card shows: lists read these columns only (the excerpt is computed by the database). */
export const CARD_COLUMNS = 'id,title,category,cover_image_url,excerpt,created_at,published_at'

export type ArticleCardData = Pick<Article, 'id' | 'title' | 'category' | 'cover_image_url' | 'excerpt' | 'created_at' | 'published_at'>

/** The article page: everything but the search vector and the excerpt. */
export const DETAIL_COLUMNS = 'id,title,category,content,cover_image_url,image_gallery_urls,created_at,published_at,updated_at'

export type ArticleDetail = Pick<
  Article,
  'id' | 'title' | 'category' | 'content' | 'cover_image_url' | 'image_gallery_urls' | 'created_at' | 'published_at' | 'updated_at'
>

/** A previous/next link. */
export type ArticleLink = Pick<Article, 'id' | 'title'>
