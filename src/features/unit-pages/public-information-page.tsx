import { paths } from '@/lib/paths'
import type { LoaderArgs } from '@/lib/route-module'
import { publishedDocumentsQueryOptions } from '@/lib/public-documents/public-reads'
import { DocumentList } from './components/document-list'
import { informationRoute } from './information-page'

const route = informationRoute(paths.publicInformation, DocumentList, { id: 'dokumen', label: 'Lihat Daftar Dokumen Informasi Publik' })

export const { Component, meta } = route

/** The page's text and the published documents, both before the server renders. */
export async function loader(args: LoaderArgs) {
  const [page] = await Promise.all([
    route.loader!(args),
    args.queryClient.fetchQuery(publishedDocumentsQueryOptions(args.context.api)),
  ])
  return page
}
