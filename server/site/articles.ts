import { isUuid } from '../http/uuid.ts';
import type { SiteApi } from './api.ts';

export interface ArticleMeta {
  id: string;
  title: string;
  content: string;
  cover_image_url: string | null;
  published_at: string | null;
  updated_at: string;
  /** The public byline (author's name or the unit's press office). */
  byline: string;
}

/** Through the public REST API with the anon key, so the HTML never shows what the API would not. */
export async function findArticle(api: SiteApi, id: string): Promise<ArticleMeta | undefined> {
  if (!isUuid(id)) return undefined;
  const [rows, bylines] = await Promise.all([
    api.get<Omit<ArticleMeta, 'byline'>>('articles', {
      select: 'id,title,content,cover_image_url,published_at,updated_at',
      id: `eq.${id}`,
    }),
    api.get<string>('rpc/article_byline', { article_id: id }),
  ]);
  return rows[0] && { ...rows[0], byline: bylines[0] ?? '' };
}
