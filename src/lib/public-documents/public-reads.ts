import { queryOptions } from '@tanstack/react-query'
import type { PublicApi } from '../public-api'
import { queryKeys } from '../query-keys'

/** Published documents, newest first; row-level security leaves drafts out. */
export async function getPublishedDocuments(api: PublicApi) {
  const { rows } = await api.select('public_documents', 'id,title,description,category,year,file_path,file_type,file_size,published_at', {
    // every published document fits one page of the list; the sitemap's limit as a bound
    query: { order: 'year.desc,published_at.desc,id.desc', limit: '50000' },
  })
  return rows
}

export type PublishedDocument = Awaited<ReturnType<typeof getPublishedDocuments>>[number]

export const publishedDocumentsQueryOptions = (api: PublicApi) =>
  queryOptions({ queryKey: queryKeys.documents.published(), queryFn: () => getPublishedDocuments(api) })
