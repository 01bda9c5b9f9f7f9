import { isUuid } from '../http/uuid.ts';
import type { SiteApi } from './api.ts';

export interface ArticleMeta {
  id: string;
  title: string;
  content: string;
  cover_image_url: string | null;
  updated_at: string;
}

/** Through the public REST API with the anon key, so the HTML never shows what the API would not. */
export async function findArticle(api: SiteApi, id: string): Promise<ArticleMeta | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await api.get<ArticleMeta>('articles', {
    select: 'id,title,content,cover_image_url,updated_at',
    id: `eq.${id}`,
  });
  return rows[0];
}
