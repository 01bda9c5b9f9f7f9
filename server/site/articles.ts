import type { ServerContext } from '../context.ts';
import { asRequest } from '../db/request-context.ts';
import { isUuid } from '../http/uuid.ts';

export interface ArticleMeta {
  id: string;
  title: string;
  content: string;
  cover_image_url: string | null;
  updated_at: string;
}


/** Reads as the anonymous role, so the HTML never shows what the API would not. */
export async function findArticle(ctx: ServerContext, id: string): Promise<ArticleMeta | undefined> {
  if (!isUuid(id)) return undefined;
  return asRequest(ctx.db, { claims: { role: 'anon' }, readOnly: true }, async (tx) => {
    const { rows } = await tx.query<ArticleMeta>(
      'select id, title, content, cover_image_url, updated_at from public.articles where id = $1',
      [id],
    );
    return rows[0];
  });
}

export async function listArticlesForSitemap(ctx: ServerContext): Promise<{ id: string; updated_at: string }[]> {
  return asRequest(ctx.db, { claims: { role: 'anon' }, readOnly: true }, async (tx) => {
    const { rows } = await tx.query<{ id: string; updated_at: string }>(
      `select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
       from public.articles order by created_at desc limit 5000`,
    );
    return rows;
  });
}
