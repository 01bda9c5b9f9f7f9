import type { Database } from '@/lib/database.types'

export type Article = Database['public']['Tables']['articles']['Row']

/** What a card shows: lists read these columns only (the excerpt is computed by the database). */
export const CARD_COLUMNS = 'id,title,category,cover_image_url,excerpt,created_at,published_at'

export type ArticleCardData = Pick<Article, 'id' | 'title' | 'category' | 'cover_image_url' | 'excerpt' | 'created_at' | 'published_at'>
